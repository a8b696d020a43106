// The memory plan's arc counts from closed forms against the CSR graph that enumeration
// builds (the ground truth), over every small instance of the families that have a form.
#include "kernels/families/arc_count.hpp"

#include <gtest/gtest.h>

#include "kernels/graph/csr.hpp"

namespace {

using namespace tv::families;

uint64_t built_arcs(const family& f) { return tv::graph::build_csr(tv::core::backend::cpu, f).arcs(); }

void expect_formula_matches(const family& f, const std::string& name) {
  const auto arcs = arcs_by_formula(f);
  ASSERT_TRUE(arcs.has_value()) << name;
  EXPECT_EQ(*arcs, built_arcs(f)) << name;
}

TEST(ArcCount, PostalFormulaEqualsTheBuiltGraph) {
  for (int lambda = 1; lambda <= 6; ++lambda)
    for (int n = 1; n <= 16; ++n)
      expect_formula_matches(postal_network::make(lambda, n),
                             "PN_" + std::to_string(lambda) + "(" + std::to_string(n) + ")");
}

TEST(ArcCount, HypercubeAndMetacubeAreRegular) {
  for (int n = 1; n <= 12; ++n) expect_formula_matches(hypercube::make(n), "Q" + std::to_string(n));
  for (int k = 0; k <= 2; ++k)
    for (int m = 1; m <= 3; ++m)
      expect_formula_matches(metacube::make(k, m), "MC(" + std::to_string(k) + "," + std::to_string(m) + ")");
}

TEST(ArcCount, DeBruijnDirectedAndUndirected) {
  for (int k = 1; k <= 12; ++k) {
    expect_formula_matches(de_bruijn::make(k, true), "DDB(" + std::to_string(k) + ")");
    expect_formula_matches(de_bruijn::make(k, false), "UDB(" + std::to_string(k) + ")");
  }
}

TEST(ArcCount, TheComparatorsAreRegular) {
  for (int n = 2; n <= 12; ++n) expect_formula_matches(folded_hypercube::make(n), "FQ" + std::to_string(n));
  for (int k = 2; k <= 7; ++k)
    for (int n = 1; n <= 4; ++n)
      expect_formula_matches(torus::make(k, n), "C_" + std::to_string(k) + "^" + std::to_string(n));
  for (int d = 2; d <= 4; ++d)
    for (int k = 1; k <= 5; ++k)
      expect_formula_matches(kautz::make(d, k), "K(" + std::to_string(d) + "," + std::to_string(k) + ")");
  for (int n = 2; n <= 7; ++n) expect_formula_matches(star_graph::make(n), "S_" + std::to_string(n));
  for (int d = 2; d <= 5; ++d)
    for (int k = 1; k <= 4; ++k)
      for (bool directed : {true, false})
        expect_formula_matches(dary_de_bruijn::make(d, k, directed), "B(" + std::to_string(d) + "," + std::to_string(k) + ")");
}

TEST(ArcCount, FamiliesWithoutAFormGiveNone) {
  EXPECT_FALSE(arcs_by_formula(enhanced_fibonacci_cube::make(8)).has_value());
  EXPECT_FALSE(arcs_by_formula(linear_recursive::from_generator(6, "11")).has_value());
}

}  // namespace
