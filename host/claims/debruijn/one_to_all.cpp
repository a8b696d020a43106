// papers/003 (de Bruijn), Section 3 "One-to-All Broadcast Algorithm": Rule 1's broadcast
// reaches every node once (Theorem 1, db.thm1) along shortest paths (Theorem 2, db.thm2)
// within k rounds (Corollary 1, db.cor1), and Figure 2's rounds from 000 (db.fig2), run by
// the broadcast simulator of kernels/sim/broadcast.hpp.
#include <algorithm>

#include "host/claims/debruijn/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::db {

// ---- Broadcasts (simulator) -----------------------------------------------------------

sim::broadcast_result db_broadcast(claim_env& env, sim::broadcast_scheme scheme,
                                   std::vector<uint64_t> sources, bool per_source, bool trace) {
  sim::broadcast_options o;
  o.scheme = scheme;
  o.sources = std::move(sources);
  o.per_source = per_source;
  o.trace = trace;
  o.control = env.control();
  return sim::broadcast(env.backend(), env.net(), env.graph(), o);
}

json bcast_json(const sim::broadcast_result& b) {
  return {{"sources", b.sources}, {"rounds_max", b.rounds_max}, {"rounds_min", b.rounds_min},
          {"messages", b.messages}, {"duplicates", b.duplicates}, {"unreached", b.unreached}};
}

void check_thm1(claim_env& env, claim_result& r) {
  if (!k_when_pairs_affordable(env, r, {{"unreached", 0}, {"duplicates", 0}}, "broadcasting from every node")) return;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {}, false, false);
  r.measured = bcast_json(b);
  json w;
  if (b.first_incomplete_source) w["first_incomplete_source"] = env.label(*b.first_incomplete_source);
  w["unreached"] = b.unreached;
  w["duplicates"] = b.duplicates;
  r.decide(b.unreached == 0 && b.duplicates == 0, w);
}

std::string explain_thm1(const failure_view& f) {
  auto w = f.counterexample();
  std::string finding = brief(w["unreached"]) + " unreached, " + brief(w["duplicates"]) + " duplicate receptions";
  if (w.contains("first_incomplete_source")) finding += " (first from source " + words(f, w["first_incomplete_source"]) + ")";
  return sentence(f, finding, "Theorem 1 claims Rule 1 reaches every node exactly once");
}

const claim_logic db_thm1{"db.thm1", check_thm1, explain_thm1};

void check_thm2(claim_env& env, claim_result& r) {
  if (!k_when_pairs_affordable(env, r, "every node receives the message at round D(R, node)",
                               "broadcasting from every node"))
    return;
  std::string why;
  const auto* a = env.all_pairs(&why);
  if (!a) return r.skip(why);
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {}, false, false);
  // Rule 1 sends along X -> ShiftLeft(X, b) (addresses, not the graph).  When every such
  // arc is an arc of the graph measured, no node is informed before its distance, so the
  // informed counts per round equal the counts of pairs within that distance, summed over
  // sources, exactly when every node is informed at its distance (every path is a shortest
  // path).  Otherwise (an altered graph) nodes informed early and late could balance the
  // counts, and each source's rounds are compared with its BFS distances instead.
  const auto& g = env.graph();
  const auto& net = *env.as<de_bruijn>();
  bool along_arcs = true;
  for (uint64_t v = 0; v < g.nodes && along_arcs; ++v)
    for (unsigned bit = 0; bit < 2; ++bit)
      along_arcs = along_arcs && has_arc(g, v, net.child(g.labels[v], bit));  // labels = ranks
  bool ok = b.unreached == 0;
  std::optional<size_t> first_round;
  if (along_arcs) {
    std::vector<uint64_t> within;
    uint64_t acc = 0;
    for (uint64_t c : a->distance_counts) within.push_back(acc += c);
    const size_t t_max = std::max(within.size(), b.informed_per_round.size());
    for (size_t t = 0; t < t_max; ++t) {
      const uint64_t x = t < within.size() ? within[t] : within.back();
      const uint64_t y = t < b.informed_per_round.size() ? b.informed_per_round[t] : b.informed_per_round.back();
      if (x != y && !first_round) first_round = t;
    }
    ok = ok && !first_round;
  }
  json w;
  if (!ok || !along_arcs) {
    // The smallest source whose broadcast informs some node at a round other than its distance.
    for (uint64_t s = 0; s < g.nodes && w.is_null(); ++s) {
      const auto one = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {s}, false, true);
      const auto dist = env.bfs(static_cast<uint32_t>(s));
      for (size_t t = 0; t < one.trace.size() && w.is_null(); ++t)
        for (uint64_t v : one.trace[t])
          if (dist[v] != t) {
            w = {{"source", env.label(g.labels[s])}, {"node", env.label(g.labels[v])},
                 {"round", t}, {"distance", dist[v] == distance::unreachable ? json() : json(dist[v])}};
            break;
          }
    }
    if (!w.is_null()) ok = false;
    if (!ok && w.is_null()) w = {{"first_round_differing", first_round ? json(*first_round) : json()}, {"unreached", b.unreached}};
  }
  r.measured = bcast_json(b);
  r.decide(ok, w);
}

