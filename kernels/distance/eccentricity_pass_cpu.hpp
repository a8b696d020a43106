// The exact diameter search's pass over every node on one CPU thread (graphs below
// eccentricity_search::hybrid_bfs_nodes, undirected): a round's BFS applied to the bounds
// and the bounds scanned for the candidates left and the next sources.  The same
// arithmetic as bfs_bounds_fn and bound_scan_fn (eccentricity_bounds.hpp), which the
// device and the large graphs' threads run node by node, written as loops without a
// branch per node that the compiler vectorizes: node by node, the comparisons that pick
// the next sources went either way unpredictably, 25-58 µs a pass on EFC_20's 9,136 nodes.
// A pick is a packed key, (upper bound, distance sum) for a far node and (~lower bound,
// ~distance sum) for a central one: a max-reduction finds the largest, a second pass's
// min-reduction over node numbers the smallest node with it.
#pragma once
#include <algorithm>
#include <cstdint>

#include "kernels/distance/eccentricity_bounds.hpp"

namespace tv::distance::detail {

/// A node's bounds as a pass sees them.
struct node_bounds {
  uint32_t lo, up, dsum;
};

/// Bounds held in arrays (lo, up, dsum per node).
struct bounds_in_arrays {
  const uint32_t* __restrict lo;
  const uint32_t* __restrict up;
  const uint32_t* __restrict dsum;
  node_bounds operator()(uint64_t v) const { return {lo[v], up[v], dsum[v]}; }
};

/// b tightened by one BFS's distance d to the node (unreachable: no change), given the
/// BFS source's eccentricity, as bfs_bounds_fn does for an undirected graph.  The
/// source's own upper bound becomes its eccentricity through d + ecc with d = 0 (no
/// valid bound was below it).
inline node_bounds tightened(node_bounds b, uint32_t d, uint32_t ecc) {
  const uint32_t reached = 0u - static_cast<uint32_t>(d != unreachable);  // all ones or 0
  b.lo = std::max(b.lo, std::max(d, ecc - d) & reached);
  b.up = std::min(b.up, (d + ecc) | ~reached);
  b.dsum += d & reached;
  return b;
}

/// Bounds of a search's first `Count` BFS (one or two) computed from their distances
/// alone, from lo = 0, up = no_bound, dsum = 0: a search that ends after two BFS
/// (PN_2(n), EFC_n) never writes its bound arrays.
template <int Count>
struct bounds_from_distances {
  const uint32_t* __restrict dist[2];
  uint32_t ecc[2];
  node_bounds operator()(uint64_t v) const {
    node_bounds b = tightened(node_bounds{0, no_bound, 0}, dist[0][v], ecc[0]);
    if constexpr (Count == 2) b = tightened(b, dist[1][v], ecc[1]);
    return b;
  }
};

/// One BFS (its distances, its source's eccentricity) applied to the bound arrays.
inline void apply_bfs_to_arrays(uint64_t n, const uint32_t* __restrict dist, uint32_t ecc,
                                uint32_t* __restrict lo, uint32_t* __restrict up,
                                uint32_t* __restrict dsum) {
  for (uint64_t v = 0; v < n; ++v) {
    const node_bounds b = tightened(node_bounds{lo[v], up[v], dsum[v]}, dist[v], ecc);
    lo[v] = b.lo;
    up[v] = b.up;
    dsum[v] = b.dsum;
  }
}

inline uint64_t far_key_of(const node_bounds& b) { return uint64_t{b.up} << 32 | b.dsum; }
inline uint64_t central_key_of(const node_bounds& b) {
  return uint64_t{~b.lo} << 32 | static_cast<uint32_t>(~b.dsum);
}

/// bound_scan_fn's pass (one kind of eccentricity) over bounds given by `at`, over the
/// orbits' representatives (rep[v] == v) only when HasRep.
template <bool HasRep, class BoundsAt>
bound_scan scan_bounds(uint64_t n, const uint32_t* __restrict rep, const BoundsAt& at,
                       uint32_t diameter_lower, uint32_t radius_upper) {
  const BoundsAt bounds_at = at;  // a local copy: its pointers visibly loop-invariant
  uint32_t max_up = 0, min_lo = no_bound;
  uint64_t far_count = 0, central_count = 0, far_key = 0, central_key = 0;
  for (uint64_t v = 0; v < n; ++v) {
    const node_bounds b = bounds_at(v);
    const uint32_t counted = HasRep ? rep[v] == v : 1;
    const uint32_t far = counted & (b.up > diameter_lower);
    const uint32_t central = counted & (b.lo < radius_upper);
    // Masks rather than selects, which the vectorizer takes for control flow.
    max_up = std::max(max_up, b.up & (0u - counted));
    min_lo = std::min(min_lo, b.lo | (counted - 1u));
    far_count += far;
    central_count += central;
    // A candidate's key is never 0: its upper bound is above the diameter's lower
    // bound, its lower bound below no_bound.
    far_key = std::max(far_key, far_key_of(b) & (uint64_t{0} - far));
    central_key = std::max(central_key, central_key_of(b) & (uint64_t{0} - central));
  }
  bound_scan s;
  s.max_up[0] = max_up;
  s.min_lo = min_lo;
  s.diameter_candidates[0] = far_count;
  s.radius_candidates = central_count;
  // The smallest node of each best key, by a min-reduction too: a pass that stopped at
  // them branched at every node and took as long as the one above.  A node with the
  // best key is a candidate (its key holds the bound that made the best one).
  uint64_t far_node = ~uint64_t{0}, central_node = ~uint64_t{0};
  for (uint64_t v = 0; v < n; ++v) {
    const node_bounds b = bounds_at(v);
    const uint64_t counted = HasRep ? rep[v] == v : 1;
    const uint64_t far = counted & (far_key_of(b) == far_key);
    const uint64_t central = counted & (central_key_of(b) == central_key);
    far_node = std::min(far_node, v | (far - 1));  // v where it matches, else all ones
    central_node = std::min(central_node, v | (central - 1));
  }
  if (far_key != 0)
    s.far[0] = node_pick{static_cast<uint32_t>(far_key >> 32), static_cast<uint32_t>(far_key),
                         static_cast<uint32_t>(far_node)};
  if (central_key != 0)
    s.central = node_pick{static_cast<uint32_t>(central_key >> 32),
                          static_cast<uint32_t>(central_key), static_cast<uint32_t>(central_node)};
  return s;
}

}  // namespace tv::distance::detail
