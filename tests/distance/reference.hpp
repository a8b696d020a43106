// Brute-force distance references for the engine tests: a queue BFS per source on the
// CSR and every all-pairs statistic from the full distance matrix, written independently
// of kernels/distance; and the comparison of an engine result with them.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::test {

constexpr uint32_t inf = 0xFFFFFFFFu;

/// Distances from s following the out-arcs u -> v that `keep(u, v)` allows (plain queue
/// BFS); inf where unreached.
template <class Keep>
std::vector<uint32_t> queue_bfs_where(const graph::csr_graph& g, uint64_t s, Keep keep) {
  std::vector<uint32_t> d(g.nodes, inf);
  std::deque<uint64_t> q{s};
  d[s] = 0;
  while (!q.empty()) {
    const uint64_t u = q.front();
    q.pop_front();
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t v = g.targets[e];
      if (d[v] == inf && keep(u, v)) {
        d[v] = d[u] + 1;
        q.push_back(v);
      }
    }
  }
  return d;
}

/// Distances from s following every out-arc.
inline std::vector<uint32_t> queue_bfs(const graph::csr_graph& g, uint64_t s) {
  return queue_bfs_where(g, s, [](uint64_t, uint64_t) { return true; });
}

/// Full distance matrix (row s = distances from s).
inline std::vector<std::vector<uint32_t>> distance_matrix(const graph::csr_graph& g) {
  std::vector<std::vector<uint32_t>> m;
  for (uint64_t s = 0; s < g.nodes; ++s) m.push_back(queue_bfs(g, s));
  return m;
}

/// Every all-pairs statistic by brute force.  Eccentricities are over the reachable
/// targets; the radius of a graph without nodes stays ~0u.
struct all_pairs_truth {
  uint32_t diameter = 0, radius = ~0u;
  std::vector<uint64_t> counts, ecc_hist;
  uint64_t unreachable = 0, dsum = 0;
  std::vector<uint32_t> ecc;
  std::vector<uint64_t> node_dsum;
  bool hamming = true;  // every distance equals the labels' Hamming distance
};

inline all_pairs_truth brute_force_all_pairs(const graph::csr_graph& g) {
  all_pairs_truth e;
  const auto m = distance_matrix(g);
  e.ecc.assign(g.nodes, 0);
  e.node_dsum.assign(g.nodes, 0);
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint64_t t = 0; t < g.nodes; ++t) {
      const uint32_t d = m[s][t];
      e.hamming &= d == static_cast<uint32_t>(__builtin_popcountll(g.labels[s] ^ g.labels[t]));
      if (d == inf) {
        ++e.unreachable;
        continue;
      }
      if (e.counts.size() <= d) e.counts.resize(d + 1, 0);
      ++e.counts[d];
      e.dsum += d;
      e.node_dsum[s] += d;
      e.ecc[s] = std::max(e.ecc[s], d);
    }
  for (uint64_t s = 0; s < g.nodes; ++s) {
    e.diameter = std::max(e.diameter, e.ecc[s]);
    e.radius = std::min(e.radius, e.ecc[s]);
    if (e.ecc_hist.size() <= e.ecc[s]) e.ecc_hist.resize(e.ecc[s] + 1, 0);
    ++e.ecc_hist[e.ecc[s]];
  }
  return e;
}

/// Every pair's distance equals the Hamming distance of its labels (an unreachable pair
/// does not): the graph is an isometric subgraph of its hypercube.
inline bool distances_are_hamming(const graph::csr_graph& g) { return brute_force_all_pairs(g).hamming; }

/// Q(4) without 0111, 1011 and 1101: pairs around the hole need detours, so the Hamming
/// check fails there and names a counterexample.
inline graph::csr_graph hypercube_with_a_hole() {
  std::vector<uint64_t> labels;
  for (uint64_t x = 0; x < 16; ++x)
    if (x != 0b0111 && x != 0b1011 && x != 0b1101) labels.push_back(x);
  return graph::hamming_graph(labels);
}

/// Expects every statistic of an all-pairs run (with per_node) to equal the brute force.
/// All pairs as a graph of one's own runs it: relabelled for locality, no orbits, per-node
/// statistics, W as given (0: the run's choice).
inline distance::all_pairs_options relabelled_options(int W) {
  distance::all_pairs_options opt;
  opt.words = W;
  opt.per_node = true;
  opt.symmetry = false;
  opt.locality_order = true;
  return opt;
}

inline void expect_all_pairs_equal(const distance::all_pairs_result& r, const all_pairs_truth& e,
                                   const std::string& what) {
  EXPECT_EQ(r.diameter, e.diameter) << what;
  EXPECT_EQ(r.radius, e.radius) << what;
  EXPECT_EQ(r.distance_counts, e.counts) << what;
  EXPECT_EQ(r.unreachable_pairs, e.unreachable) << what;
  EXPECT_EQ(r.distance_sum, e.dsum) << what;
  EXPECT_EQ(r.eccentricity_histogram, e.ecc_hist) << what;
  EXPECT_EQ(r.eccentricity, e.ecc) << what;
  EXPECT_EQ(r.per_node_distance_sum, e.node_dsum) << what;
}

}  // namespace tv::test
