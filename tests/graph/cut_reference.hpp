// Brute-force connectivity for the connectivity tests, written apart from
// kernels/graph/connectivity.cpp: whether the graph stays (strongly) connected after
// removing a node set or an edge set (a queue BFS from every node left), and the
// connectivities as the least size of a set whose removal breaks it, found by trying
// every set of each size in turn.
#pragma once
#include <cstdint>
#include <functional>
#include <set>
#include <utility>
#include <vector>

#include "kernels/graph/csr.hpp"
#include "tests/distance/reference.hpp"

namespace tv::test {

using arc = std::pair<uint32_t, uint32_t>;

/// Every node left reaches every other node left, using arcs not in `cut` (an undirected
/// edge {u, v} is cut when (u, v) or (v, u) is listed); false too when at most one node is
/// left, the convention under which K_n has vertex connectivity n - 1.
inline bool stays_connected(const graph::csr_graph& g, const std::vector<char>& removed,
                            const std::set<arc>& cut = {}) {
  uint64_t left = 0;
  for (char r : removed) left += !r;
  if (left <= 1) return false;
  auto keep = [&](uint64_t u, uint64_t v) {
    if (removed[v] || removed[u]) return false;
    const arc a{static_cast<uint32_t>(u), static_cast<uint32_t>(v)};
    return !cut.count(a) && (g.directed || !cut.count({a.second, a.first}));
  };
  for (uint64_t s = 0; s < g.nodes; ++s) {
    if (removed[s]) continue;
    const auto d = queue_bfs_where(g, s, keep);
    for (uint64_t t = 0; t < g.nodes; ++t)
      if (!removed[t] && d[t] == inf) return false;
  }
  return true;
}

/// Calls `visit` on every subset of size k of 0 .. n-1 until it returns true.
inline bool any_subset(uint64_t n, uint64_t k, const std::function<bool(const std::vector<uint64_t>&)>& visit) {
  std::vector<uint64_t> pick;
  std::function<bool(uint64_t)> grow = [&](uint64_t from) {
    if (pick.size() == k) return visit(pick);
    for (uint64_t i = from; i + (k - pick.size()) <= n; ++i) {
      pick.push_back(i);
      if (grow(i + 1)) return true;
      pick.pop_back();
    }
    return false;
  };
  return grow(0);
}

/// The least number of nodes whose removal leaves the graph not (strongly) connected or
/// with at most one node.
inline uint32_t brute_vertex_connectivity(const graph::csr_graph& g) {
  for (uint64_t k = 0;; ++k)
    if (any_subset(g.nodes, k, [&](const std::vector<uint64_t>& set) {
          std::vector<char> removed(g.nodes, 0);
          for (uint64_t v : set) removed[v] = 1;
          return !stays_connected(g, removed);
        }))
      return static_cast<uint32_t>(k);
}

/// The graph's edges: arcs of a digraph, pairs u < v of an undirected graph; no loops.
/// Not named edges_of: claim_test_support.hpp's edges_of (64-bit pairs, undirected only) is
/// another inline function of tv::test with the same mangled name, and where a compiler
/// did not inline them the linker kept one body for both (host tests built at -Og read
/// 32-bit pairs as 64-bit ones).
inline std::vector<arc> edge_list_of(const graph::csr_graph& g) {
  std::vector<arc> out;
  for (uint32_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.targets[e] != u && (g.directed || u < g.targets[e])) out.emplace_back(u, g.targets[e]);
  return out;
}

/// The least number of edges (arcs) whose removal leaves the graph not (strongly)
/// connected; 0 for a single node.
inline uint32_t brute_edge_connectivity(const graph::csr_graph& g) {
  if (g.nodes <= 1) return 0;
  const std::vector<arc> edges = edge_list_of(g);
  const std::vector<char> none(g.nodes, 0);
  for (uint64_t k = 0;; ++k)
    if (any_subset(edges.size(), k, [&](const std::vector<uint64_t>& set) {
          std::set<arc> cut;
          for (uint64_t i : set) cut.insert(edges[i]);
          return !stays_connected(g, none, cut);
        }))
      return static_cast<uint32_t>(k);
}

}  // namespace tv::test
