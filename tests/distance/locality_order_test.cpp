// Graphs of one's own run relabelled in reverse Cuthill-McKee order (all_pairs_options::
// locality_order, graph/locality_order.hpp), small ones a whole batch per thread
// (parallel_batches): every statistic equals brute force's in the original node order,
// split runs merge to the one call's result, and a stop request ends a run.
#include "kernels/graph/locality_order.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <set>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"
#include "tests/graph/random_graph.hpp"

namespace {

using namespace tv;
using distance::all_pairs_options;

using test::random_graph;  // tests/graph/random_graph.hpp

/// A path of n nodes numbered out of order (node i joins node (i * 7) mod n's successor
/// in the path): diameter n - 1 with neighbours far apart in node order.
graph::csr_graph scrambled_path(uint64_t n) {
  graph::edge_list e;
  for (uint64_t k = 0; k + 1 < n; ++k) e.push_back({(k * 7) % n, ((k + 1) * 7) % n});
  return graph::from_edges(n, e);
}

/// A grid graph (bipartite), rows x cols.
graph::csr_graph grid(uint64_t rows, uint64_t cols) {
  graph::edge_list e;
  for (uint64_t r = 0; r < rows; ++r)
    for (uint64_t c = 0; c < cols; ++c) {
      if (c + 1 < cols) e.push_back({r * cols + c, r * cols + c + 1});
      if (r + 1 < rows) e.push_back({r * cols + c, (r + 1) * cols + c});
    }
  return graph::from_edges(rows * cols, e);
}

std::vector<graph::csr_graph> graphs() {
  return {random_graph(300, 330, 1), random_graph(500, 1500, 2), random_graph(200, 60, 3),
          scrambled_path(211), grid(13, 17), graph::from_edges(2, {{0, 1}})};
}

TEST(LocalityOrder, IsAPermutationAndTheRelabelledGraphIsTheSameGraph) {
  for (const auto& g : graphs()) {
    const std::vector<uint32_t> order = graph::reverse_cuthill_mckee(g);
    ASSERT_EQ(order.size(), g.nodes);
    std::vector<uint32_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (uint64_t i = 0; i < g.nodes; ++i) ASSERT_EQ(sorted[i], i);
    const graph::csr_graph r = graph::relabelled(g, order);
    ASSERT_EQ(r.arcs(), g.arcs());
    std::set<std::pair<uint32_t, uint32_t>> arcs, mapped;
    for (uint64_t v = 0; v < g.nodes; ++v)
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) arcs.insert({uint32_t(v), g.targets[e]});
    for (uint64_t i = 0; i < r.nodes; ++i) {
      EXPECT_EQ(r.labels[i], g.labels[order[i]]);
      EXPECT_TRUE(std::is_sorted(r.targets.begin() + long(r.offsets[i]), r.targets.begin() + long(r.offsets[i + 1])));
      for (uint64_t e = r.offsets[i]; e < r.offsets[i + 1]; ++e) mapped.insert({order[i], order[r.targets[e]]});
    }
    EXPECT_EQ(mapped, arcs);
  }
  // A path numbered out of order comes back with neighbours close: the search from an
  // inner node alternates between its two sides, so every arc joins positions at most 2
  // apart (the scrambled numbering puts some 7 apart or more).
  const graph::csr_graph path = graph::relabelled(scrambled_path(211), graph::reverse_cuthill_mckee(scrambled_path(211)));
  for (uint64_t i = 0; i < path.nodes; ++i)
    for (uint64_t e = path.offsets[i]; e < path.offsets[i + 1]; ++e)
      EXPECT_LE(std::max<uint64_t>(i, path.targets[e]) - std::min<uint64_t>(i, path.targets[e]), 2u);
  EXPECT_THROW(graph::reverse_cuthill_mckee(graph::from_edges(3, {{0, 1}}, true)), std::invalid_argument);
}

