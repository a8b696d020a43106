// The all-pairs run's plain searches for sources in small components
// (kernels/distance/small_components.hpp) beside the engine's batches: every statistic
// equal to brute force's on graphs whose components straddle the size bound (1, 2, 3, 63,
// 64, 65 and 70 nodes beside a large one, interleaved in node order), with one and two
// threads and at several W; a run cut into ranges merges to the whole run; a graph of
// small components alone needs no batch.
#include <gtest/gtest.h>
#include <omp.h>

#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/small_components.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

/// Components of the given sizes, interleaved in node order (component c's k-th node is
/// node c + k * count, while it has nodes left): each a path with a chord from its first
/// node to its third (an odd cycle for three or more nodes, so no two-colouring).
graph::csr_graph interleaved(const std::vector<uint64_t>& sizes) {
  std::vector<std::vector<uint64_t>> nodes(sizes.size());
  uint64_t next = 0;
  for (uint64_t k = 0;; ++k) {
    bool any = false;
    for (size_t c = 0; c < sizes.size(); ++c)
      if (k < sizes[c]) {
        nodes[c].push_back(next++);
        any = true;
      }
    if (!any) break;
  }
  graph::edge_list e;
  for (const std::vector<uint64_t>& comp : nodes) {
    for (size_t k = 0; k + 1 < comp.size(); ++k) e.push_back({comp[k], comp[k + 1]});
    if (comp.size() >= 3) e.push_back({comp[0], comp[2]});
  }
  return graph::from_edges(next, e);
}

const std::vector<uint64_t> straddling = {300, 1, 2, 3, 63, 64, 65, 70, 1, 1, 5};

using test::relabelled_options;

TEST(SmallComponents, NodesFlaggedByTheirComponentsSize) {
  const std::vector<uint8_t> small = distance::detail::small_component_nodes({0, 100, 165, 229, 230});
  ASSERT_EQ(small.size(), 230u);
  // Largest first, as the relabelling lists them: 100, 65, 64 and 1 nodes.
  EXPECT_EQ(small[0], 0);
  EXPECT_EQ(small[99], 0);
  EXPECT_EQ(small[100], 0);  // 65 nodes: not
  EXPECT_EQ(small[164], 0);
  EXPECT_EQ(small[165], 1);  // 64 nodes: small
  EXPECT_EQ(small[228], 1);
  EXPECT_EQ(small[229], 1);  // one node
  // No small component: no flags at all (the run then leaves its sources as they are).
  EXPECT_TRUE(distance::detail::small_component_nodes({0, 100, 165}).empty());
  EXPECT_TRUE(distance::detail::small_component_nodes({}).empty());
}

TEST(SmallComponents, EveryStatisticEqualsBruteForceWithOneAndTwoThreads) {
  const graph::csr_graph g = interleaved(straddling);
  const test::all_pairs_truth truth = test::brute_force_all_pairs(g);
  const int threads_before = omp_get_max_threads();
  for (int threads : {1, 2})
    for (int W : {0, 1, 2, 8}) {
      omp_set_num_threads(threads);
      test::expect_all_pairs_equal(distance::all_pairs(core::backend::cpu, g, relabelled_options(W)), truth,
                                   std::to_string(threads) + " threads, W=" + std::to_string(W));
    }
  omp_set_num_threads(threads_before);
}

TEST(SmallComponents, RangesMergeToTheWholeRun) {
  const graph::csr_graph g = interleaved(straddling);
  const test::all_pairs_truth truth = test::brute_force_all_pairs(g);
  const distance::all_pairs_options opt = relabelled_options(1);
  // Cuts inside the large component's sources, at its end, and inside the small ones'
  // (the order lists the large component first).
  for (uint64_t cut : std::vector<uint64_t>{1, 150, 300, 301, 420, g.nodes - 1}) {
    distance::all_pairs_partial a = distance::run_all_pairs_range(core::backend::cpu, g, opt, {0, cut});
    const distance::all_pairs_partial b = distance::run_all_pairs_range(core::backend::cpu, g, opt, {cut, g.nodes});
    test::expect_all_pairs_equal(distance::finish(distance::merge(std::move(a), b)), truth,
                                 "cut at " + std::to_string(cut));
  }
}

TEST(SmallComponents, OnlySmallComponentsRunNoBatch) {
  const graph::csr_graph g = interleaved({1, 2, 3, 40, 64, 7, 1});
  const distance::all_pairs_partial p =
      distance::run_all_pairs_range(core::backend::cpu, g, relabelled_options(0), {0, g.nodes});
  EXPECT_EQ(p.batches, 0u);
  EXPECT_EQ(p.sources, g.nodes);
  test::expect_all_pairs_equal(distance::finish(p), test::brute_force_all_pairs(g), "small components only");
}

TEST(SmallComponents, ALargeComponentsSourcesAloneFillTheBatches) {
  // 300 + 80 nodes in components over the bound, 50 in small ones: at W = 1 the engine
  // runs ceil(380 / 64) = 6 batches where the whole order took ceil(430 / 64) = 7.
  const graph::csr_graph g = interleaved({300, 80, 10, 10, 10, 10, 10});
  const distance::all_pairs_partial p =
      distance::run_all_pairs_range(core::backend::cpu, g, relabelled_options(1), {0, g.nodes});
  EXPECT_EQ(p.batches, 6u);
  test::expect_all_pairs_equal(distance::finish(p), test::brute_force_all_pairs(g), "batches");
}

TEST(SmallComponents, DirectedGraphRefused) {
  std::vector<uint64_t> counts, dsum, reach;
  std::vector<uint32_t> last;
  EXPECT_THROW(distance::detail::add_small_component_sources(graph::from_edges(2, {{0, 1}}, true), {0}, counts,
                                                              last, dsum, reach),
               std::invalid_argument);
}

}  // namespace
