// papers/001 Section 3.1, unicast: the unicast algorithm and
// Theorem 1 (efc.unicast).
#include "host/claims/common.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::host::claims::efc {

// ---- efc.unicast ----------------------------------------------------------------------

void check_unicast(claim_env& env, claim_result& r) {
  r.claimed = "dim_to_hop_set is never empty; every route has length H(s, d)";
  const auto& g = env.graph();
  const double work = static_cast<double>(g.nodes) * g.nodes;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "checking every ordered pair"));
  // dim_to_hop_set(t, d) = dim_differ_set & dim_neighbor_exist_set.  A route from s only
  // ever stands at nodes t with destination d, and every hop clears one differing bit, so
  // "never empty" for every ordered pair (t, d) means no route gets stuck and every route
  // has length H(s, d), whichever dimension the random choice takes.
  std::vector<uint64_t> exist(g.nodes, 0);
  for (uint64_t v = 0; v < g.nodes; ++v)
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) exist[v] |= g.labels[v] ^ g.labels[g.targets[e]];
  uint64_t empty = 0, ft = 0, fd = 0;
  for (uint64_t t = 0; t < g.nodes; ++t)
    for (uint64_t d = 0; d < g.nodes; ++d)
      if (t != d && !((g.labels[t] ^ g.labels[d]) & exist[t]) && !empty++) {
        ft = t;
        fd = d;
      }
  json m;
  m["ordered_pairs"] = g.nodes * (g.nodes - 1);
  m["pairs_with_empty_dim_to_hop_set"] = empty;
  json w = empty ? json{{"at", env.label(g.labels[ft])}, {"destination", env.label(g.labels[fd])}} : json();
  decide_with_routing_simulation(env, r, sim::routing_algorithm::efc_unicast, std::move(m), empty == 0,
                                 std::move(w));
}

std::string explain_unicast(const failure_view& f) {
  return routing_sentence(f, "Theorem 1 claims dim_to_hop_set is never empty and routes take H(s, d) hops");
}

const claim_logic efc_unicast{"efc.unicast", check_unicast, explain_unicast};

}  // namespace tv::host::claims::efc
