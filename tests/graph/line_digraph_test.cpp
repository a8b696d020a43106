// Line digraphs and their roots (kernels/graph/line_digraph.hpp): for line digraphs built
// by hand from random multi-digraphs H, the root found from the arcs alone gives every
// distance of G as 1 + a distance of the root (checked against a BFS on G from every
// node); graphs whose out-neighbourhoods overlap are not reduced; DDB(k)'s root is
// DDB(k-1) arc for arc.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/families/family.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/graph/line_digraph.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

/// L(H) for H given by its arcs: node i of the result is arc i, and i -> j exactly when
/// arc i ends where arc j starts.
graph::csr_graph line_digraph_of(const graph::edge_list& h_arcs) {
  graph::edge_list arcs;
  for (uint64_t i = 0; i < h_arcs.size(); ++i)
    for (uint64_t j = 0; j < h_arcs.size(); ++j)
      if (h_arcs[i].second == h_arcs[j].first) arcs.push_back({i, j});
  return graph::from_edges(h_arcs.size(), arcs, true);
}

/// A random multi-digraph on n nodes in which every node has an in- and an out-arc (a
/// cycle through all), plus chords, loops and repeated arcs among them.
graph::edge_list random_root(uint64_t& state, uint64_t n) {
  auto below = [&state](uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  graph::edge_list arcs;
  for (uint64_t v = 0; v < n; ++v) arcs.push_back({v, (v + 1) % n});
  const uint64_t chords = 1 + below(2 * n);  // at least one: a lone cycle has no smaller root
  for (uint64_t k = 0; k < chords; ++k) arcs.push_back({below(n), below(n)});
  return arcs;
}

TEST(LineDigraph, EveryDistanceIsOnePlusTheRootsFromRandomRoots) {
  uint64_t state = 2026;
  for (int trial = 0; trial < 25; ++trial) {
    const uint64_t n = 2 + trial % 9;
    const graph::edge_list h = random_root(state, n);
    const graph::csr_graph g = line_digraph_of(h);
    const auto r = graph::line_digraph_root_of(g);
    const std::string where = "trial " + std::to_string(trial) + ", H of " + std::to_string(n) + " nodes";
    ASSERT_TRUE(r.has_value()) << where;
    EXPECT_EQ(r->root.nodes, n) << where;  // a class per node of H that has out-arcs
    uint64_t tails = 0, heads = 0;
    for (uint64_t x = 0; x < r->root.nodes; ++x) tails += r->tails_at[x], heads += r->heads_at[x];
    EXPECT_EQ(tails, g.nodes) << where;
    EXPECT_EQ(heads, g.nodes) << where;
    for (uint64_t u = 0; u < g.nodes; ++u) {
      const std::vector<uint32_t> in_g = test::queue_bfs(g, u);
      const std::vector<uint32_t> in_root = test::queue_bfs(r->root, r->head[u]);
      for (uint64_t w = 0; w < g.nodes; ++w) {
        if (w == u) continue;
        const uint32_t lifted = in_root[r->tail[w]] == test::inf ? test::inf : in_root[r->tail[w]] + 1;
        ASSERT_EQ(in_g[w], lifted) << where << ", u " << u << ", w " << w;
      }
    }
  }
}

TEST(LineDigraph, OverlappingOutNeighbourhoodsAreNotReduced) {
  // 0 -> {1, 2} and 1 -> {2} share 2 but differ.
  EXPECT_FALSE(graph::line_digraph_root_of(graph::from_edges(3, {{0, 1}, {0, 2}, {1, 2}, {2, 0}}, true)));
  // A node without in-arcs is no arc of any root.
  EXPECT_FALSE(graph::line_digraph_root_of(graph::from_edges(3, {{0, 1}, {1, 2}, {2, 1}}, true)));
  // A directed cycle is its own line digraph: nothing smaller.
  EXPECT_FALSE(graph::line_digraph_root_of(graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, true)));
  // Undirected graphs are not taken.
  EXPECT_FALSE(graph::line_digraph_root_of(graph::from_edges(3, {{0, 1}, {1, 2}})));
}

TEST(LineDigraph, DeBruijnsRootIsTheNextSmallerDeBruijnArcForArc) {
  for (int k = 2; k <= 10; ++k) {
    const auto g = graph::build_csr(core::backend::cpu, families::de_bruijn::make(k, true));
    const auto smaller = graph::build_csr(core::backend::cpu, families::de_bruijn::make(k - 1, true));
    const auto r = graph::line_digraph_root_of(g);
    ASSERT_TRUE(r.has_value()) << "k " << k;
    EXPECT_EQ(r->root.labels, smaller.labels) << "k " << k;
    EXPECT_EQ(r->root.offsets, smaller.offsets) << "k " << k;
    EXPECT_EQ(r->root.targets, smaller.targets) << "k " << k;
    EXPECT_EQ(r->root.in_offsets, smaller.in_offsets) << "k " << k;
    EXPECT_EQ(r->root.in_sources, smaller.in_sources) << "k " << k;
  }
}

}  // namespace
