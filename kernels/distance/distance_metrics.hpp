// Metrics that architects compare topologies by, computed from what the all-pairs engine
// already returns (the distance distribution, the diameter) and the maximum degree: the
// effective diameter, plain and interpolated as SNAP and KONECT report it, and the Moore
// bound with N's efficiency against it.  Pure arithmetic on a few numbers, host side.
#pragma once
#include <cstdint>
#include <vector>

namespace tv::distance {

/// @brief The smallest d such that at least `percent`% of the ordered pairs (s, t), s != t,
/// with a path from s to t are at distance at most d.  `counts[d]` is the number of ordered
/// pairs at distance d (all_pairs_result::distance_counts; counts[0], the pairs (s, s), is
/// not used).  0 when no pair s != t has a path.  `percent` in 1..100.
///
/// Example: the path 0 - 1 - 2 - 3 has counts {4, 6, 4, 2}: 12 pairs s != t, 50% of them
/// (6) lie within distance 1, 90% (10.8, so 11) within distance 3; results 1 and 3.
uint32_t effective_diameter(const std::vector<uint64_t>& counts, int percent);

/// @brief The interpolated effective diameter exactly as SNAP (TSnap::TSnapDetail::
/// CalcEffDiam in snap-core/anf.cpp, https://snap.stanford.edu/snap-1.10/doc/snapdev-ref/
/// df/d2e/anf_8cpp_source.html) and KONECT (m/konect_diameff.m of github.com/kunegis/
/// konect-toolbox) compute it, on the cumulative distribution of every ordered reachable
/// pair *including* the N pairs (u, u) at distance 0, as both tools count them (SNAP's BFS
/// distribution counts the start node at distance 0; the KONECT handbook's distance
/// distribution "includes pairs of the form (u,u), whose distance is zero"):
///
///   C(d) = counts[0] + ... + counts[d],   T = percent/100 * C(diameter),
///   D    = the smallest d with C(d) > T,
///   result = (D - 1) + (T - C(D-1)) / (C(D) - C(D-1)),
///
/// i.e. the point where the straight line between (D-1, C(D-1)) and (D, C(D)) reaches T.
/// Where no C(d) exceeds T (percent = 100) it is the diameter, as in both tools; where
/// C(0) already does (nearly no pair is reachable), 0 (SNAP returns a placeholder 1 there).
///
/// Example: the path 0 - 1 - 2 - 3: C = {4, 10, 14, 16}; 50%: T = 8, D = 1, 0 + 4/6 = 0.667;
/// 90%: T = 14.4, D = 3, 2 + 0.4/2 = 2.2.
double interpolated_effective_diameter(const std::vector<uint64_t>& counts, int percent);

/// The Moore bound for a maximum degree and a diameter, with its exact value when it fits
/// in 64 bits.
struct moore_bound_value {
  uint64_t bound = 0;     // the bound; UINT64_MAX when saturated
  bool saturated = false; // true: the bound exceeds 2^64 - 1 (`bound` is then a floor)
  long double approx = 0; // the bound in long double, for N / bound when saturated
};

/// @brief The most nodes a graph of maximum degree `degree` and diameter `diameter` can
/// have.  Undirected: 1 + d (1 + (d-1) + ... + (d-1)^(D-1)), a root, its d neighbours,
/// and (d-1) new nodes behind each node of the level before.  Directed (d the maximum
/// out-degree): 1 + d + d^2 + ... + d^D.
///
/// Example: Q(3) (d = 3, D = 3): 1 + 3 (1 + 2 + 4) = 22; K(2, 3) (directed, d = 2, D = 3):
/// 1 + 2 + 4 + 8 = 15.
moore_bound_value moore_bound(uint64_t degree, uint32_t diameter, bool directed);

}  // namespace tv::distance
