// The `bisection` check's record and options: exact where N is small, labelled so, with a
// witness side named by labels that crosses that many edges; the coordinate cuts' bound
// labelled as an upper bound beyond; closed forms of Q(n) and an even torus; every bad
// option refused as input_error before any work.
#include <gtest/gtest.h>

#include <algorithm>

#include "host/checks/bisection_check.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "kernels/graph/bisection.hpp"
#include "kernels/graph/bisection_metis.hpp"

namespace {

using namespace tv;

TEST(BisectionCheck, ExactOnQ4WithItsWitness) {
  const auto inst = host::make_instance("hypercube", {{"n", "4"}});
  const auto b = host::run_checks(inst, {"bisection"}, core::backend::cpu)["bisection"];
  EXPECT_EQ(b["width"], 8);  // 2^(n-1)
  EXPECT_EQ(b["method"], "exact");
  EXPECT_EQ(b["exact_width"], 8);
  EXPECT_EQ(b["coordinate_cut_width"], 8);
  EXPECT_EQ(b["halves"], nlohmann::ordered_json::array({8, 8}));
  EXPECT_EQ(b["counted"], "edges crossing");
  // The witness side, read back from its labels, crosses 8 edges.
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  std::vector<char> in_first(g.nodes, 0);
  ASSERT_EQ(b["exact_side"].size(), 8u);
  for (const auto& v : b["exact_side"]) {
    ASSERT_EQ(v.get<std::string>().size(), 4u);
    const uint64_t label = host::parse_bits(v.get<std::string>());
    in_first[std::find(g.labels.begin(), g.labels.end(), label) - g.labels.begin()] = 1;
  }
  EXPECT_EQ(graph::cut_width(g, in_first), 8u);
  EXPECT_EQ(b["splits"], 6435);  // C(15, 8): the last node stays out of the enumerated half
}

TEST(BisectionCheck, UpperBoundBeyondTheExactLimit) {
  const auto q5 = host::make_instance("hypercube", {{"n", "5"}});
  const auto b = host::run_checks(q5, {"bisection"}, core::backend::cpu)["bisection"];
  EXPECT_EQ(b["width"], 16);
  EXPECT_EQ(b["method"], "upper bound (coordinate cut)");
  EXPECT_TRUE(b["exact_width"].is_null());
  EXPECT_FALSE(b.contains("exact_side"));
  EXPECT_EQ(b["coordinate_cut"], "label order (the first floor(N/2) labels)");
  EXPECT_EQ(b["coordinate_cuts_tried"], 11);  // label order and 5 bits both ways
  EXPECT_NE(b["exact_note"].get<std::string>().find("exact_max_nodes = 24"), std::string::npos);
  // The torus C_6^2 (36 nodes): 2 k^(n-1) = 12 along a digit.
  const auto torus = host::make_instance("torus", {{"k", "6"}, {"n", "2"}});
  const auto t = host::run_checks(torus, {"bisection"}, core::backend::cpu)["bisection"];
  EXPECT_EQ(t["width"], 12);
  EXPECT_EQ(t["method"], "upper bound (coordinate cut)");
  // Asked to, the check enumerates up to 30 nodes; 0 turns it off.
  const auto q3 = host::make_instance("hypercube", {{"n", "3"}});
  EXPECT_EQ(host::run_checks(q3, {"bisection"}, core::backend::cpu, {{"bisection", {{"exact_max_nodes", 0}}}})
                ["bisection"]["method"],
            "upper bound (coordinate cut)");
}

TEST(BisectionCheck, DirectedCountsArcsBothWays) {
  const auto kautz = host::make_instance("kautz", {{"d", "2"}, {"k", "2"}});
  const auto b = host::run_checks(kautz, {"bisection"}, core::backend::cpu)["bisection"];
  EXPECT_EQ(b["counted"], "arcs crossing in either direction");
  EXPECT_EQ(b["method"], "exact");
  EXPECT_LE(b["exact_width"].get<uint64_t>(), b["coordinate_cut_width"].get<uint64_t>());
  EXPECT_NE(b["coordinate_cut"].get<std::string>().find("label"), std::string::npos);
}

TEST(BisectionCheck, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  for (const nlohmann::json& bad : {nlohmann::json{{"exact_max_nodes", 31}}, nlohmann::json{{"exact_max_nodes", -1}},
                                    nlohmann::json{{"exact_max_nodes", "24"}}, nlohmann::json{{"exact", true}},
                                    nlohmann::json::array()}) {
    EXPECT_THROW(host::validate_bisection_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("bisection"), bad, &inst), host::input_error)
        << bad.dump();
  }
  EXPECT_EQ(host::parse_bisection_options({{"exact_max_nodes", 30}}).exact_max_nodes, 30u);
}

// A Slim Fly's labels are indices: its label-order cut crosses 729 edges, METIS's balanced
// cut fewer, which becomes the width, labelled as what it is.  Off on request, or
// without METIS, the record says why.
TEST(BisectionCheck, MetisBoundWhereCoordinatesSayNothing) {
  const auto fq = host::make_instance("slimfly", {{"q", "9"}});
  const auto off = host::run_checks(fq, {"bisection"}, core::backend::cpu, {{"bisection", {{"multilevel", false}}}})["bisection"];
  EXPECT_EQ(off["method"], "upper bound (coordinate cut)");
  EXPECT_TRUE(off["multilevel_cut_width"].is_null());
  EXPECT_EQ(off["multilevel_cut"], "not asked for (multilevel = false)");
  const auto b = host::run_checks(fq, {"bisection"}, core::backend::cpu)["bisection"];
  if (!graph::metis_available()) {
    EXPECT_EQ(b["multilevel_cut"], "this build has no METIS (libmetis-dev)");
    GTEST_SKIP() << "this build has no METIS";
  }
  EXPECT_EQ(b["coordinate_cut_width"], 729);
  EXPECT_LT(b["multilevel_cut_width"].get<uint64_t>(), 729u);
  EXPECT_EQ(b["width"], b["multilevel_cut_width"]);
  EXPECT_EQ(b["method"], "upper bound (METIS multilevel cut)");
  EXPECT_NE(b["multilevel_cut"].get<std::string>().find("METIS multilevel recursive bisection (seed 1)"), std::string::npos);
}

}  // namespace
