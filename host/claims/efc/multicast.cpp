// papers/001 Section 3.3, multicast: the EFT-tree and Hamiltonian
// cycle heuristics, run by the simulator (kernels/sim/multicast).
#include <algorithm>

#include "host/checks/sim_names.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/multicast.hpp"

namespace tv::host::claims::efc {

using families::enhanced_fibonacci_cube;

void check_multicast(claim_env& env, claim_result& r) {
  r.claimed = "both heuristics deliver to every destination";
  const auto& f = *env.as<enhanced_fibonacci_cube>();
  part_list parts;
  for (auto scheme : {sim::multicast_scheme::eft_tree, sim::multicast_scheme::hamiltonian}) {
    sim::multicast_options o;
    o.scheme = scheme;
    o.instances = 1000;
    o.destinations = static_cast<uint32_t>(std::min<uint64_t>(8, env.nodes() - 1));
    o.seed = 1;
    const std::string name = sim_name(scheme);
    const std::string why = o.destinations == 0 ? "EFC_n has one node" : sim::multicast_unsupported(f, o);
    if (!why.empty()) {
      parts.skip(name, "every destination reached", why);
      continue;
    }
    const sim::multicast_result m = sim::multicast(env.backend(), f, o);
    const double k = static_cast<double>(m.instances ? m.instances : 1);
    json mj{{"instances", m.instances}, {"destinations", m.destinations},
            {"delivered_all", m.delivered_all}, {"undelivered", m.undelivered},
            {"time_mean", m.time_sum / k}, {"time_bound_mean", m.time_bound_sum / k},
            {"traffic_mean", m.traffic_sum / k}, {"traffic_bound_mean", m.traffic_bound_sum / k},
            {"time_at_bound", m.time_at_bound}, {"traffic_at_bound", m.traffic_at_bound},
            {"max_time_gap", m.max_time_gap}, {"max_traffic_gap", m.max_traffic_gap}};
    parts.add(name, "every destination reached", mj, m.delivered_all == m.instances,
              json{{"undelivered", m.undelivered}});
  }
  parts.finish(r);
}

std::string explain_multicast(const failure_view& f) {
  auto cex = f.counterexample();
  return sentence(f, "the " + cex.value("part", std::string("?")) + " heuristic leaves " +
                         brief(cex.value("witness", nlohmann::json::object()).value("undelivered", nlohmann::json("some"))) +
                         " destinations undelivered",
                  "Section 3.3 claims both deliver to every destination" + and_more(failing_parts(f) - 1, "failing heuristic"));
}

const claim_logic efc_multicast{"efc.multicast", check_multicast, explain_multicast};

}  // namespace tv::host::claims::efc
