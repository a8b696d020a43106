// Path diversity's second measure (issue 36, item 3): how many edge-disjoint paths join
// two routers, by unit-capacity maximum flow (max_flow.hpp: an undirected edge is two
// arcs of capacity 1, and the most arc-disjoint paths between two nodes of the bidirected
// graph is the most edge-disjoint paths of the graph).  Over every unordered pair or a
// given list of pairs, in parallel over pairs (OpenMP, one flow network per thread);
// each flow stops at min(deg s, deg t), which no pair can pass.  Every pair is made from
// its index as it is reached, never stored.  CPU only.
#pragma once
#include <cstdint>
#include <map>
#include <utility>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph {

struct disjoint_path_options {
  std::vector<std::pair<uint32_t, uint32_t>> pairs;  // empty: every unordered pair s < t
  core::run_control control;                          // progress in pairs; stop requests
};

struct disjoint_path_result {
  uint64_t pairs = 0;                        // pairs computed
  std::map<uint32_t, uint64_t> histogram;    // edge-disjoint paths -> pairs
  uint32_t min = 0, max = 0;                 // over the pairs (0 when none)
  double mean = 0;
  std::pair<uint32_t, uint32_t> min_pair{0, 0};  // a pair with the fewest (the first in order)
  /// Pairs with fewer paths than the smaller of their two degrees (the bound a pair can
  /// reach at most): 0 when every pair is as diverse as its routers' links allow.
  uint64_t below_degree_bound = 0;
};

/// @brief Edge-disjoint paths between the pairs of `opt` on the undirected graph g
/// (std::invalid_argument for a directed one or a pair out of range); raises
/// core::interrupted on a stop request.
///
/// Example: the 4-cycle 0-1-2-3-0 has two edge-disjoint paths between any two nodes
/// (both ways round): histogram {2: 6} over its 6 unordered pairs.
disjoint_path_result edge_disjoint_paths(const csr_graph& g, const disjoint_path_options& opt = {});

/// @brief The unordered pair of index i (0 <= i < n(n-1)/2, n >= 2) in the order every
/// pair is run: (0,1), (0,2), ..., (0,n-1), (1,2), ...  Example: n = 4, i = 3 gives (1, 2).
std::pair<uint32_t, uint32_t> unordered_pair_at(uint64_t n, uint64_t i);

}  // namespace tv::graph
