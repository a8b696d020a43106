// papers/001 Section 3.2, broadcast: the EFT up/down broadcast,
// Lemma 1, Theorem 2 and Figure 3's example, run by the simulator (kernels/sim/broadcast).
#include <map>

#include "host/claims/common.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/broadcast.hpp"

namespace tv::host::claims::efc {

namespace {

sim::broadcast_result eft_broadcast(claim_env& env, std::vector<uint64_t> sources, bool trace) {
  sim::broadcast_options o;
  o.scheme = sim::broadcast_scheme::eft;
  o.mode = sim::tree_mode::up_down;
  o.sources = std::move(sources);
  o.per_source = true;
  o.trace = trace;
  o.control = env.control();
  return sim::broadcast(env.backend(), env.net(), env.graph(), o);
}

/// Traffic witness of the broadcast claims: messages against N - 1 per source.
std::string traffic_finding(const failure_view& f) {
  auto w = f.counterexample();
  return brief(w["messages"]) + " messages, " + brief(w["expected"]) + " expected" +
         (w.value("unreached", 0) ? " (" + brief(w["unreached"]) + " nodes unreached)" : "");
}

}  // namespace

void check_lemma1(claim_env& env, claim_result& r, bool per_source) {
  const int n = order_of(env);
  const uint64_t time = 2 * static_cast<uint64_t>(ceil_div(n - 2, 2));
  const uint64_t N = env.nodes();
  r.claimed = {{"time_steps", time}, {"traffic_steps", N - 1}};
  const double work = static_cast<double>(N) * N;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "broadcasting from every source"));
  const sim::broadcast_result b = eft_broadcast(env, {}, false);
  std::map<uint32_t, uint64_t> hist;
  for (uint32_t t : b.rounds_per_source) ++hist[t];
  json h = json::object();
  for (auto [t, c] : hist) h[std::to_string(t)] = c;
  const bool traffic = b.unreached == 0 && b.messages == b.sources * (N - 1);
  r.measured = {{"rounds_max", b.rounds_max}, {"rounds_min", b.rounds_min}, {"rounds_histogram", h},
                {"messages_per_source", b.sources ? static_cast<double>(b.messages) / b.sources : 0.0},
                {"duplicates", b.duplicates}, {"unreached", b.unreached}};
  bool time_ok = b.rounds_max == time;
  json w;
  if (per_source) {
    for (uint64_t s = 0; s < b.rounds_per_source.size(); ++s)
      if (b.rounds_per_source[s] != time) {
        time_ok = false;
        w = {{"source", env.label(env.graph().labels[s])}, {"rounds", b.rounds_per_source[s]}};
        break;
      }
  } else if (!time_ok) {
    w = {{"rounds_max", b.rounds_max}};
  }
  if (!traffic && w.is_null()) w = {{"messages", b.messages}, {"expected", b.sources * (N - 1)}, {"unreached", b.unreached}};
  r.decide(time_ok && traffic, w);
}

std::string explain_lemma1(const failure_view& f) {
  auto w = f.counterexample();
  const std::string time = brief(f.claimed()["time_steps"]);
  if (w.contains("source"))
    return sentence(f, "from " + words(f, w["source"]) + " the broadcast takes " + count_of(w["rounds"], "step"),
                    "Lemma 1 claims " + time + " from every source");
  if (w.contains("rounds_max"))
    return sentence(f, "the broadcast takes at most " + count_of(w["rounds_max"], "step"), "Lemma 1 claims " + time);
  return sentence(f, traffic_finding(f), "Lemma 1 claims v_n - 1 messages per source");
}

const claim_logic efc_broadcast_lemma1 =
    with_reading("efc.broadcast.lemma1", check_lemma1, false, explain_lemma1);
const claim_logic efc_broadcast_lemma1_alt =
    with_reading("efc.broadcast.lemma1.alt", check_lemma1, true, explain_lemma1);

