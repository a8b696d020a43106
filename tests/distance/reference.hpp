// Brute-force distance references for the engine tests: a queue BFS per source on the
// CSR, written independently of kernels/distance.
#pragma once
#include <cstdint>
#include <deque>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::test {

constexpr uint32_t inf = 0xFFFFFFFFu;

/// Distances from s following out-arcs (plain queue BFS).
inline std::vector<uint32_t> queue_bfs(const graph::csr_graph& g, uint64_t s) {
  std::vector<uint32_t> d(g.nodes, inf);
  std::deque<uint64_t> q{s};
  d[s] = 0;
  while (!q.empty()) {
    const uint64_t u = q.front();
    q.pop_front();
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t v = g.targets[e];
      if (d[v] == inf) {
        d[v] = d[u] + 1;
        q.push_back(v);
      }
    }
  }
  return d;
}

/// Full distance matrix (row s = distances from s).
inline std::vector<std::vector<uint32_t>> distance_matrix(const graph::csr_graph& g) {
  std::vector<std::vector<uint32_t>> m;
  for (uint64_t s = 0; s < g.nodes; ++s) m.push_back(queue_bfs(g, s));
  return m;
}

}  // namespace tv::test
