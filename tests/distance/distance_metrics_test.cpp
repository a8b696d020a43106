// The distance metrics (kernels/distance/distance_metrics.hpp) on each backend's all-pairs
// distribution against brute force (tests/distance/metrics_reference.hpp): the CPU and the
// GPU give the same effective diameters because both equal the order statistic of the BFS
// distances and the konect_diameff interpolation; and the arithmetic alone on distributions
// small enough to work out by hand.
#include "kernels/distance/distance_metrics.hpp"

#include <gtest/gtest.h>

#include <string>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "tests/distance/metrics_reference.hpp"

namespace {

using namespace tv;

class DistanceMetricsOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(DistanceMetricsOn);

TEST_P(DistanceMetricsOn, EffectiveDiametersOfTheEngineEqualBruteForce) {
  std::vector<graph::csr_graph> graphs;
  for (const families::family& f :
       {families::family(families::hypercube::make(6)), families::family(families::postal_network::make(2, 11)),
        families::family(families::enhanced_fibonacci_cube::make(10)),
        families::family(families::de_bruijn::make(8, true)), families::family(families::de_bruijn::make(7, false))})
    graphs.push_back(graph::build_csr(core::backend::cpu, f));
  graphs.push_back(test::hypercube_with_a_hole());
  // Two pieces, 0 - 1 - 2 and 3 - 4, and a digraph with no way back: 0 -> 1 -> 2, 0 -> 2.
  graphs.push_back(graph::from_edges(5, {{0, 1}, {1, 2}, {3, 4}}));
  graphs.push_back(graph::from_edges(3, {{0, 1}, {1, 2}, {0, 2}}, true));
  for (const auto& g : graphs) {
    const auto a = distance::all_pairs(backend, g, distance::all_pairs_options{});
    const test::pair_distances p = test::brute_force_pair_distances(g);
    const std::string what = std::to_string(g.nodes) + " nodes" + (g.directed ? ", directed" : "");
    for (int percent : {1, 25, 50, 90, 99, 100}) {
      EXPECT_EQ(distance::effective_diameter(a.distance_counts, percent), test::order_statistic(p, percent))
          << what << " at " << percent << "%";
      EXPECT_NEAR(distance::interpolated_effective_diameter(a.distance_counts, percent),
                  test::konect_interpolation(p, percent), 1e-9)
          << what << " at " << percent << "%";
    }
  }
}

// Edge cases by hand.  One node: no pair s != t, so 0; C = {1} never exceeds T = 1 at 100%,
// so the diameter 0.  K2: counts {2, 2}, C = {2, 4}; 50%: T = 2 = C(0), not above it, so D = 1
// and 0 + (2 - 2) / 2 = 0; 90%: T = 3.6, 0 + 1.6 / 2 = 0.8.  Four nodes without arcs,
// counts {4}: every reachable pair is a node with itself, so 0 both ways.
TEST(DistanceMetrics, EdgeCasesByHand) {
  EXPECT_EQ(distance::effective_diameter({1}, 50), 0u);
  EXPECT_EQ(distance::interpolated_effective_diameter({1}, 100), 0.0);
  EXPECT_EQ(distance::effective_diameter({2, 2}, 50), 1u);
  EXPECT_DOUBLE_EQ(distance::interpolated_effective_diameter({2, 2}, 50), 0.0);
  EXPECT_DOUBLE_EQ(distance::interpolated_effective_diameter({2, 2}, 90), 0.8);
  EXPECT_EQ(distance::effective_diameter({4}, 90), 0u);
  EXPECT_EQ(distance::interpolated_effective_diameter({4}, 90), 0.0);
  EXPECT_THROW(distance::interpolated_effective_diameter({2, 2}, 101), std::invalid_argument);
}

// The bounds' small cases: K1 (degree 0) and K2 (degree 1) are Moore graphs, as are the
// directed cycle (d = 1: D + 1 nodes) and the odd cycle (d = 2: 1 + 2 D).
TEST(DistanceMetrics, MooreBoundSmallCases) {
  EXPECT_EQ(distance::moore_bound(0, 0, false).bound, 1u);
  EXPECT_EQ(distance::moore_bound(0, 0, true).bound, 1u);
  EXPECT_EQ(distance::moore_bound(1, 1, false).bound, 2u);
  EXPECT_EQ(distance::moore_bound(1, 6, true).bound, 7u);
  EXPECT_EQ(distance::moore_bound(2, 6, false).bound, 13u);
  EXPECT_EQ(distance::moore_bound(3, 2, false).bound, 10u);  // the Petersen graph's 10
  EXPECT_EQ(distance::moore_bound(2, 2, true).bound, 7u);    // 1 + 2 + 4
  EXPECT_FALSE(distance::moore_bound(2, 4000000000u, false).saturated);
  EXPECT_EQ(distance::moore_bound(2, 4000000000u, false).bound, 8000000001u);
}

}  // namespace