std::string explain_thm2(const failure_view& f) {
  auto w = f.counterexample();
  const std::string claim = "Theorem 2 claims every broadcast path is a shortest path";
  if (w.contains("source"))
    return sentence(f, "from " + words(f, w["source"]) + ", node " + words(f, w["node"]) + " is reached in round " +
                           brief(w["round"]) + " at distance " + brief(w["distance"]), claim);
  return sentence(f, "round " + brief(w.value("first_round_differing", nlohmann::json())) + " differs from the BFS levels, " +
                         brief(w.value("unreached", nlohmann::json(0))) + " unreached", claim);
}

const claim_logic db_thm2{"db.thm2", check_thm2, explain_thm2};

void check_cor1(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = {{"rounds_at_most", k}};
  if (!pairs_affordable(env, r, "broadcasting from every node")) return;
  std::string why;
  const auto* a = env.all_pairs(&why);
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {}, true, false);
  json m = bcast_json(b);
  if (a && a->eccentricity_histogram.size()) {
    // Out-eccentricity of each source, from one BFS each when needed: rounds against it.
    const auto& g = env.graph();
    uint64_t equal = 0;
    for (uint64_t s = 0; s < g.nodes; ++s) {
      const auto dist = env.bfs(static_cast<uint32_t>(s));
      uint32_t ecc = 0;
      for (uint32_t d : dist)
        if (d != distance::unreachable) ecc = std::max(ecc, d);
      equal += b.rounds_per_source[s] == ecc;
    }
    m["sources_finishing_at_their_eccentricity"] = equal;
  }
  r.measured = m;
  json w;
  for (uint64_t s = 0; s < b.rounds_per_source.size(); ++s)
    if (b.rounds_per_source[s] > static_cast<uint32_t>(k)) {
      w = {{"source", env.label(env.graph().labels[s])}, {"rounds", b.rounds_per_source[s]}};
      break;
    }
  r.decide(b.rounds_max <= static_cast<uint32_t>(k) && b.unreached == 0, w);
}

std::string explain_cor1(const failure_view& f) {
  auto w = f.counterexample();
  const std::string claim = "Corollary 1 claims at most k = " + brief(f.claimed()["rounds_at_most"]) + " rounds";
  if (w.contains("source"))
    return sentence(f, "from " + words(f, w["source"]) + " the broadcast takes " + count_of(w["rounds"], "round"), claim);
  return sentence(f, "the broadcast leaves " + brief(f.measured().value("unreached", nlohmann::json("some"))) + " nodes unreached", claim);
}

const claim_logic db_cor1{"db.cor1", check_cor1, explain_cor1};

void check_fig2(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  if (k != 3) return r.outside("Figure 2's example runs once, on debruijn k=3");
  const json printed = json::array({json::array({"001"}), json::array({"010", "011"}),
                                    json::array({"100", "101", "110", "111"})});
  r.claimed = printed;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {0}, false, true);
  json trace = json::array();
  for (size_t t = 1; t < b.trace.size(); ++t) {
    std::vector<std::string> round;
    for (uint64_t v : b.trace[t]) round.push_back(env.label(env.graph().labels[v]));
    std::sort(round.begin(), round.end());
    if (!round.empty()) trace.push_back(round);
  }
  r.measured = trace;
  r.decide(trace == printed, json{{"rounds", trace}});
}

std::string explain_fig2(const failure_view& f) {
  std::string rounds;
  auto trace = f.counterexample()["rounds"];
  for (auto r : trace) {
    std::string one;
    for (auto x : r) one += (one.empty() ? "" : " ") + x.get<std::string>();
    rounds += (rounds.empty() ? "" : "; ") + one;
  }
  return sentence(f, "from 000 the rounds inform " + brief(rounds, 70), "Figure 2 shows 001; 010 011; 100 101 110 111");
}

const claim_logic db_fig2{"db.fig2", check_fig2, explain_fig2};

}  // namespace tv::host::claims::db