void check_thm2(claim_env& env, claim_result& r, bool worst_case) {
  const int n = order_of(env);
  const uint64_t N = env.nodes();
  const uint32_t gap = n % 2 == 0 ? 0 : 1;
  r.claimed = {{"traffic", N - 1}, {worst_case ? "time_over_diameter" : "time_over_eccentricity_every_source", gap}};
  const double work = static_cast<double>(N) * N;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "broadcasting from every source"));
  std::string why;
  const auto* a = env.all_pairs(&why);
  if (!a) return r.skip(why);
  const sim::broadcast_result b = eft_broadcast(env, {}, false);
  const bool traffic = b.unreached == 0 && b.messages == b.sources * (N - 1);
  std::map<int64_t, uint64_t> gaps;
  json w;
  bool time_ok = true;
  for (uint64_t s = 0; s < b.rounds_per_source.size(); ++s) {
    const int64_t gs = static_cast<int64_t>(b.rounds_per_source[s]) - a->eccentricity[s];
    ++gaps[gs];
    if (!worst_case && gs != gap && time_ok) {
      time_ok = false;
      w = {{"source", env.label(env.graph().labels[s])}, {"rounds", b.rounds_per_source[s]},
           {"eccentricity", a->eccentricity[s]}};
    }
  }
  if (worst_case) {
    time_ok = static_cast<int64_t>(b.rounds_max) - a->diameter == gap;
    if (!time_ok) w = {{"rounds_max", b.rounds_max}, {"diameter", a->diameter}};
  }
  json gj = json::object();
  for (auto [g2, c] : gaps) gj[std::to_string(g2)] = c;
  r.measured = {{"messages_per_source", b.sources ? static_cast<double>(b.messages) / b.sources : 0.0},
                {"duplicates", b.duplicates}, {"rounds_max", b.rounds_max}, {"diameter", a->diameter},
                {"gap_histogram", gj}};
  if (!traffic && w.is_null()) w = {{"messages", b.messages}, {"expected", b.sources * (N - 1)}};
  r.decide(time_ok && traffic, w);
}

std::string explain_broadcast_thm2(const failure_view& f) {
  auto w = f.counterexample();
  auto c = f.claimed();
  if (w.contains("source"))
    return sentence(f, "from " + words(f, w["source"]) + " the broadcast takes " + count_of(w["rounds"], "step") +
                           ", its eccentricity is " + brief(w["eccentricity"]),
                    "Theorem 2 claims " + count_of(c.value("time_over_eccentricity_every_source", nlohmann::json()), "step") + " more");
  if (w.contains("rounds_max"))
    return sentence(f, "the broadcast takes at most " + count_of(w["rounds_max"], "step") + ", the diameter is " + brief(w["diameter"]),
                    "Theorem 2 claims " + count_of(c.value("time_over_diameter", nlohmann::json()), "step") + " more");
  return sentence(f, traffic_finding(f), "Theorem 2 claims traffic v_n - 1");
}

const claim_logic efc_broadcast_thm2 =
    with_reading("efc.broadcast.thm2", check_thm2, false, explain_broadcast_thm2);
const claim_logic efc_broadcast_thm2_alt =
    with_reading("efc.broadcast.thm2.alt", check_thm2, true, explain_broadcast_thm2);

void check_fig3(claim_env& env, claim_result& r) {
  if (order_of(env) != 7) return r.outside("Figure 3's example runs once, on efc n=7");
  r.claimed = {{"source", "01000"}, {"steps", 4}};
  const uint64_t s = rank_of(env.graph(), parse_bits("01000"));
  const sim::broadcast_result b = eft_broadcast(env, {s}, true);
  json trace = json::array();
  for (const auto& round : b.trace) {
    json t = json::array();
    for (uint64_t v : round) t.push_back(env.label(env.graph().labels[v]));
    trace.push_back(t);
  }
  r.measured = {{"steps", b.rounds_max}, {"unreached", b.unreached}, {"newly_informed_per_step", trace}};
  r.decide(b.rounds_max == 4 && b.unreached == 0, json{{"steps", b.rounds_max}});
}

std::string explain_fig3(const failure_view& f) {
  return sentence(f, "from 01000 the broadcast takes " + count_of(f.counterexample()["steps"], "step"), "Figure 3 claims four");
}

const claim_logic efc_broadcast_fig3{"efc.broadcast.fig3", check_fig3, explain_fig3};

}  // namespace tv::host::claims::efc
