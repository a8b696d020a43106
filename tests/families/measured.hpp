// What the family tests compare with the closed forms of the comparators (folded
// hypercube, torus, Kautz): the degree counts of the enumerated family and the exact
// all-pairs statistics of its CSR graph, both on the CPU backend; and the check that a
// family's adjacency equals a neighbor set written from its definition; and distance sums
// by BFS on a successor rule written from the definition.
#pragma once
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/support.hpp"

namespace tv::test {

struct measured_family {
  graph::degree_summary degrees;
  distance::all_pairs_result distances;
};

inline measured_family measure(const families::family& f) {
  measured_family m;
  m.degrees = graph::count_degrees(core::backend::cpu, f);
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
  m.distances = distance::all_pairs(core::backend::cpu, g, distance::all_pairs_options{});
  return m;
}

/// For every node x (by index): the family's out-neighbors, as a set of indices, equal
/// `want(i)`, with no neighbor repeated and rank_neighbor agreeing with rank.  Returns ""
/// when all hold, else the first difference.
template <class Fam>
std::string check_adjacency(const Fam& f, const std::function<std::set<uint64_t>(uint64_t)>& want) {
  for (uint64_t i = 0; i < f.size(); ++i) {
    const uint64_t x = f.unrank(i);
    std::set<uint64_t> got;
    uint64_t count = 0;
    std::string error;
    f.for_each_neighbor(x, [&](uint64_t y) {
      ++count;
      got.insert(f.rank(y));
      if (f.rank_neighbor(x, i, y) != f.rank(y)) error = "rank_neighbor wrong at node " + std::to_string(i);
    });
    if (!error.empty()) return error;
    if (count != got.size()) return "repeated neighbor at node " + std::to_string(i);
    if (got != want(i)) return "neighbors of node " + std::to_string(i) + " differ from the definition";
  }
  return "";
}

/// The sum of d(s, t) over every ordered pair by a queue BFS from each of nodes 0 .. n-1,
/// arcs from `successors(v)` (the definition, not the family's code); `unreachable` counts
/// the pairs without a path.  The Wiener index of the comparators without a closed form.
struct distance_sum {
  uint64_t sum = 0, unreachable = 0;
};
inline distance_sum bfs_distance_sum(uint64_t n, const std::function<std::vector<uint64_t>(uint64_t)>& successors) {
  distance_sum total;
  for (uint64_t s = 0; s < n; ++s) {
    std::vector<uint64_t> dist(n, ~uint64_t{0});
    std::vector<uint64_t> queue{s};
    dist[s] = 0;
    for (size_t head = 0; head < queue.size(); ++head)
      for (uint64_t w : successors(queue[head]))
        if (dist[w] == ~uint64_t{0}) {
          dist[w] = dist[queue[head]] + 1;
          queue.push_back(w);
        }
    for (uint64_t d : dist) {
      if (d == ~uint64_t{0}) ++total.unreachable;
      else total.sum += d;
    }
  }
  return total;
}

}  // namespace tv::test