TEST(LocalityOrder, EachComponentIsASearchFromANodeOfLargestDegreeReversed) {
  // Random graphs of a few components: within each component's range of the order, the
  // last node is one of largest degree (the smallest such index), and the distances from
  // it never grow along the order (a breadth-first order, reversed), found by a plain
  // search here.
  for (const uint64_t seed : {1u, 2u, 3u, 4u}) {
    const graph::csr_graph g = random_graph(300, 330, seed);
    std::vector<uint64_t> starts;
    const std::vector<uint32_t> order = graph::reverse_cuthill_mckee(g, &starts);
    ASSERT_GE(starts.size(), 3u) << "seed " << seed << ": want at least two components";
    for (size_t c = 0; c + 1 < starts.size(); ++c) {
      const uint64_t lo = starts[c], hi = starts[c + 1];
      const uint32_t root = order[hi - 1];
      for (uint64_t i = lo; i < hi; ++i) {
        const uint32_t v = order[i];
        ASSERT_TRUE(g.degree(v) < g.degree(root) || (g.degree(v) == g.degree(root) && v >= root))
            << "seed " << seed << ": node " << v << " would be the start, not " << root;
      }
      std::vector<int64_t> dist(g.nodes, -1);
      std::vector<uint32_t> queue{root};
      dist[root] = 0;
      for (size_t q = 0; q < queue.size(); ++q)
        for (uint64_t e = g.offsets[queue[q]]; e < g.offsets[queue[q] + 1]; ++e)
          if (dist[g.targets[e]] < 0) {
            dist[g.targets[e]] = dist[queue[q]] + 1;
            queue.push_back(g.targets[e]);
          }
      ASSERT_EQ(queue.size(), hi - lo) << "seed " << seed << ": component " << c;
      for (uint64_t i = lo; i + 1 < hi; ++i)
        EXPECT_GE(dist[order[i]], dist[order[i + 1]]) << "seed " << seed << ": position " << i;
    }
  }
}

TEST(LocalityOrder, ComponentsAreContiguousLargestFirst) {
  // Components interleaved in node numbering: a path on 0, 4, 8, 12, 16 (5 nodes), a
  // triangle on 1, 5, 9, an edge 2-6, isolated 3, 7, 10, 11, 13, 14, 15, and a path on
  // 17, 18, 19, 20 (4 nodes).
  const graph::csr_graph g = graph::from_edges(
      21, {{0, 4}, {4, 8}, {8, 12}, {12, 16}, {1, 5}, {5, 9}, {9, 1}, {2, 6}, {17, 18}, {18, 19}, {19, 20}});
  const std::vector<uint32_t> order = graph::reverse_cuthill_mckee(g);
  // Each node's component, named by its smallest node.
  std::vector<uint32_t> comp(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) comp[v] = static_cast<uint32_t>(v);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint64_t v = 0; v < g.nodes; ++v)
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
        if (comp[g.targets[e]] < comp[v]) {
          comp[v] = comp[g.targets[e]];
          changed = true;
        }
  }
  std::vector<uint32_t> size(g.nodes, 0);
  for (uint64_t v = 0; v < g.nodes; ++v) ++size[comp[v]];
  std::set<uint32_t> finished;
  for (size_t i = 0; i < order.size(); ++i) {
    const uint32_t c = comp[order[i]];
    ASSERT_EQ(finished.count(c), 0u) << "component of " << c << " is split at position " << i;
    if (i + 1 < order.size() && comp[order[i + 1]] != c) {
      finished.insert(c);
      EXPECT_GE(size[c], size[comp[order[i + 1]]]) << "a smaller component before a larger at " << i;
    }
  }
  EXPECT_EQ(size[comp[order[0]]], 5u);
  EXPECT_EQ(size[comp[order[5]]], 4u);
  // The component starts name the same ranges: 5, 4, 3, 2 nodes, then 7 isolated ones.
  std::vector<uint64_t> starts;
  EXPECT_EQ(graph::reverse_cuthill_mckee(g, &starts), order);
  EXPECT_EQ(starts, (std::vector<uint64_t>{0, 5, 9, 12, 14, 15, 16, 17, 18, 19, 20, 21}));
  for (size_t c = 0; c + 1 < starts.size(); ++c)
    for (uint64_t i = starts[c]; i < starts[c + 1]; ++i)
      EXPECT_EQ(comp[order[i]], comp[order[starts[c]]]) << "position " << i;
  EXPECT_EQ(graph::relabelling(g).component_starts, starts);
}

class LocalityOrderOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(LocalityOrderOn);

