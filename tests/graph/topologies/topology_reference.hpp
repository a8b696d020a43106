// Brute force for the architects' families' tests: BFS distances on a CSR, written apart
// from the distance engine, and the degree range.
#pragma once
#include <algorithm>
#include <cstdint>
#include <queue>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::testing {

/// Largest finite distance over all ordered pairs; -1 when some pair is unreachable.
inline int bfs_diameter(const graph::csr_graph& g) {
  int diameter = 0;
  std::vector<int> dist(g.nodes);
  for (uint64_t s = 0; s < g.nodes; ++s) {
    std::fill(dist.begin(), dist.end(), -1);
    std::queue<uint64_t> todo;
    dist[s] = 0;
    todo.push(s);
    while (!todo.empty()) {
      const uint64_t v = todo.front();
      todo.pop();
      for (uint64_t i = g.offsets[v]; i < g.offsets[v + 1]; ++i)
        if (dist[g.targets[i]] < 0) dist[g.targets[i]] = dist[v] + 1, todo.push(g.targets[i]);
    }
    for (int d : dist) {
      if (d < 0) return -1;
      diameter = std::max(diameter, d);
    }
  }
  return diameter;
}

inline bool adjacent(const graph::csr_graph& g, uint64_t u, uint64_t v) {
  return std::binary_search(g.targets.begin() + g.offsets[u], g.targets.begin() + g.offsets[u + 1],
                            static_cast<uint32_t>(v));
}

struct degree_range { uint32_t min = UINT32_MAX, max = 0; };
inline degree_range degrees(const graph::csr_graph& g) {
  degree_range r;
  for (uint64_t v = 0; v < g.nodes; ++v) r.min = std::min(r.min, g.degree(v)), r.max = std::max(r.max, g.degree(v));
  return r;
}

}  // namespace tv::testing
