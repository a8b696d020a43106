// Shortest-path counts and endpoint distances (kernels/distance/shortest_path_counts.hpp)
// against powers of the adjacency matrix: the number of walks of length d from s to t,
// at the least d where it is nonzero, is the number of shortest paths (a walk as long as
// the distance is a shortest path).  On graphs drawn here, the hypercube and built networks.
#include "kernels/distance/shortest_path_counts.hpp"

#include <gtest/gtest.h>

#include <map>

#include "kernels/graph/builders.hpp"
#include "kernels/graph/topologies/constructions.hpp"

namespace {

using namespace tv;

struct reference {
  std::map<uint64_t, uint64_t> histogram;  // paths -> ordered pairs s != t
  std::vector<uint64_t> endpoint_counts;
};

reference by_matrix_powers(const graph::csr_graph& g, const std::vector<uint32_t>& w) {
  const size_t n = g.nodes;
  std::vector<std::vector<uint64_t>> A(n, std::vector<uint64_t>(n, 0)), P = A, next = A;
  for (size_t v = 0; v < n; ++v) {
    P[v][v] = 1;
    for (uint64_t i = g.offsets[v]; i < g.offsets[v + 1]; ++i) A[v][g.targets[i]] = 1;
  }
  std::vector<std::vector<int>> dist(n, std::vector<int>(n, -1));
  reference r;
  for (int d = 0; d < static_cast<int>(n); ++d) {
    for (size_t s = 0; s < n; ++s)
      for (size_t t = 0; t < n; ++t)
        if (P[s][t] && dist[s][t] < 0) {
          dist[s][t] = d;
          if (s != t) ++r.histogram[P[s][t]];
          if (r.endpoint_counts.size() <= static_cast<size_t>(d)) r.endpoint_counts.resize(d + 1);
          r.endpoint_counts[d] += s == t ? uint64_t{w[s]} * (w[s] ? w[s] - 1 : 0) : uint64_t{w[s]} * w[t];
        }
    for (size_t s = 0; s < n; ++s)
      for (size_t t = 0; t < n; ++t) {
        next[s][t] = 0;
        for (size_t u = 0; u < n; ++u) next[s][t] += P[s][u] * A[u][t];
      }
    std::swap(P, next);
  }
  return r;
}

// 0 - 1 - 2
// |       |
// 5 - 4 - 3     the 6-cycle: opposite nodes have two shortest paths
TEST(ShortestPathCounts, TheSixCycle) {
  const auto g = graph::from_edges(6, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 0}});
  const auto r = distance::count_shortest_paths(g, {});
  EXPECT_EQ(r.path_histogram, (std::map<uint64_t, uint64_t>{{1, 24}, {2, 6}}));
  EXPECT_EQ(r.sources, 6u);
  EXPECT_EQ(r.by_distance[3].pairs, 6u);
  EXPECT_EQ(r.by_distance[3].min, 2u);
}

TEST(ShortestPathCounts, MatchMatrixPowersOnSmallNetworks) {
  namespace t = graph::topologies;
  std::vector<t::topology> nets;
  nets.push_back(t::hyperx({2, 2, 2, 2}, 1));  // Q4: antipodes joined by 4! paths
  nets.push_back(t::slim_fly(3, 2));
  nets.push_back(t::polar_fly(4, 3));
  nets.push_back(t::dragonfly(3, 2, 2));
  nets.push_back(t::fat_tree(2, 3, 2));
  nets.push_back(t::jellyfish(30, 5, 3, 4));
  for (const auto& net : nets) {
    std::vector<uint32_t> w(net.graph.nodes);
    for (uint64_t v = 0; v < net.graph.nodes; ++v) w[v] = net.facts.endpoints.of(v);
    distance::path_count_options opt;
    opt.endpoints = w;
    const auto r = distance::count_shortest_paths(net.graph, opt);
    const reference ref = by_matrix_powers(net.graph, w);
    EXPECT_EQ(r.path_histogram, ref.histogram) << net.facts.construction;
    EXPECT_EQ(r.endpoint_distance_counts, ref.endpoint_counts) << net.facts.construction;
    EXPECT_FALSE(r.saturated);
  }
  const auto q4 = distance::count_shortest_paths(nets[0].graph, {});
  EXPECT_EQ(q4.by_distance[4].max, 24u);
}

TEST(ShortestPathCounts, ASampleCountsPairsFromItsSourcesOnly) {
  const auto g = graph::topologies::hyperx({3, 3}, 1).graph;
  distance::path_count_options opt;
  opt.sources = {0, 4};
  const auto r = distance::count_shortest_paths(g, opt);
  EXPECT_EQ(r.sources, 2u);
  // From each source of K3 x K3: 4 neighbours (1 path), 4 at distance 2 (2 paths each).
  EXPECT_EQ(r.path_histogram, (std::map<uint64_t, uint64_t>{{1, 8}, {2, 8}}));
}

}  // namespace
