// CSR construction against adjacency computed directly from the family interface, and
// degree counts from enumeration against counts from the CSR.
#include "kernels/graph/csr.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/support.hpp"

namespace {

using namespace tv;

TEST(Csr, RowsAreTheSortedNeighborRanks) {
  for (const auto& fam : test::small_instances()) {
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, fam);
    std::visit(
        [&](const auto& f) {
          ASSERT_EQ(g.nodes, f.size());
          ASSERT_EQ(g.offsets.size(), g.nodes + 1);
          for (uint64_t i = 0; i < g.nodes; ++i) {
            ASSERT_EQ(g.labels[i], f.unrank(i));
            std::vector<uint32_t> want;
            f.for_each_neighbor(f.unrank(i), [&](uint64_t y) { want.push_back(uint32_t(f.rank(y))); });
            std::sort(want.begin(), want.end());
            std::vector<uint32_t> got(g.targets.begin() + g.offsets[i],
                                      g.targets.begin() + g.offsets[i + 1]);
            ASSERT_EQ(got, want) << "row " << i;
          }
        },
        fam);
  }
}

TEST(Csr, UndirectedRowsAreSymmetricAndDirectedInArcsReverseOutArcs) {
  for (const auto& fam : test::small_instances()) {
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, fam);
    std::vector<std::vector<uint32_t>> rev(g.nodes);
    for (uint64_t u = 0; u < g.nodes; ++u)
      for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) rev[g.targets[a]].push_back(uint32_t(u));
    for (uint64_t v = 0; v < g.nodes; ++v) {
      std::sort(rev[v].begin(), rev[v].end());
      if (g.directed) {
        std::vector<uint32_t> got(g.in_sources.begin() + g.in_offsets[v],
                                  g.in_sources.begin() + g.in_offsets[v + 1]);
        ASSERT_EQ(got, rev[v]) << "in-arcs of " << v;
      } else {
        std::vector<uint32_t> got(g.targets.begin() + g.offsets[v], g.targets.begin() + g.offsets[v + 1]);
        ASSERT_EQ(got, rev[v]) << "row " << v << " is not symmetric";
      }
    }
  }
}

TEST(Csr, EnumerationCountsEqualCsrCounts) {
  for (const auto& fam : test::small_instances()) {
    const auto a = graph::count_degrees(core::backend::cpu, fam);
    const auto b = graph::summarize(graph::build_csr(core::backend::cpu, fam));
    EXPECT_EQ(a.nodes, b.nodes);
    EXPECT_EQ(a.arcs, b.arcs);
    EXPECT_EQ(a.edges, b.edges);
    EXPECT_EQ(a.degree_min, b.degree_min);
    EXPECT_EQ(a.degree_max, b.degree_max);
    EXPECT_EQ(a.degree_histogram, b.degree_histogram);
    EXPECT_EQ(a.in_degree_histogram, b.in_degree_histogram);
  }
}

TEST(Csr, LabelsEnumerateInIncreasingOrder) {
  const auto fam = families::postal_network::make(2, 16);
  const auto labels = graph::enumerate_labels(core::backend::cpu, fam);
  ASSERT_EQ(labels.size(), 2584u);
  EXPECT_TRUE(std::is_sorted(labels.begin(), labels.end()));
  EXPECT_EQ(std::adjacent_find(labels.begin(), labels.end()), labels.end());
}

TEST(Csr, LabelChecksumIsTheSumOfEnumeratedLabels) {
  for (const auto& fam : test::small_instances()) {
    uint64_t sum = 0;
    for (uint64_t x : graph::enumerate_labels(core::backend::cpu, fam)) sum += x;
    EXPECT_EQ(graph::label_checksum(core::backend::cpu, fam), sum);
  }
}

TEST(Csr, RefusesGraphsBeyondThirtyTwoBitIndices) {
  try {
    graph::build_csr(core::backend::cpu, families::hypercube::make(40));
    FAIL() << "expected graph_too_large";
  } catch (const graph::graph_too_large& e) {
    EXPECT_NE(std::string(e.what()).find("N = 1099511627776"), std::string::npos) << e.what();
  }
}

}  // namespace
