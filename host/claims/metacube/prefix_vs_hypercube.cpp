// papers/002 (Metacube), Section 5 "Concluding Remarks": Algorithm 2's running time is
// only k times that of Algorithm 1 on the hypercube of the same size (mc.prefix.vs_hc and
// its reading .alt).
#include <cstdio>

#include "host/claims/metacube/sections.hpp"
#include "host/claims/witness.hpp"
#include "host/records/instance_name.hpp"

namespace tv::host::claims::mc {

void check_prefix_vs_hc(claim_env& env, claim_result& r, bool total) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k < 1) return r.outside("the comparison is for k >= 1");
  r.claimed = std::string("Algorithm 2's ") + (total ? "communication + computation" : "communication") +
              " steps <= k x Algorithm 1's on " + instance_name("hypercube", {{"n", n}});
  const double work = std::ldexp(1.0, n) * n * 2;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "running Algorithm 1 on Q(n)"));
  const auto a = run_prefix(env, env.net(), sim::prefix_algorithm::metacube);
  const auto h = run_prefix(env, hypercube::make(n), sim::prefix_algorithm::hypercube);
  const uint64_t ta = total ? a.comm_steps + a.comp_steps : a.comm_steps;
  const uint64_t th = total ? h.comm_steps + h.comp_steps : h.comm_steps;
  r.measured = {{"metacube_steps", ta}, {"hypercube_steps", th},
                {"ratio", th ? static_cast<double>(ta) / static_cast<double>(th) : 0.0}, {"k", k}};
  r.decide(ta <= static_cast<uint64_t>(k) * th, r.measured);
}

std::string explain_prefix_vs_hc(const failure_view& f) {
  auto w = f.counterexample();
  const int k = static_cast<int>(w.value("k", 0LL));
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.2f", w.value("ratio", 0.0));
  return sentence(f, "Algorithm 2 takes " + brief(w["metacube_steps"]) + " steps, Algorithm 1 on the same-size hypercube " +
                         brief(w["hypercube_steps"]) + " (ratio " + ratio + ")",
                  "Section 5 claims at most k = " + std::to_string(k) + " times");
}

const claim_logic mc_prefix_vs_hc =
    with_reading("mc.prefix.vs_hc", check_prefix_vs_hc, false, explain_prefix_vs_hc);
const claim_logic mc_prefix_vs_hc_alt =
    with_reading("mc.prefix.vs_hc.alt", check_prefix_vs_hc, true, explain_prefix_vs_hc);

}  // namespace tv::host::claims::mc
