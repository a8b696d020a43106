// Brute-force references for the distance metrics (kernels/distance/distance_metrics.hpp),
// written apart from them: every distance by the queue BFS of tests/distance/reference.hpp,
// the effective diameter as an order statistic of the sorted pair distances, and the
// interpolation as konect_diameff.m of the KONECT toolbox loops over the fractions g(d).
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "tests/distance/reference.hpp"

namespace tv::test {

/// The distances of the ordered pairs s != t that have a path, sorted, and C(d): the
/// ordered pairs, the N pairs (s, s) included, at distance at most d.
struct pair_distances {
  std::vector<uint32_t> sorted;
  std::vector<uint64_t> within;
  uint32_t diameter = 0;
  bool connected = true;
};

inline pair_distances brute_force_pair_distances(const graph::csr_graph& g) {
  pair_distances p;
  std::vector<uint64_t> at(1, 0);
  for (const auto& row : distance_matrix(g))
    for (uint32_t d : row) {
      if (d == inf) {
        p.connected = false;
        continue;
      }
      if (d > 0) p.sorted.push_back(d);
      if (at.size() <= d) at.resize(d + 1, 0);
      ++at[d];
      p.diameter = std::max(p.diameter, d);
    }
  std::sort(p.sorted.begin(), p.sorted.end());
  uint64_t sum = 0;
  for (uint64_t c : at) p.within.push_back(sum += c);
  return p;
}

/// The smallest d within which at least percent% of the pairs lie: the
/// ceil(percent R / 100)-th smallest distance (0 without pairs).
inline uint32_t order_statistic(const pair_distances& p, int percent) {
  if (p.sorted.empty()) return 0;
  const uint64_t k = (static_cast<uint64_t>(percent) * p.sorted.size() + 99) / 100;
  return p.sorted[k - 1];
}

/// konect_diameff.m's loop on the fractions F(i) = C(i) / C(D): the i with F(i) <= q <
/// F(i+1), then i + (q - F(i)) / (F(i+1) - F(i)); D when there is none (q = 1), 0 when
/// F(0) > q already.
inline double konect_interpolation(const pair_distances& p, int percent) {
  const double q = percent / 100.0, total = static_cast<double>(p.within.back());
  if (p.within[0] / total > q) return 0;
  for (size_t i = 0; i + 1 < p.within.size(); ++i) {
    const double lo = p.within[i] / total, hi = p.within[i + 1] / total;
    if (lo <= q && hi > q) return static_cast<double>(i) + (q - lo) / (hi - lo);
  }
  return p.diameter;
}

}  // namespace tv::test
