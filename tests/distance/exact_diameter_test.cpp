// The exact diameter and radius search (kernels/distance/exact_diameter.inl) on each
// backend against brute force (a queue BFS from every node, tests/distance/reference.hpp):
// small instances of every family, seeded random graphs (irregular, disconnected,
// directed), every path of the search (orbits or not, single BFS only or batches, the
// device's level-by-level BFS on the CPU), the witness pair checked by a BFS of its own.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/families/family.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;
using distance::diameter_options;

std::vector<families::family> small_instances() {
  return {families::hypercube::make(1),
          families::hypercube::make(6),
          families::postal_network::make(2, 10),
          families::postal_network::make(3, 11),
          families::postal_network::make(1, 5),
          families::enhanced_fibonacci_cube::make(3),
          families::enhanced_fibonacci_cube::make(11),
          families::metacube::make(1, 3),
          families::metacube::make(2, 1, true),
          families::de_bruijn::make(1, true),
          families::de_bruijn::make(7, true),
          families::de_bruijn::make(7, false),
          families::dary_de_bruijn::make(3, 4),
          families::kautz::make(2, 5),
          families::torus::make(5, 3),
          families::folded_hypercube::make(7),
          families::star_graph::make(5),
          families::linear_recursive::from_seeds(9, {"0", "10", "110"}),
          families::linear_recursive::avoiding(9, "101")};
}

/// Every way the search can run: the checks' default; without orbits; batches as soon as
/// the first round is done; the direction-optimizing BFS of large graphs (two side by
/// side, or alone on every thread: the first round, the witness's after batches); the
/// device's BFS.
std::vector<std::pair<std::string, diameter_options>> search_variants() {
  std::vector<std::pair<std::string, diameter_options>> v;
  diameter_options o;
  v.push_back({"default", o});
  o.symmetry = false;
  v.push_back({"no orbits", o});
  o = {};
  o.min_gain_per_bfs = 0;
  v.push_back({"batches", o});
  o = {};
  o.hybrid_bfs = true;
  v.push_back({"direction-optimizing BFS", o});
  o.min_gain_per_bfs = 0;
  v.push_back({"direction-optimizing BFS, batches", o});
  o = {};
  o.level_bfs = true;
  v.push_back({"level BFS", o});
  o.min_gain_per_bfs = 0;
  o.symmetry = false;
  v.push_back({"level BFS, batches, no orbits", o});
  o = {};
  o.line_digraph = false;
  v.push_back({"no line digraph roots", o});
  return v;
}

uint64_t kinds(const graph::csr_graph& g) { return g.directed ? 2 : 1; }

class ExactDiameterOn : public test::on_backend {
 protected:
  /// The search on g, every variant, against brute force; its witness by its own BFS.
  void expect_brute_force(const graph::csr_graph& g, const std::string& what) {
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (const auto& [name, opt] : search_variants()) {
      const std::string where = what + " (" + name + ")";
      const auto d = distance::exact_diameter(backend, g, {}, opt);
      EXPECT_EQ(d.single_bfs + d.batched_bfs, d.bfs_runs) << where;
      if (g.directed && e.unreachable) {
        // Not strongly connected: the search declines (all pairs is the checks' answer).
        EXPECT_FALSE(d.exact) << where;
        EXPECT_FALSE(d.connected) << where;
        continue;
      }
      ASSERT_TRUE(d.exact) << where;
      EXPECT_EQ(d.connected, e.unreachable == 0) << where;
      EXPECT_EQ(d.diameter, e.diameter) << where;
      EXPECT_EQ(d.radius, e.radius) << where;
      EXPECT_EQ(d.lower_bound, d.diameter) << where;
      EXPECT_EQ(d.upper_bound, d.diameter) << where;
      // At most one single BFS per node and direction, each node at most once in the
      // diameter's batches and once in the radius's, and one BFS for the witness.
      EXPECT_LE(d.bfs_runs, (kinds(g) + 2) * g.nodes + 1) << where;
      ASSERT_LT(d.witness_source, g.nodes) << where;
      ASSERT_LT(d.witness_target, g.nodes) << where;
      EXPECT_EQ(test::queue_bfs(g, d.witness_source)[d.witness_target], d.diameter) << where;
      ASSERT_LT(d.center, g.nodes) << where;
      EXPECT_EQ(e.ecc[d.center], d.radius) << where;
    }
  }
};
TV_TEST_ON_BACKENDS(ExactDiameterOn);

TEST_P(ExactDiameterOn, EveryFamilyEqualsBruteForce) {
  for (const auto& fam : small_instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    expect_brute_force(g, "N=" + std::to_string(g.nodes) + (g.directed ? " directed" : ""));
  }
}

/// A seeded generator, the same on every platform.
struct seeded {
  uint64_t state;
  uint32_t below(uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<uint32_t>((state >> 33) % bound);
  }
};

