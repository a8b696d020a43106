// CSR construction, label enumeration and degree counting on each backend, against a
// reference CSR built from the family interface alone (rank, unrank, for_each_neighbor)
// with the shared small-graph builder, and label sums computed by unranking one by one.
#include "kernels/graph/csr.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;

/// The small instances of every family, graphs at the edges, and the larger ones the GPU
/// backend was first compared on (up to 17,711 nodes): big enough for many thread blocks,
/// small enough for the reference.
std::vector<families::family> csr_instances() {
  auto v = test::small_instances();
  // The edges: one node (the 1-bit words without "1"), self-loops (DDB(1): 0 -> 0, 1 -> 1).
  v.push_back(families::linear_recursive::avoiding(1, "1"));
  v.push_back(families::de_bruijn::make(1, true));
  v.push_back(families::de_bruijn::make(1, false));
  for (families::family f : {families::family(families::hypercube::make(12)),
                             families::family(families::postal_network::make(2, 20)),
                             families::family(families::postal_network::make(4, 24)),
                             families::family(families::enhanced_fibonacci_cube::make(18)),
                             families::family(families::metacube::make(2, 2)),
                             families::family(families::metacube::make(1, 5, true)),
                             families::family(families::de_bruijn::make(14, true)),
                             families::family(families::de_bruijn::make(13, false)),
                             families::family(families::linear_recursive::from_generator(18, "1101")),
                             families::family(families::linear_recursive::avoiding(18, "0110"))})
    v.push_back(f);
  return v;
}

/// The family's graph from its interface: node i is unrank(i), an arc per neighbor.
graph::csr_graph reference_csr(const families::family& fam) {
  return std::visit(
      [](const auto& f) {
        graph::edge_list arcs;
        std::vector<uint64_t> labels;
        for (uint64_t i = 0; i < f.size(); ++i) {
          labels.push_back(f.unrank(i));
          f.for_each_neighbor(labels.back(), [&](uint64_t y) {
            const uint64_t j = f.rank(y);
            if (f.directed() || i < j) arcs.emplace_back(i, j);
          });
        }
        return graph::from_edges(f.size(), arcs, f.directed(), labels);
      },
      fam);
}

/// Sum of all labels, unranked one at a time.
uint64_t reference_checksum(const families::family& fam) {
  return std::visit(
      [](const auto& f) {
        uint64_t sum = 0;
        for (uint64_t i = 0; i < f.size(); ++i) sum += f.unrank(i);
        return sum;
      },
      fam);
}

class CsrOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(CsrOn);

TEST_P(CsrOn, EqualsTheGraphOfTheFamilyInterface) {
  for (const auto& fam : csr_instances()) {
    const graph::csr_graph want = reference_csr(fam);
    const graph::csr_graph g = graph::build_csr(this->backend, fam);
    const std::string what = "N = " + std::to_string(want.nodes);
    const auto fields = [](const graph::csr_graph& x) {
      return std::tie(x.nodes, x.directed, x.labels, x.offsets, x.targets, x.in_offsets, x.in_sources);
    };
    EXPECT_TRUE(fields(g) == fields(want)) << what;
  }
}

TEST_P(CsrOn, EnumerationCountsEqualTheReferenceCounts) {
  // Every field of the summary, compared (and printed on failure) as one tuple.
  const auto fields = [](const graph::degree_summary& x) {
    return std::tie(x.nodes, x.arcs, x.edges, x.degree_min, x.degree_max, x.degree_histogram, x.in_degree_min,
                    x.in_degree_max, x.in_degree_histogram);
  };
  for (const auto& fam : csr_instances()) {
    const auto a = graph::count_degrees(this->backend, fam);
    const auto b = graph::summarize(reference_csr(fam));
    EXPECT_EQ(fields(a), fields(b)) << "N = " << b.nodes;
  }
}

TEST_P(CsrOn, LabelsEnumerateInIncreasingOrder) {
  const auto fam = families::postal_network::make(2, 16);
  const auto labels = graph::enumerate_labels(this->backend, fam);
  ASSERT_EQ(labels.size(), 2584u);
  EXPECT_TRUE(std::is_sorted(labels.begin(), labels.end()));
  EXPECT_EQ(std::adjacent_find(labels.begin(), labels.end()), labels.end());
  // 832,040 labels: many chunks on either backend.
  const auto big = families::postal_network::make(2, 28);
  EXPECT_EQ(graph::enumerate_labels(this->backend, big), test::labels_of(big));
}

TEST_P(CsrOn, LabelChecksumIsTheSumOfUnrankedLabels) {
  auto fams = test::small_instances();
  fams.push_back(families::postal_network::make(2, 26));
  fams.push_back(families::enhanced_fibonacci_cube::make(26));
  fams.push_back(families::linear_recursive::avoiding(25, "101"));
  for (const auto& fam : fams) EXPECT_EQ(graph::label_checksum(this->backend, fam), reference_checksum(fam));
}

TEST_P(CsrOn, RefusesGraphsBeyondThirtyTwoBitIndices) {
  try {
    graph::build_csr(this->backend, families::hypercube::make(40));
    FAIL() << "expected graph_too_large";
  } catch (const graph::graph_too_large& e) {
    EXPECT_NE(std::string(e.what()).find("N = 1099511627776"), std::string::npos) << e.what();
  }
}

}  // namespace
