// Leaves folded into their neighbours in the all-pairs run (kernels/distance/leaf_fold.hpp):
// every statistic equal to brute force's on graphs whose large components carry leaves
// (none to 70 on a node, a star whose centre keeps no other edge, small components with
// leaves of their own that stay unfolded), with one and two threads and at several W;
// fewer batches than without the fold; ranges (which do not fold) merge to the whole
// run; the weights' bit planes sum what they should.
#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/leaf_fold.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

/// Edges on nodes 0 .. n-1 renamed by a seeded shuffle, so that the run's locality order
/// has work to do and leaves do not sit next to their neighbours.
graph::csr_graph shuffled(uint64_t n, const graph::edge_list& edges, uint64_t seed) {
  std::vector<uint64_t> name(n);
  std::iota(name.begin(), name.end(), 0);
  std::mt19937_64 rng(seed);
  std::shuffle(name.begin(), name.end(), rng);
  graph::edge_list e;
  for (const auto& [a, b] : edges) e.push_back({name[a], name[b]});
  return graph::from_edges(n, e);
}

/// `core` nodes, node i joined to i + 1, i + 2, i + 3 and i + 5 around a circle (odd
/// cycles: no two-colouring; three arcs a node or more, where the run folds), node i
/// carrying i % 4 leaves and node 0 seventy; a star of 80 leaves whose centre has no
/// other edge; small components: an edge, a lone node, a triangle with two leaves.
graph::csr_graph leafy(uint64_t core, uint64_t seed) {
  graph::edge_list e;
  uint64_t next = core;
  for (uint64_t i = 0; i < core; ++i) {
    for (uint64_t step : {1, 2, 3, 5}) e.push_back({i, (i + step) % core});
    for (uint64_t k = 0; k < (i == 0 ? 70 : i % 4); ++k) e.push_back({i, next++});
  }
  const uint64_t centre = next++;
  for (uint64_t k = 0; k < 80; ++k) e.push_back({centre, next++});
  e.push_back({next, next + 1});
  next += 2;
  ++next;  // a lone node
  const uint64_t t = next;
  e.push_back({t, t + 1});
  e.push_back({t + 1, t + 2});
  e.push_back({t + 2, t});
  e.push_back({t, t + 3});
  e.push_back({t + 1, t + 4});
  next += 5;
  return shuffled(next, e, seed);
}

using test::relabelled_options;

TEST(LeafFold, EveryStatisticEqualsBruteForceWithOneAndTwoThreads) {
  const int threads_before = omp_get_max_threads();
  for (uint64_t seed : {1u, 2u}) {
    const graph::csr_graph g = leafy(150, seed);
    const test::all_pairs_truth truth = test::brute_force_all_pairs(g);
    for (int threads : {1, 2})
      for (int W : {0, 1, 2, 8}) {
        omp_set_num_threads(threads);
        test::expect_all_pairs_equal(distance::all_pairs(core::backend::cpu, g, relabelled_options(W)), truth,
                                     "seed " + std::to_string(seed) + ", " + std::to_string(threads) +
                                         " threads, W=" + std::to_string(W));
      }
  }
  omp_set_num_threads(threads_before);
}

/// `core` nodes around a circle, each joined to the next `steps` ones, each with one leaf.
graph::csr_graph one_leaf_a_node(uint64_t core, uint64_t steps) {
  graph::edge_list e;
  for (uint64_t i = 0; i < core; ++i) {
    for (uint64_t k = 1; k <= steps; ++k) e.push_back({i, (i + k) % core});
    e.push_back({i, core + i});
  }
  return shuffled(2 * core, e, 3);
}

TEST(LeafFold, LeavesAreNotSearchedFrom) {
  // 200 sources, 100 of them leaves, 4 arcs a node: at W = 1 the engine runs
  // ceil(100 / 64) = 2 batches, where without the fold it ran ceil(200 / 64) = 4.
  const graph::csr_graph g = one_leaf_a_node(100, 3);
  const distance::all_pairs_partial p =
      distance::run_all_pairs_range(core::backend::cpu, g, relabelled_options(1), {0, g.nodes});
  EXPECT_EQ(p.batches, 2u);
  EXPECT_EQ(p.sources, 200u);
  test::expect_all_pairs_equal(distance::finish(p), test::brute_force_all_pairs(g), "one leaf a node");
}

