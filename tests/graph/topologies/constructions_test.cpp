// The architects' families (kernels/graph/topologies/constructions.hpp) against their
// papers' definitions, checked pair by pair on small instances, and against closed forms
// for N, links, degrees and diameter (the diameter by BFS, tests/graph/topologies/
// topology_reference.hpp).  The closed forms are written here from the papers, apart
// from the code's own `_shape` functions.
#include "kernels/graph/topologies/constructions.hpp"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>

#include "tests/graph/topologies/topology_reference.hpp"

namespace {

using namespace tv;
using namespace tv::graph::topologies;
using tv::testing::adjacent;
using tv::testing::bfs_diameter;
using tv::testing::degrees;

uint64_t ipow(uint64_t b, uint64_t e) {
  uint64_t v = 1;
  while (e--) v *= b;
  return v;
}

// A k-ary n-tree and a k-ary n-fly are both n levels of k^(n-1) switches, each switch
// joined to the k switches of the next level that agree with it on all digits but one
// (kernels/graph/topologies/k_ary_levels.hpp); they share their closed forms: N = n k^(n-1),
// (n-1) k^n links, diameter 2(n-1), degree k at the two end levels and 2k between, k^n
// endpoints, k at each switch of `endpoint_level`.
void expect_k_ary_levels_closed_forms(const topology& t, uint64_t k, uint64_t n, uint64_t endpoint_level,
                                      const std::string& what) {
  const uint64_t row = ipow(k, n - 1);
  ASSERT_EQ(t.graph.nodes, n * row) << what;
  EXPECT_EQ(t.graph.arcs() / 2, (n - 1) * ipow(k, n)) << what;
  EXPECT_EQ(bfs_diameter(t.graph), static_cast<int>(2 * (n - 1))) << what;
  EXPECT_EQ(t.facts.endpoints.total(t.graph.nodes), ipow(k, n)) << what;
  for (uint64_t v = 0; v < t.graph.nodes; ++v) {
    const bool end = v / row == 0 || v / row == n - 1;
    EXPECT_EQ(t.graph.degree(v), n == 1 ? 0u : static_cast<uint32_t>(end ? k : 2 * k)) << what << " " << v;
    EXPECT_EQ(t.facts.endpoints.of(v), v / row == endpoint_level ? k : 0u) << what << " " << v;
  }
}

// k-ary n-tree, Petrini & Vanneschi Definition 2: <w, l> ~ <w', l+1> iff w_i = w'_i for
// all i != l.  A 2-ary 3-tree (8 endpoints), levels top to bottom:
//   level 0:  00  10  01  11        (w_0 w_1)
//   level 1:  00  10  01  11
//   level 2:  00  10  01  11        each leaf with 2 endpoints
TEST(FatTree, IsTheKaryNTreeOfThePaper) {
  for (auto [k, n] : std::vector<std::pair<uint64_t, uint64_t>>{{2, 1}, {2, 2}, {2, 3}, {3, 3}, {4, 2}, {2, 4}, {3, 4}}) {
    const topology t = fat_tree(k, n, static_cast<uint32_t>(k));
    const uint64_t row = ipow(k, n - 1);
    expect_k_ary_levels_closed_forms(t, k, n, n - 1, std::to_string(k) + "-ary " + std::to_string(n) + "-tree");
    for (uint64_t u = 0; u < t.graph.nodes; ++u)
      for (uint64_t v = 0; v < t.graph.nodes; ++v) {
        const uint64_t lu = u / row, lv = v / row;
        bool joined = false;
        if (lv == lu + 1) {  // agree on every digit but digit lu
          joined = true;
          for (uint64_t i = 0; i + 1 < n; ++i)
            if (i != lu && (u % row) / ipow(k, i) % k != (v % row) / ipow(k, i) % k) joined = false;
        }
        if (lu == lv + 1) joined = adjacent(t.graph, v, u);
        ASSERT_EQ(adjacent(t.graph, u, v), joined) << k << "-ary " << n << "-tree " << u << " " << v;
      }
  }
}

// k-ary n-fly, Dally & Towles Section 4.1: switch <w, i> (stage i, row w of n-1 base-k
// digits) has output port j to <w', i+1>, w' = w with digit n-2-i set to j.  Closed
// forms: N = n k^(n-1), (n-1) k^n links, degree k at the end stages and 2k between,
// diameter 2(n-1), k^n terminals; destination-tag routing makes the path from a stage-0
// switch to a stage-(n-1) switch unique, counted here by brute force over the stages.
TEST(Butterfly, IsTheKaryNFlyOfDallyAndTowles) {
  for (auto [k, n] : std::vector<std::pair<uint64_t, uint64_t>>{{2, 1}, {2, 2}, {2, 3}, {3, 3}, {2, 4}, {4, 3}, {3, 4}}) {
    const topology t = butterfly(k, n, static_cast<uint32_t>(k));
    const uint64_t row = ipow(k, n - 1);
    expect_k_ary_levels_closed_forms(t, k, n, 0, std::to_string(k) + "-ary " + std::to_string(n) + "-fly");
    auto digit = [&](uint64_t w, uint64_t m) { return w / ipow(k, m) % k; };
    for (uint64_t u = 0; u < t.graph.nodes; ++u)
      for (uint64_t v = 0; v < t.graph.nodes; ++v) {
        const uint64_t su = u / row, sv = v / row, wu = u % row, wv = v % row;
        bool joined = false;
        if (sv == su + 1 || su == sv + 1) {  // agree on every digit but the channel's, n-2-min(stage)
          const uint64_t free_digit = n - 2 - std::min(su, sv);
          joined = true;
          for (uint64_t m = 0; m + 1 < n; ++m)
            if (m != free_digit && digit(wu, m) != digit(wv, m)) joined = false;
        }
        ASSERT_EQ(adjacent(t.graph, u, v), joined) << k << "-ary " << n << "-fly " << u << " " << v;
      }
    // Paths that only move forward, stage by stage, from each first-stage switch: exactly
    // one reaches each last-stage switch.
    for (uint64_t s = 0; s < row && n >= 2; ++s) {
      std::vector<uint64_t> ways(t.graph.nodes, 0);
      ways[s] = 1;
      for (uint64_t stage = 0; stage + 1 < n; ++stage)
        for (uint64_t v = stage * row; v < (stage + 1) * row; ++v)
          for (uint64_t e = t.graph.offsets[v]; e < t.graph.offsets[v + 1]; ++e)
            if (t.graph.targets[e] / row == stage + 1) ways[t.graph.targets[e]] += ways[v];
      for (uint64_t v = (n - 1) * row; v < n * row; ++v) EXPECT_EQ(ways[v], 1u) << s << " " << v;
    }
  }
  // As a graph it is the k-ary n-tree with stage i as level n-1-i, terminals at its leaves.
  const topology b = butterfly(3, 3, 3), f = fat_tree(3, 3, 3);
  const uint64_t row = 9;
  for (uint64_t u = 0; u < b.graph.nodes; ++u) {
    const uint64_t tree_u = (2 - u / row) * row + u % row;
    EXPECT_EQ(b.facts.endpoints.of(u), f.facts.endpoints.of(tree_u));
    for (uint64_t v = 0; v < b.graph.nodes; ++v)
      ASSERT_EQ(adjacent(b.graph, u, v), adjacent(f.graph, tree_u, (2 - v / row) * row + v % row));
  }
  EXPECT_THROW(butterfly(1, 3, 1), std::invalid_argument);
  EXPECT_THROW(butterfly(2, 0, 1), std::invalid_argument);
}

TEST(Dragonfly, GroupsAreCompleteAndEachPairOfGroupsHasOneGlobalLink) {
  for (auto [a, h] : std::vector<std::pair<uint64_t, uint64_t>>{{1, 1}, {1, 3}, {2, 1}, {2, 2}, {4, 2}, {3, 3}, {6, 3}}) {
    const uint64_t g = a * h + 1;
    const topology t = dragonfly(a, h, h);
    ASSERT_EQ(t.graph.nodes, a * g);
    EXPECT_EQ(t.graph.arcs() / 2, g * a * (a - 1) / 2 + g * (g - 1) / 2);
    EXPECT_EQ(degrees(t.graph).min, a - 1 + h);
    EXPECT_EQ(degrees(t.graph).max, a - 1 + h);
    std::map<std::pair<uint64_t, uint64_t>, int> global;
    for (uint64_t u = 0; u < t.graph.nodes; ++u)
      for (uint64_t v = u + 1; v < t.graph.nodes; ++v) {
        if (u / a == v / a) EXPECT_TRUE(adjacent(t.graph, u, v)) << "group " << u / a;
        else if (adjacent(t.graph, u, v)) ++global[{u / a, v / a}];
      }
    EXPECT_EQ(global.size(), g * (g - 1) / 2);
    for (const auto& [groups, links] : global) EXPECT_EQ(links, 1);
    // One local hop, one global, one local; one global hop alone when a group is one router.
    EXPECT_EQ(bfs_diameter(t.graph), a == 1 ? 1 : 3);
    EXPECT_EQ(t.facts.endpoints.total(t.graph.nodes), h * a * g);
  }
}

TEST(HyperX, IsTheHammingGraphOverItsDimensions) {
  for (const std::vector<uint64_t>& S : std::vector<std::vector<uint64_t>>{{5}, {2, 3}, {4, 4}, {2, 3, 4}, {3, 3, 3}}) {
    const topology t = hyperx(S, 2);
    uint64_t n = 1, degree = 0;
    for (uint64_t s : S) n *= s, degree += s - 1;
    ASSERT_EQ(t.graph.nodes, n);
    EXPECT_EQ(degrees(t.graph).min, degree);
    EXPECT_EQ(degrees(t.graph).max, degree);
    auto coordinates_differing = [&](uint64_t u, uint64_t v) {
      int differ = 0;
      for (uint64_t s : S) differ += u % s != v % s, u /= s, v /= s;
      return differ;
    };
    for (uint64_t u = 0; u < n; ++u)
      for (uint64_t v = 0; v < n; ++v) ASSERT_EQ(adjacent(t.graph, u, v), coordinates_differing(u, v) == 1);
    EXPECT_EQ(bfs_diameter(t.graph), static_cast<int>(S.size()));
  }
}

TEST(FlattenedButterfly, IsTheHyperXOfNMinusOneDimensionsOfK) {
  const topology f = flattened_butterfly(4, 3, 4), h = hyperx({4, 4}, 4);
  EXPECT_EQ(f.graph.offsets, h.graph.offsets);
  EXPECT_EQ(f.graph.targets, h.graph.targets);
  EXPECT_EQ(f.facts.endpoints.total(f.graph.nodes), 64u);  // k^n endpoints, as the k-ary n-fly's
  EXPECT_THROW(flattened_butterfly(4, 1, 4), std::invalid_argument);
}

// Slim Fly: N = 2 q^2, network degree k' = (3q - delta)/2, diameter 2 (Besta & Hoefler,
// Section 3.1); q = 5 is the Hoffman-Singleton graph, which meets the Moore bound.
TEST(SlimFly, DiameterTwoDegreeAndMooreEfficiencyAsPublished) {
  for (uint64_t q : {3u, 4u, 5u, 7u, 8u, 9u, 11u, 13u, 16u}) {
    const int delta = q % 4 == 3 ? -1 : static_cast<int>(q % 4);
    const uint64_t k = static_cast<uint64_t>((3 * static_cast<int64_t>(q) - delta) / 2);
    const topology t = slim_fly(q, static_cast<uint32_t>((k + 1) / 2));
    ASSERT_EQ(t.graph.nodes, 2 * q * q) << q;
    EXPECT_EQ(degrees(t.graph).min, k) << q;
    EXPECT_EQ(degrees(t.graph).max, k) << q;
    EXPECT_EQ(bfs_diameter(t.graph), 2) << q;
    const double efficiency = static_cast<double>(t.graph.nodes) / static_cast<double>(1 + k * k);
    if (q == 5) EXPECT_DOUBLE_EQ(efficiency, 1.0);
    if (q >= 7) EXPECT_GT(efficiency, 0.8) << q;   // about 8/9 for large q
    EXPECT_LE(efficiency, 1.0) << q;
  }
  EXPECT_THROW(slim_fly(6, 1), std::invalid_argument);   // 6 = 4w + 2
  EXPECT_THROW(slim_fly(15, 1), std::invalid_argument);  // no prime power
}

// PolarFly: ER_q, q^2 + q + 1 routers, q + 1 of degree q (the quadrics) and the rest of
// degree q + 1, diameter 2 (Lakhotia et al., Section 3).  For prime q, adjacency checked
// here by integer dot products mod q on the normalized points.
TEST(PolarFly, IsTheOrthogonalityGraphOfPG2q) {
  for (uint64_t q : {2u, 3u, 4u, 5u, 7u, 8u, 9u, 11u, 13u}) {
    const topology t = polar_fly(q, 1);
    const uint64_t n = q * q + q + 1;
    ASSERT_EQ(t.graph.nodes, n) << q;
    EXPECT_EQ(t.graph.arcs() / 2, q * (q + 1) * (q + 1) / 2) << q;
    uint64_t quadrics = 0;
    for (uint64_t v = 0; v < n; ++v) {
      ASSERT_TRUE(t.graph.degree(v) == q || t.graph.degree(v) == q + 1) << q;
      quadrics += t.graph.degree(v) == q;
    }
    EXPECT_EQ(quadrics, q + 1) << q;
    EXPECT_EQ(bfs_diameter(t.graph), 2) << q;
    EXPECT_GT(static_cast<double>(n) / static_cast<double>(1 + (q + 1) * (q + 1)), q >= 7 ? 0.85 : 0.6);
    if (q == 2 || q == 3 || q == 5 || q == 7 || q == 11 || q == 13) {
      std::vector<std::array<uint64_t, 3>> point;
      for (uint64_t a = 0; a < q; ++a)
        for (uint64_t b = 0; b < q; ++b) point.push_back({1, a, b});
      for (uint64_t b = 0; b < q; ++b) point.push_back({0, 1, b});
      point.push_back({0, 0, 1});
      for (uint64_t u = 0; u < n; ++u)
        for (uint64_t v = 0; v < n; ++v) {
          const uint64_t dot = (point[u][0] * point[v][0] + point[u][1] * point[v][1] + point[u][2] * point[v][2]) % q;
          ASSERT_EQ(adjacent(t.graph, u, v), u != v && dot == 0) << q << ": " << u << " " << v;
        }
    }
  }
}

TEST(Jellyfish, SeededRandomRegularGraphIsReproducible) {
  const topology a = jellyfish(60, 8, 5, 7), b = jellyfish(60, 8, 5, 7), c = jellyfish(60, 8, 5, 8);
  EXPECT_EQ(a.graph.targets, b.graph.targets);
  EXPECT_EQ(a.graph.offsets, b.graph.offsets);
  EXPECT_NE(a.graph.targets, c.graph.targets);
  for (const topology* t : {&a, &c}) {
    EXPECT_EQ(degrees(t->graph).min, 5u);  // N r = 300 is even: every switch has degree r
    EXPECT_EQ(degrees(t->graph).max, 5u);
  }
  for (uint64_t N : {10u, 31u, 200u})
    for (uint64_t r : {3u, 4u, 7u}) {
      const topology t = jellyfish(N, r + 1, r, 1);
      uint64_t arcs = 0;
      for (uint64_t v = 0; v < N; ++v) {
        EXPECT_GE(t.graph.degree(v), r - 1);
        EXPECT_LE(t.graph.degree(v), r);
        arcs += t.graph.degree(v);
      }
      EXPECT_EQ(arcs, N * r - (N * r) % 2) << N << " " << r;  // all ports used but an odd one
      EXPECT_EQ(t.facts.endpoints.total(N), N);
    }
  EXPECT_THROW(jellyfish(10, 3, 10, 1), std::invalid_argument);
}

}  // namespace
