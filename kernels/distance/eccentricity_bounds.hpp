// The per-node steps of the exact diameter and radius search (exact_diameter.inl), as
// functors that run on either backend: lower and upper eccentricity bounds of every node
// tightened by one BFS (Takes and Kosters, "Determining the diameter of small world
// networks", 2011; Borassi et al., "Fast diameter and radius BFS-based computation in
// (weakly connected) real-world graphs", 2015, for the directed bounds and the choice of
// the next source), pooled over orbits of automorphisms, and one pass that counts the
// nodes still undecided and picks the next sources.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"
#include "kernels/distance/all_pairs.hpp"

namespace tv::distance::detail {

/// An upper bound not known yet (and a node not picked).
inline constexpr uint32_t no_bound = 0xFFFFFFFFu;

/// One BFS's distances applied to every node it reached.  `same` is the eccentricity in
/// the BFS's direction (forward BFS from x: d(x, .), the out-eccentricity), `opp` the
/// other one; an undirected graph has one kind, and both point to the same arrays.
/// With dist[v] = the BFS's distance between x and v, and e = the BFS's eccentricity of x:
///   opposite eccentricity of v >= dist[v]                (x itself is that far from v)
///   opposite eccentricity of v <= dist[v] + opp_upper   (every path through x)
///   same eccentricity of v >= e - dist[v]               (triangle inequality)
/// Forward BFS from x, for instance: ecc_in(v) >= d(x, v); ecc_in(v) <= d(x, v) + ecc_in(x);
/// ecc_out(v) >= ecc_out(x) - d(x, v).  Valid within x's component (strongly connected
/// for a directed graph): nodes the BFS did not reach are left as they are.
struct bfs_bounds_fn {
  const uint32_t* dist;
  uint32_t source;
  uint32_t ecc;        // exact: the BFS's own eccentricity of source
  uint32_t opp_upper;  // an upper bound on source's other eccentricity, or no_bound
  uint32_t* lo_same;
  uint32_t* up_same;
  uint32_t* lo_opp;
  uint32_t* up_opp;
  uint32_t* dsum;      // per node: sum of its distances to the sources so far (tie-break)
  TV_HD void operator()(uint64_t v) const {
    const uint32_t d = dist[v];
    if (d == unreachable) return;
    dsum[v] += d;
    if (lo_opp[v] < d) lo_opp[v] = d;
    if (opp_upper != no_bound && d + opp_upper < up_opp[v]) up_opp[v] = d + opp_upper;
    const uint32_t far = ecc - d;
    if (lo_same[v] < far) lo_same[v] = far;
    if (v == source) up_same[v] = ecc;
  }
};

/// Eccentricities are constant on an orbit: its members' bounds tighten its
/// representative's (the search runs over representatives only).  Orbit o's members are
/// members[begin[o] .. begin[o + 1]), the first its representative.
struct pool_orbit_bounds_fn {
  const uint64_t* begin;
  const uint32_t* members;
  uint32_t* lo[2];
  uint32_t* up[2];
  int kinds;  // 1 undirected, 2 directed (out, in)
  TV_HD void operator()(uint64_t o) const {
    const uint32_t r = members[begin[o]];
    for (int k = 0; k < kinds; ++k) {
      uint32_t l = lo[k][r], u = up[k][r];
      for (uint64_t i = begin[o] + 1; i < begin[o + 1]; ++i) {
        const uint32_t m = members[i];
        if (lo[k][m] > l) l = lo[k][m];
        if (up[k][m] < u) u = up[k][m];
      }
      lo[k][r] = l;
      up[k][r] = u;
    }
  }
};

/// A candidate source: larger key first, then larger tie, then the smaller node.
struct node_pick {
  uint32_t key = 0, tie = 0, node = no_bound;
  TV_HD bool better_than(const node_pick& o) const {
    if (node == no_bound) return false;
    if (o.node == no_bound) return true;
    if (key != o.key) return key > o.key;
    if (tie != o.tie) return tie > o.tie;
    return node < o.node;
  }
};

/// What one pass over the representatives finds: how many could still raise the
/// diameter's lower bound (upper bound above it, per kind) or lower the radius's upper
/// bound (out-eccentricity's lower bound below it), the bounds of both, and the next
/// sources: the node of largest upper bound (a far one) and of smallest lower bound (a
/// central one), ties to the larger (smaller) distance sum, as SumSweep chooses.
struct bound_scan {
  uint64_t diameter_candidates[2] = {0, 0};
  uint64_t radius_candidates = 0;
  uint32_t max_up[2] = {0, 0};  // the diameter's upper bound, per kind
  uint32_t min_lo = no_bound;   // the radius's lower bound
  node_pick far[2];
  node_pick central;            // key = ~lower bound, tie = ~distance sum
};

struct bound_scan_fn {
  const uint32_t* rep;  // null without orbits
  const uint32_t* lo[2];
  const uint32_t* up[2];
  const uint32_t* dsum;
  int kinds;
  uint32_t diameter_lower;  // the largest exact eccentricity found
  uint32_t radius_upper;    // the smallest exact out-eccentricity found
  TV_HD bound_scan operator()(uint64_t v) const {
    bound_scan s;
    add(s, v);
    return s;
  }
  /// Node v added to s in place: the loop of one thread runs this, without a join per node.
  TV_HD void add(bound_scan& s, uint64_t v) const {
    if (rep && rep[v] != v) return;
    const uint32_t node = static_cast<uint32_t>(v);
    for (int k = 0; k < kinds; ++k) {
      const uint32_t u = up[k][v];
      if (u > s.max_up[k]) s.max_up[k] = u;
      if (u > diameter_lower) {
        ++s.diameter_candidates[k];
        const node_pick p{u, dsum[v], node};
        if (p.better_than(s.far[k])) s.far[k] = p;
      }
    }
    const uint32_t l = lo[0][v];
    if (l < s.min_lo) s.min_lo = l;
    if (l < radius_upper) {
      ++s.radius_candidates;
      const node_pick p{~l, ~dsum[v], node};
      if (p.better_than(s.central)) s.central = p;
    }
  }
};

struct bound_scan_join {
  TV_HD bound_scan operator()(const bound_scan& a, const bound_scan& b) const {
    bound_scan s;
    for (int k = 0; k < 2; ++k) {
      s.diameter_candidates[k] = a.diameter_candidates[k] + b.diameter_candidates[k];
      s.max_up[k] = a.max_up[k] > b.max_up[k] ? a.max_up[k] : b.max_up[k];
      s.far[k] = a.far[k].better_than(b.far[k]) ? a.far[k] : b.far[k];
    }
    s.radius_candidates = a.radius_candidates + b.radius_candidates;
    s.min_lo = a.min_lo < b.min_lo ? a.min_lo : b.min_lo;
    s.central = a.central.better_than(b.central) ? a.central : b.central;
    return s;
  }
};

}  // namespace tv::distance::detail