TEST(LeafFold, NotOnSparseGraphs) {
  // An odd circle of 101 nodes with one leaf each: 2 arcs a node, under the 3 where
  // counting leaves pays, so the ceil(202 / 64) = 4 batches stay.
  const graph::csr_graph g = one_leaf_a_node(101, 1);
  ASSERT_LT(g.arcs(), 3 * g.nodes);
  const distance::all_pairs_partial p =
      distance::run_all_pairs_range(core::backend::cpu, g, relabelled_options(1), {0, g.nodes});
  EXPECT_EQ(p.batches, 4u);
  test::expect_all_pairs_equal(distance::finish(p), test::brute_force_all_pairs(g), "sparse");
}

TEST(LeafFold, RangesMergeToTheWholeRun) {
  const graph::csr_graph g = leafy(120, 4);
  const test::all_pairs_truth truth = test::brute_force_all_pairs(g);
  const distance::all_pairs_options opt = relabelled_options(1);
  for (uint64_t cut : std::vector<uint64_t>{1, 100, 200, g.nodes - 1}) {
    distance::all_pairs_partial a = distance::run_all_pairs_range(core::backend::cpu, g, opt, {0, cut});
    const distance::all_pairs_partial b = distance::run_all_pairs_range(core::backend::cpu, g, opt, {cut, g.nodes});
    test::expect_all_pairs_equal(distance::finish(distance::merge(std::move(a), b)), truth,
                                 "cut at " + std::to_string(cut));
  }
}

TEST(LeafFold, FoldsOnlyLeavesOfLargeComponents) {
  const graph::csr_graph g = graph::from_edges(6, {{0, 1}, {1, 2}, {2, 0}, {0, 3}, {4, 5}});
  // Everything small: nothing folds.
  EXPECT_TRUE(distance::detail::fold_leaves(g, std::vector<uint8_t>(6, 1)).leaves.empty());
  // Flagged nothing: node 3 folds into 0; 4 and 5 would hang on each other and are refused.
  EXPECT_THROW(distance::detail::fold_leaves(g, {}), std::logic_error);
  const distance::detail::leaf_fold f = distance::detail::fold_leaves(g, {0, 0, 0, 0, 1, 1});
  ASSERT_EQ(f.leaves, std::vector<uint32_t>{3});
  EXPECT_EQ(f.parent, std::vector<uint32_t>{0});
  EXPECT_EQ(f.weight, (std::vector<uint32_t>{1, 0, 0, 0, 0, 0}));
  EXPECT_EQ(f.pruned.offsets, (std::vector<uint64_t>{0, 2, 4, 6, 6, 7, 8}));
  EXPECT_THROW(distance::detail::fold_leaves(graph::from_edges(2, {{0, 1}}, true), {}), std::invalid_argument);
}

TEST(LeafFold, WeightPlanesSumTheWeightsOfARowsBits) {
  std::mt19937_64 rng(5);
  std::vector<uint32_t> weight(300);
  for (uint32_t& w : weight) w = rng() % 3 == 0 ? static_cast<uint32_t>(rng() % 100) : 0;
  std::vector<uint32_t> sources(200);
  std::iota(sources.begin(), sources.end(), 50);
  const distance::detail::source_weight_planes planes = distance::detail::weight_planes(sources, weight);
  std::vector<uint64_t> row(4);
  for (int trial = 0; trial < 50; ++trial) {
    uint64_t expected = 0;
    for (uint64_t& word : row) word = rng() & rng();
    for (size_t j = 0; j < sources.size(); ++j)
      if ((row[j / 64] >> (j % 64)) & 1) expected += weight[sources[j]];
    EXPECT_EQ(planes.weigh(row.data()), expected);
  }
  EXPECT_EQ(distance::detail::weight_planes(sources, std::vector<uint32_t>(300, 0)).words, 0);
}

}  // namespace
