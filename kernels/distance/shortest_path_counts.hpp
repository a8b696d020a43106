// Path diversity and distances between endpoints (issue 36, items 2 and 3): from each
// source router one BFS that counts the shortest paths to every router (sigma(s, t), the
// sum of sigma over t's predecessors on the BFS DAG), so that one pass gives
//  - between routers: how many shortest paths join each ordered pair, as a histogram, and
//    its range and sum per distance;
//  - between endpoints: the distance distribution of ordered pairs of distinct endpoints,
//    each weighted by the endpoints of its two routers (distance in router-to-router hops;
//    two endpoints of one router are 0 apart).
// CPU only (OpenMP over sources); O(sources * (N + arcs)).  Exact when the sources are
// every router; the host draws a seeded sample of sources above a size and says so.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::distance {

struct path_count_options {
  std::vector<uint32_t> endpoints;  // endpoints per router; empty: none (no endpoint statistics)
  std::vector<uint32_t> sources;    // the source routers; empty: every router
  core::run_control control;
};

/// Shortest paths between routers at one distance d: pairs, and the least, greatest and
/// summed path counts.
struct paths_at_distance {
  uint64_t pairs = 0, min = UINT64_MAX, max = 0;
  double sum = 0;  // a double: sums of counts can pass 2^64
};

struct path_count_result {
  uint64_t sources = 0;
  uint64_t unreachable_pairs = 0;                  // router pairs (s, t), t not reached
  std::map<uint64_t, uint64_t> path_histogram;     // sigma -> ordered router pairs s != t
  std::vector<paths_at_distance> by_distance;      // [d], d >= 1
  bool saturated = false;                          // a count passed 2^64 - 1 and was capped
  std::vector<uint64_t> endpoint_distance_counts;  // [d] ordered pairs of distinct endpoints
  uint64_t endpoint_unreachable_pairs = 0;
};

/// @brief Counts shortest paths from every source of `opt` (see the file comment); the
/// graph must be undirected.  Polls opt.control between sources (core::interrupted).
///
/// Example: the 4-cycle 0-1-2-3-0 from every source: 8 pairs with one shortest path
/// (distance 1), 4 pairs with two (distance 2, around either side): path_histogram
/// {1: 8, 2: 4}.
path_count_result count_shortest_paths(const graph::csr_graph& g, const path_count_options& opt);

}  // namespace tv::distance
