// Checks several papers share: "a Hamming-distance path between any two nodes", "the
// diameter is D", degree bounds, and the witness formats of the records.
#pragma once
#include <cstdint>
#include <string>

#include "host/claims/claim.hpp"
// The simulators, which the claims of every paper drive (routing, broadcast, postal
// model, multicast, prefix, spanning trees); always part of the build.
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host::claims {

/// @brief "Between any two nodes there is a path whose length is their Hamming distance",
/// decided by the all-pairs engine; the witness is the smallest (source, target) pair in
/// label order whose distance differs.
void check_hamming_paths(claim_env& env, claim_result& r);

/// @brief "The diameter is `claimed`": measured by all pairs (or eccentricity bounds when the instance is
/// above the all-pairs limit); on failure the witness is the smallest pair (source, target)
/// at a distance above the claim, or, when the diameter is smaller, the smallest pair at
/// the measured diameter.
void check_diameter(claim_env& env, claim_result& r, uint64_t claimed);

/// @brief The measured diameter (all pairs or eccentricity bounds) and how it was measured;
/// raises nothing but graph_too_large.  Returns false with a reason when it cannot be
/// measured (not strongly connected, or the bounds did not meet within the claims budget).
bool measure_diameter(claim_env& env, uint32_t* diameter, std::string* method, std::string* why_not);

/// @brief Smallest pair (s, t) in rank order with d(s, t) > bound (undirected graphs; uses
/// the per-node eccentricities of all pairs, then one BFS).  False when none.
bool smallest_pair_beyond(claim_env& env, uint32_t bound, uint64_t* s, uint64_t* t, uint32_t* d);

/// @brief {"source": bits, "target": bits, ...} for a pair of ranks.
json pair_witness(claim_env& env, uint64_t s, uint64_t t);

/// @brief The all-pairs engine's smallest pair whose distance is not its Hamming distance,
/// as pair_witness plus "distance" (null when unreachable) and "hamming"; null when none.
json hamming_witness(claim_env& env, const distance::all_pairs_result& a);

/// @brief Smallest node (rank) whose degree lies outside [lo, hi], or no_node.
uint64_t first_degree_outside(claim_env& env, uint32_t lo, uint32_t hi);

/// @brief Routes every ordered pair with the simulator under each choice rule (random with
/// seed 1, lowest, highest); fills one object per rule and, on the first rule with a stuck
/// or non-minimal route, a witness.  True when no route gets stuck or exceeds H(s, d).
/// Skips (returns true with a note) when N^2 routes are over the budget.
bool simulate_routing_rules(claim_env& env, sim::routing_algorithm a, json* out, json* witness);

/// @brief Decides a routing claim: `measured` and `witness` come from its exhaustive test
/// (`ok`: it passed), to which the simulator's runs per choice rule are added under
/// "simulated"; the claim holds when both pass, and a failure of the simulator alone is
/// the witness.
void decide_with_routing_simulation(claim_env& env, claim_result& r, sim::routing_algorithm a,
                                    json measured, bool ok, json witness);

/// @brief ceil(a / b) for positive b.
inline long long ceil_div(long long a, long long b) { return (a + b - 1) / b; }

}  // namespace tv::host::claims
