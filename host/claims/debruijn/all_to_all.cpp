// papers/003 (de Bruijn), Section 4 "All-to-All Broadcast Algorithm": after k iterations
// every node holds every message (Theorem 3, db.alltoall.thm3), and the link loads and
// total time of Theorem 4 (db.alltoall.thm4).
#include "host/claims/debruijn/sections.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::db {

void check_a2a_thm3(claim_env& env, claim_result& r) {
  const int k = k_when_pairs_affordable(env, r, "after k iterations every node holds every message", "all-to-all broadcast");
  if (!k) return;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_all_to_all, {}, false, false);
  r.measured = bcast_json(b);
  json w;
  if (b.first_incomplete_source) w = {{"message_of", env.label(*b.first_incomplete_source)}, {"unreached", b.unreached}};
  r.decide(b.unreached == 0 && b.active_rounds <= static_cast<uint32_t>(k), w);
}

std::string explain_a2a_thm3(const failure_view& f) {
  auto w = f.counterexample();
  const std::string claim = "Theorem 3 claims every node holds every message after k iterations";
  if (w.contains("message_of"))
    return sentence(f, "the message of " + words(f, w["message_of"]) + " misses nodes (" + brief(w["unreached"]) +
                           " receptions missing in all)", claim);
  return sentence(f, "the all-to-all broadcast runs " + brief(f.measured().value("active_rounds", nlohmann::json("more"))) +
                         " iterations", claim);
}

const claim_logic db_alltoall_thm3{"db.alltoall.thm3", check_a2a_thm3, explain_a2a_thm3};

void check_a2a_thm4(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  json c;
  c["link_load_at_iteration_i"] = "<= 2^(i-1)";
  c["sum_of_loads (t_c m coefficient)"] = env.nodes() - 1;
  c["startups (t_s coefficient)"] = k;
  r.claimed = c;
  if (!pairs_affordable(env, r, "all-to-all broadcast")) return;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_all_to_all, {}, false, false);
  bool ok = true;
  json loads = json::array(), w;
  uint64_t sum = 0;
  for (size_t i = 1; i < b.link_load_max.size(); ++i) {
    loads.push_back(b.link_load_max[i]);
    sum += b.link_load_max[i];
    if (i < 64 && b.link_load_max[i] > (uint64_t{1} << (i - 1)) && ok) {
      ok = false;
      w = {{"iteration", i}, {"link_load_max", b.link_load_max[i]}, {"bound", uint64_t{1} << (i - 1)}};
    }
  }
  const uint64_t iterations = b.link_load_max.size() ? b.link_load_max.size() - 1 : 0;
  if (ok && (sum != env.nodes() - 1 || iterations != static_cast<uint64_t>(k))) {
    ok = false;
    w = {{"sum_of_loads", sum}, {"iterations", iterations}};
  }
  r.measured = {{"link_load_max_per_iteration", loads}, {"sum_of_loads", sum}, {"iterations", iterations},
                {"duplicates", b.duplicates}, {"messages", b.messages}};
  r.decide(ok, w);
}

std::string explain_a2a_thm4(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("iteration"))
    return sentence(f, "a link carries " + brief(w["link_load_max"]) + " messages at iteration " + brief(w["iteration"]),
                    "Theorem 4 claims at most 2^(i-1) = " + brief(w["bound"]));
  return sentence(f, "the loads sum to " + brief(w["sum_of_loads"]) + " over " + brief(w["iterations"]) + " iterations",
                  "Theorem 4 claims N - 1 = " + std::to_string(f.nodes() ? f.nodes() - 1 : 0) + " over k");
}

const claim_logic db_alltoall_thm4{"db.alltoall.thm4", check_a2a_thm4, explain_a2a_thm4};

}  // namespace tv::host::claims::db