// Random trees with a few extra edges (irregular, eccentricities far apart), a long path,
// and forests with isolated nodes (the diameter and radius of all pairs: over finite
// distances, so per component).
TEST_P(ExactDiameterOn, RandomUndirectedGraphsEqualBruteForce) {
  seeded rng{2026};
  graph::edge_list path;
  for (uint32_t v = 1; v < 200; ++v) path.push_back({v - 1, v});
  expect_brute_force(graph::from_edges(200, path), "path of 200");
  for (int trial = 0; trial < 30; ++trial) {
    const uint32_t n = 10 + rng.below(150);
    graph::edge_list edges;
    const bool forest = trial % 3 == 2;
    for (uint32_t v = 1; v < n; ++v)
      if (!forest || rng.below(5) != 0) edges.push_back({rng.below(v), v});
    const uint32_t extra = rng.below(n / 6 + 1);
    for (uint32_t k = 0; k < extra; ++k) {
      const uint32_t a = rng.below(n), b = rng.below(n);
      if (a != b) edges.push_back({a, b});
    }
    expect_brute_force(graph::from_edges(n, edges), "random trial " + std::to_string(trial));
  }
}

// Random digraphs: a cycle through every node plus chords (strongly connected), and
// without the cycle (mostly not).
TEST_P(ExactDiameterOn, RandomDirectedGraphsEqualBruteForce) {
  seeded rng{17};
  for (int trial = 0; trial < 30; ++trial) {
    const uint32_t n = 5 + rng.below(120);
    graph::edge_list arcs;
    if (trial % 2 == 0)
      for (uint32_t v = 0; v < n; ++v) arcs.push_back({v, (v + 1) % n});
    const uint32_t chords = rng.below(2 * n);
    for (uint32_t k = 0; k < chords; ++k) {
      const uint32_t a = rng.below(n), b = rng.below(n);
      if (a != b) arcs.push_back({a, b});
    }
    expect_brute_force(graph::from_edges(n, arcs, true), "random digraph " + std::to_string(trial));
  }
}

// A vertex-transitive graph whose automorphisms are found needs one BFS; without them
// every eccentricity equals the diameter, the bounds never close, and batches finish it.
TEST_P(ExactDiameterOn, HypercubeTakesOneBfsByOrbits) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(9));
  const auto d = distance::exact_diameter(backend, g);
  EXPECT_EQ(d.diameter, 9u);
  EXPECT_EQ(d.radius, 9u);
  EXPECT_EQ(d.bfs_runs, 1u);
  EXPECT_EQ(d.orbits, 1u);
  diameter_options every;
  every.symmetry = false;
  const auto slow = distance::exact_diameter(backend, g, {}, every);
  EXPECT_EQ(slow.diameter, 9u);
  EXPECT_EQ(slow.radius, 9u);
  EXPECT_GT(slow.batched_bfs, 0u);
  EXPECT_EQ(slow.orbits, g.nodes);
}

// De Bruijn and Kautz digraphs, every eccentricity equal to the diameter, come down
// through their roots to one node (DDB) or to the complete digraph (Kautz) in a few BFS,
// where the bounds alone need a BFS per orbit; the answers against brute force.
TEST_P(ExactDiameterOn, LineDigraphsTakeAFewBfsThroughTheirRoots) {
  std::vector<families::family> line_digraphs;
  for (int k = 2; k <= 11; ++k) line_digraphs.push_back(families::de_bruijn::make(k, true));
  line_digraphs.push_back(families::kautz::make(2, 6));
  line_digraphs.push_back(families::kautz::make(3, 4));
  line_digraphs.push_back(families::dary_de_bruijn::make(3, 5));
  for (const auto& fam : line_digraphs) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const std::string where = "N=" + std::to_string(g.nodes);
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    const auto d = distance::exact_diameter(backend, g);
    ASSERT_TRUE(d.exact) << where;
    EXPECT_EQ(d.diameter, e.diameter) << where;
    EXPECT_EQ(d.radius, e.radius) << where;
    EXPECT_GT(d.line_digraph_levels, 0u) << where;
    EXPECT_LT(d.root_nodes, g.nodes) << where;
    // The root's search (both directions from each node at most, and its witness), and
    // one BFS per level that checks the lifted witness.
    EXPECT_LE(d.bfs_runs, 2 * d.root_nodes + 1 + d.line_digraph_levels) << where;
    EXPECT_NE(d.method.find("line digraph"), std::string::npos) << d.method;
    EXPECT_EQ(test::queue_bfs(g, d.witness_source)[d.witness_target], d.diameter) << where;
    EXPECT_EQ(e.ecc[d.center], d.radius) << where;
  }
}

// A budget too small for the bounds to meet stops the search with valid bounds.
TEST_P(ExactDiameterOn, MaxBfsStopsWithBoundsAroundTheAnswer) {
  const auto g = graph::build_csr(core::backend::cpu, families::enhanced_fibonacci_cube::make(12));
  const test::all_pairs_truth e = test::brute_force_all_pairs(g);
  diameter_options opt;
  opt.max_bfs = 2;
  opt.symmetry = false;
  const auto d = distance::exact_diameter(backend, g, {}, opt);
  EXPECT_LE(d.bfs_runs, 2u);
  if (!d.exact) {
    EXPECT_LE(d.lower_bound, e.diameter);
    EXPECT_GE(d.upper_bound, e.diameter);
    EXPECT_LE(d.radius_lower_bound, e.radius);
    EXPECT_GE(d.radius_upper_bound, e.radius);
  } else {
    EXPECT_EQ(d.diameter, e.diameter);
  }
}

}  // namespace