// W = 1 and 2 give several batches on every graph here, so that the CPU runs them a
// batch per thread where it has two threads or more.
TEST_P(LocalityOrderOn, EveryStatisticEqualsBruteForceInTheOriginalNodeOrder) {
  for (const auto& g : graphs()) {
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (int W : {0, 1, 2}) {
      all_pairs_options opt;
      opt.words = W;
      opt.per_node = true;
      opt.locality_order = true;
      const std::string what = "N=" + std::to_string(g.nodes) + " W=" + std::to_string(W);
      const auto r = distance::all_pairs(this->backend, g, opt);
      test::expect_all_pairs_equal(r, e, what);
      EXPECT_EQ(r.sources, g.nodes) << what;
      // Relabelled unless a label map is an automorphism (the one edge's complement).
      EXPECT_EQ(distance::plan_all_pairs(this->backend, g, opt).identity.locality, r.orbits == g.nodes) << what;
      EXPECT_EQ(r.orbits == g.nodes, g.nodes > 2) << what;
    }
  }
}

// Orbits, the Hamming check and directed graphs keep node order (the check's
// counterexample names nodes of the original order).
TEST_P(LocalityOrderOn, OnlyWithoutOrbitsHammingOrDirection) {
  all_pairs_options opt;
  opt.locality_order = true;
  const auto cube = graph::build_csr(core::backend::cpu, families::hypercube::make(6));
  EXPECT_FALSE(distance::plan_all_pairs(this->backend, cube, opt).identity.locality);  // orbits
  opt.symmetry = false;
  EXPECT_TRUE(distance::plan_all_pairs(this->backend, cube, opt).identity.locality);
  opt.hamming = true;
  EXPECT_FALSE(distance::plan_all_pairs(this->backend, cube, opt).identity.locality);
  opt.hamming = false;
  const auto directed = graph::from_edges(3, {{0, 1}, {1, 2}}, true);
  EXPECT_FALSE(distance::plan_all_pairs(this->backend, directed, opt).identity.locality);
}

// Ranges cut at the plan's batch starts, run with its relabelling and merged, finish to
// the one call's statistics; a partial in node order does not merge with them.
TEST_P(LocalityOrderOn, SplitRunsMergeToTheOneCallResult) {
  const auto g = random_graph(500, 700, 4);
  all_pairs_options opt;
  opt.words = 1;
  opt.per_node = true;
  opt.locality_order = true;
  const auto one = distance::all_pairs(this->backend, g, opt);
  const distance::all_pairs_plan plan = distance::plan_all_pairs(this->backend, g, opt);
  ASSERT_NE(plan.relabelling, nullptr);
  ASSERT_GE(plan.batch_starts.size(), 4u);
  all_pairs_options part = opt;
  part.plan_words = plan.words;
  part.known_relabelling = plan.relabelling;
  part.known_colouring = plan.colouring;
  const uint64_t cut = plan.batch_starts[2];
  auto merged = distance::merge(distance::run_all_pairs_range(this->backend, g, part, {cut, g.nodes}),
                                distance::run_all_pairs_range(this->backend, g, part, {0, cut}));
  const auto r = distance::finish(std::move(merged));
  EXPECT_EQ(r.distance_counts, one.distance_counts);
  EXPECT_EQ(r.eccentricity, one.eccentricity);
  EXPECT_EQ(r.per_node_distance_sum, one.per_node_distance_sum);
  EXPECT_EQ(r.unreachable_pairs, one.unreachable_pairs);
  all_pairs_options node_order = opt;
  node_order.locality_order = false;
  EXPECT_THROW(distance::merge(distance::run_all_pairs_range(this->backend, g, part, {0, cut}),
                               distance::run_all_pairs_range(this->backend, g, node_order, {cut, g.nodes})),
               std::invalid_argument);
}

// A stop request ends the run with `interrupted`, whether it comes between batches or
// during one (polled at every level).
TEST_P(LocalityOrderOn, AStopRequestEndsTheRun) {
  const auto g = scrambled_path(2000);  // batches of 1,999 levels
  for (int polls_before_stop : {0, 1, 50}) {
    std::atomic<int> polls{0};
    all_pairs_options opt;
    opt.words = 1;
    opt.locality_order = true;
    opt.control.should_stop = [&] { return polls.fetch_add(1) >= polls_before_stop; };
    EXPECT_THROW(distance::all_pairs(this->backend, g, opt), core::interrupted) << polls_before_stop;
  }
}

}  // namespace
