// The exact diameter of a large undirected graph on one backend (run_exact_diameter<Exec>):
// iFUB, one BFS from a high-degree node and then eccentricities of its fringe sets, 64
// sources at a time through msbfs_engine, until the bounds meet.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/bfs.inl"
#include "kernels/distance/msbfs_engine.inl"

namespace tv::distance::detail {

/// iFUB (Crescenzi et al.): BFS from a high-degree node u, then eccentricities of u's
/// fringe sets from the farthest in, 64 at a time, until the bounds meet.
template <class Exec>
diameter_result run_exact_diameter(const graph::csr_graph& g, const core::run_control& control,
                                   level_mode mode, uint64_t max_bfs) {
  diameter_result r;
  r.method = "iFUB";
  const uint64_t n = g.nodes;
  if (n == 0) return r;
  if (g.directed) throw std::invalid_argument("exact diameter by iFUB needs an undirected graph");
  uint32_t u = 0;
  for (uint64_t v = 0; v < n; ++v)
    if (g.degree(v) > g.degree(u)) u = static_cast<uint32_t>(v);
  const std::vector<uint32_t> dist = bfs<Exec>(g, u);
  ++r.bfs_runs;
  uint32_t ecc_u = 0;
  for (uint64_t v = 0; v < n; ++v) {
    if (dist[v] == unreachable) {
      r.connected = false;
    } else {
      ecc_u = std::max(ecc_u, dist[v]);
    }
  }
  if (!r.connected) return r;
  std::vector<std::vector<uint32_t>> fringe(ecc_u + 1);
  for (uint64_t v = 0; v < n; ++v) fringe[dist[v]].push_back(static_cast<uint32_t>(v));
  msbfs_engine<Exec> eng(g, 1, mode);
  uint32_t lb = ecc_u, ub = 2 * ecc_u;
  for (uint32_t i = ecc_u; i > 0 && ub > lb; --i) {
    uint32_t bi = 0;
    for (size_t k = 0; k < fringe[i].size(); k += 64) {
      if (control.stop_requested()) throw core::interrupted("exact diameter stopped");
      std::vector<uint32_t> batch(fringe[i].begin() + k,
                                  fringe[i].begin() + std::min(fringe[i].size(), k + 64));
      if (max_bfs && r.bfs_runs + batch.size() > max_bfs) {
        r.exact = false;
        r.diameter = std::max(lb, bi);
        r.lower_bound = r.diameter;
        r.upper_bound = ub;
        return r;
      }
      std::vector<uint64_t> counts, grew;
      eng.run_batch(batch, counts, &grew);
      r.bfs_runs += batch.size();
      for (uint32_t level = 0; level < grew.size(); ++level)
        if (grew[level]) bi = std::max(bi, level);
    }
    lb = std::max(lb, bi);
    control.report(ecc_u - i + 1, ecc_u);
    if (lb > 2 * (i - 1)) break;
    ub = 2 * (i - 1);
  }
  r.diameter = std::max(lb, std::min(lb, ub));
  r.lower_bound = lb;
  r.upper_bound = std::max(lb, ub);
  return r;
}

}  // namespace tv::distance::detail
