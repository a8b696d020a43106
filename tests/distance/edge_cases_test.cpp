// The distance engines on each backend at their edges: graphs of 0 and 1 node,
// disconnected graphs, directed graphs with self-loops and unreachable nodes, all drawn
// here and built with kernels/graph/builders.hpp; every statistic against brute force.
#include <gtest/gtest.h>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;
using distance::all_pairs_options;

class DistanceEdgesOn : public test::on_backend {
 protected:
  /// All pairs with every statistic, on one and on several source batches, with and
  /// without symmetry, compared with brute force.
  void expect_all_pairs_brute_force(const graph::csr_graph& g, const std::string& what) {
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (bool symmetry : {false, true})
      for (int words : {0, 1}) {
        all_pairs_options opt;
        opt.per_node = true;
        opt.symmetry = symmetry;
        opt.words = words;
        const auto r = distance::all_pairs(backend, g, opt);
        test::expect_all_pairs_equal(r, e, what + (symmetry ? ", symmetry" : "") + ", W " + std::to_string(words));
        EXPECT_EQ(r.sources, g.nodes) << what;
      }
    for (uint64_t s = 0; s < g.nodes; ++s)
      EXPECT_EQ(distance::bfs(backend, g, static_cast<uint32_t>(s)), test::queue_bfs(g, s)) << what << ", source " << s;
  }
};
TV_TEST_ON_BACKENDS(DistanceEdgesOn);

TEST_P(DistanceEdgesOn, OneNodeWithAndWithoutALoop) {
  //   0          0 --+      (directed: 0 -> 0)
  //                  ^  |
  //                  +--+
  expect_all_pairs_brute_force(graph::from_edges(1, {}), "one node");
  expect_all_pairs_brute_force(graph::from_edges(1, {{0, 0}}, true), "one node with a loop");
  const auto d = distance::exact_diameter(backend, graph::from_edges(1, {}));
  EXPECT_TRUE(d.connected);
  EXPECT_EQ(d.diameter, 0u);
}

TEST_P(DistanceEdgesOn, NoNodes) {
  const auto g = graph::from_edges(0, {});
  const auto r = distance::all_pairs(backend, g, {});
  EXPECT_EQ(r.sources, 0u);
  EXPECT_EQ(r.unreachable_pairs, 0u);
  EXPECT_EQ(r.distance_sum, 0u);
  EXPECT_EQ(r.diameter, 0u);
}

TEST_P(DistanceEdgesOn, DisconnectedUndirectedGraph) {
  //   0 --- 1 --- 2      3 --- 4      5
  const auto g = graph::from_edges(6, {{0, 1}, {1, 2}, {3, 4}});
  expect_all_pairs_brute_force(g, "three components");
  const auto r = distance::all_pairs(backend, g, {});
  // By hand: 6 * 5 ordered pairs, of which 3 * 2 + 2 * 1 are joined.
  EXPECT_EQ(r.unreachable_pairs, 30u - 8u);
  EXPECT_EQ(r.diameter, 2u);
  EXPECT_FALSE(distance::exact_diameter(backend, g).connected);
}

TEST_P(DistanceEdgesOn, DirectedGraphWithLoopsAndAnUnreachableNode) {
  //   +--+                      3 --> 0      (nothing leads to 3)
  //   v  |
  //   0 --> 1 --> 2 --+
  //   ^           |   |  (2 -> 2, a loop)
  //   +-----------+ <-+
  const auto g = graph::from_edges(4, {{0, 0}, {0, 1}, {1, 2}, {2, 0}, {2, 2}, {3, 0}}, true);
  expect_all_pairs_brute_force(g, "directed triangle with loops");
  const auto r = distance::all_pairs(backend, g, {});
  EXPECT_EQ(r.unreachable_pairs, 3u);  // 0, 1 and 2 never reach 3
  EXPECT_EQ(r.diameter, 3u);           // 3 -> 0 -> 1 -> 2
}

}  // namespace
