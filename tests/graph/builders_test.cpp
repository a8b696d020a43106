// The small-graph builders (kernels/graph/builders.hpp) on graphs drawn here, each row
// written out by hand from the picture.
#include "kernels/graph/builders.hpp"

#include <gtest/gtest.h>

namespace {

using namespace tv;

std::vector<uint32_t> row(const graph::csr_graph& g, uint64_t v) {
  return {g.targets.begin() + g.offsets[v], g.targets.begin() + g.offsets[v + 1]};
}
std::vector<uint32_t> in_row(const graph::csr_graph& g, uint64_t v) {
  return {g.in_sources.begin() + g.in_offsets[v], g.in_sources.begin() + g.in_offsets[v + 1]};
}

//   0 --- 1        3 (a loop)
//    \   /
//     \ /
//      2
TEST(Builders, UndirectedEdgesGoBothWaysAndALoopOnce) {
  const auto g = graph::from_edges(4, {{1, 0}, {0, 2}, {2, 1}, {3, 3}, {0, 1}});
  EXPECT_FALSE(g.directed);
  EXPECT_EQ(g.nodes, 4u);
  EXPECT_EQ(g.labels, (std::vector<uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(row(g, 0), (std::vector<uint32_t>{1, 2}));  // {0, 1} given twice counts once
  EXPECT_EQ(row(g, 1), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(row(g, 2), (std::vector<uint32_t>{0, 1}));
  EXPECT_EQ(row(g, 3), (std::vector<uint32_t>{3}));
  EXPECT_TRUE(g.in_offsets.empty());
}

//   0 --> 1 --> 2        2 --> 2 (a loop)
//   ^           |
//   +-----------+
TEST(Builders, DirectedArcsAndTheirInArcs) {
  const auto g = graph::from_edges(3, {{0, 1}, {1, 2}, {2, 0}, {2, 2}}, true, {10, 20, 30});
  EXPECT_TRUE(g.directed);
  EXPECT_EQ(g.labels, (std::vector<uint64_t>{10, 20, 30}));
  EXPECT_EQ(row(g, 0), (std::vector<uint32_t>{1}));
  EXPECT_EQ(row(g, 1), (std::vector<uint32_t>{2}));
  EXPECT_EQ(row(g, 2), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(in_row(g, 0), (std::vector<uint32_t>{2}));
  EXPECT_EQ(in_row(g, 1), (std::vector<uint32_t>{0}));
  EXPECT_EQ(in_row(g, 2), (std::vector<uint32_t>{1, 2}));
}

TEST(Builders, EmptyAndSingleNodeGraphs) {
  const auto none = graph::from_edges(0, {});
  EXPECT_EQ(none.nodes, 0u);
  EXPECT_EQ(none.offsets, (std::vector<uint64_t>{0}));
  const auto one = graph::from_edges(1, {}, true);
  EXPECT_EQ(one.offsets, (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(one.in_offsets, (std::vector<uint64_t>{0, 0}));
  EXPECT_EQ(graph::hamming_graph({}).nodes, 0u);
  EXPECT_EQ(graph::hamming_graph({0}).offsets, (std::vector<uint64_t>{0, 0}));
}

TEST(Builders, RefusesEdgesOutsideTheNodesAndShortLabelLists) {
  EXPECT_THROW(graph::from_edges(2, {{0, 2}}), std::invalid_argument);
  EXPECT_THROW(graph::from_edges(2, {{0, 1}}, false, {5}), std::invalid_argument);
}

//   011 --- 001 --- 000 --- 100      (labels given unsorted, 001 twice; 011 and 100 are
//                                      three bits apart, 000 and 011 two)
TEST(Builders, HammingGraphSortsDeduplicatesAndJoinsOneBitApart) {
  const auto g = graph::hamming_graph({0b011, 0b000, 0b100, 0b001, 0b001});
  EXPECT_EQ(g.labels, (std::vector<uint64_t>{0b000, 0b001, 0b011, 0b100}));
  EXPECT_EQ(row(g, 0), (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(row(g, 1), (std::vector<uint32_t>{0, 2}));
  EXPECT_EQ(row(g, 2), (std::vector<uint32_t>{1}));
  EXPECT_EQ(row(g, 3), (std::vector<uint32_t>{0}));
}

//   0 --- 1         keep {0, 1, 4}:   0 --- 1
//   |     |                           |
//   3 --- 2                           4 (now node 2)
//   |
//   4
TEST(Builders, InducedSubgraphKeepsLabelsAndInnerEdges) {
  const auto g = graph::from_edges(5, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {3, 4}}, false, {7, 8, 9, 10, 11});
  const auto h = graph::induced_subgraph(g, {0, 1, 4});
  EXPECT_EQ(h.labels, (std::vector<uint64_t>{7, 8, 11}));
  EXPECT_EQ(row(h, 0), (std::vector<uint32_t>{1}));
  EXPECT_EQ(row(h, 1), (std::vector<uint32_t>{0}));
  EXPECT_TRUE(row(h, 2).empty());
  // Directed: the in-arcs follow.  0 -> 1 -> 2 -> 0, keep {1, 2}: 1 -> 2 only.
  const auto d = graph::induced_subgraph(graph::from_edges(3, {{0, 1}, {1, 2}, {2, 0}}, true), {1, 2});
  EXPECT_TRUE(d.directed);
  EXPECT_EQ(row(d, 0), (std::vector<uint32_t>{1}));
  EXPECT_TRUE(row(d, 1).empty());
  EXPECT_TRUE(in_row(d, 0).empty());
  EXPECT_EQ(in_row(d, 1), (std::vector<uint32_t>{0}));
}

}  // namespace
