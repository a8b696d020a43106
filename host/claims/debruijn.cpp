// Claims of papers/003 (M.-B. Lin, M.-H. Bai, "Broadcast Algorithms for Binary Directed de
// Bruijn Networks"), section D of CLAIMS.md.  Every claim is about the directed network
// DDB(k); undirected instances are outside the domain.
#include <algorithm>
#include <map>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/sim_bridge.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

int db_lemma1_distance(uint64_t x, uint64_t y, int k) {
  // c = max{s : x_s..x_1 = y_k..y_(k-s+1)}: the last s bits of X are the first s of Y.
  for (int s = k; s > 0; --s)
    if ((x & core::low_mask(s)) == (y >> (k - s))) return k - s;
  return k;
}

namespace {

using families::de_bruijn;

/// The directed network's k, or 0 (after marking the result) for an undirected instance.
int k_of(claim_env& env, claim_result& r) {
  const auto* d = env.as<de_bruijn>();
  if (!d->is_directed) {
    r.outside("the paper's claims are about the directed network DDB(k)");
    return 0;
  }
  return d->k;
}

/// BFS from every source costs N x (N + arcs).
bool pairs_affordable(claim_env& env, claim_result& r, const std::string& what) {
  const double n = static_cast<double>(env.nodes());
  const double work = n * n * 3;
  if (env.affordable(work)) return true;
  r.skip(env.over_budget(work, what));
  return false;
}

// ---- db.def ---------------------------------------------------------------------------

void check_def(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  part_list parts;
  const auto& s = env.degrees();
  const double nodes = std::ldexp(1.0, k), arcs = std::ldexp(1.0, k + 1);
  parts.add("2^k nodes", nodes, s.nodes, static_cast<double>(s.nodes) == nodes);
  parts.add("2^(k+1) arcs", arcs, s.arcs, static_cast<double>(s.arcs) == arcs);
  parts.add("out-degree 2", 2, json{{"min", s.degree_min}, {"max", s.degree_max}},
            s.degree_min == 2 && s.degree_max == 2);
  parts.add("in-degree 2", 2, json{{"min", s.in_degree_min}, {"max", s.in_degree_max}},
            s.in_degree_min == 2 && s.in_degree_max == 2);
  // The arcs of the network against Definition 1's E_k, node by node.
  const double work = nodes * 4;
  if (!env.affordable(work)) {
    parts.skip("arcs = Definition 1's E_k", "equal", env.over_budget(work, "listing the arcs"));
  } else {
    const auto& g = env.graph();
    const uint64_t mask = core::low_mask(k);
    uint64_t bad = no_node;
    for (uint64_t v = 0; v < g.nodes && bad == no_node; ++v) {
      std::vector<uint64_t> want{(2 * g.labels[v]) & mask, ((2 * g.labels[v]) & mask) + 1};
      std::vector<uint64_t> got;
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) got.push_back(g.labels[g.targets[e]]);
      std::sort(got.begin(), got.end());
      if (got != want) bad = v;
    }
    parts.add("arcs = Definition 1's E_k", "equal", bad == no_node, bad == no_node,
              bad == no_node ? json() : json{{"node", env.label(env.graph().labels[bad])}});
  }
  parts.finish(r);
}

std::string explain_def(const failure_view& f) {
  auto cex = f.counterexample();
  if (cex.contains("witness") && cex["witness"].contains("node"))
    return sentence(f, "the arcs of " + words(f, cex["witness"]["node"]) + " differ from E_k",
                    "Definition 1 claims the arcs S -> 2S, 2S+1 mod 2^k" + and_more(failing_parts(f) - 1, "failing parts"));
  return part_sentence(f, "Definition 1");
}

// ---- db.lemma1 ------------------------------------------------------------------------

void check_lemma1(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = "D(X, Y) = k - c for every ordered pair, P reaches Y in k - c steps";
  part_list parts;
  if (k == 5) {
    const int d = db_lemma1_distance(parse_bits("00100"), parse_bits("10011"), 5);
    parts.add("D(00100, 10011) on DDB(5)", 2, d, d == 2);
  }
  if (!pairs_affordable(env, r, "BFS from every node")) {
    if (!parts.empty()) parts.skip("every ordered pair", "D = BFS distance", r.reason);
    if (!parts.empty()) parts.finish(r);
    return;
  }
  const auto& g = env.graph();
  const uint64_t mask = core::low_mask(k);
  uint64_t mismatches = 0, path_failures = 0;
  json w;
  for (uint64_t x = 0; x < g.nodes; ++x) {
    const auto dist = env.bfs(static_cast<uint32_t>(x));
    for (uint64_t y = 0; y < g.nodes; ++y) {
      const int d = db_lemma1_distance(g.labels[x], g.labels[y], k);
      // P = ShiftLeft(X, y_(k-c)), ..., ShiftLeft(., y_1): follow it.
      uint64_t at = g.labels[x];
      for (int i = d - 1; i >= 0; --i) at = ((at << 1) & mask) | ((g.labels[y] >> i) & 1u);
      const bool path_ok = at == g.labels[y];
      if (dist[y] != static_cast<uint32_t>(d) || !path_ok) {
        if (w.is_null())
          w = {{"X", env.label(g.labels[x])}, {"Y", env.label(g.labels[y])}, {"lemma_1", d},
               {"bfs", dist[y] == distance::unreachable ? json() : json(dist[y])}, {"path_reaches_Y", path_ok}};
        mismatches += dist[y] != static_cast<uint32_t>(d);
        path_failures += !path_ok;
      }
    }
  }
  parts.add("every ordered pair: D = BFS distance, P reaches Y", "equal",
            json{{"pairs", g.nodes * g.nodes}, {"mismatches", mismatches}, {"path_failures", path_failures}},
            mismatches == 0 && path_failures == 0, w);
  parts.finish(r);
}

std::string explain_lemma1(const failure_view& f) {
  auto cex = f.counterexample();
  auto w = cex.value("witness", nlohmann::json::object());
  if (!w.contains("X")) return part_sentence(f, "Lemma 1");
  std::string finding = "D(" + words(f, w["X"]) + ", " + words(f, w["Y"]) + ") = " + brief(w["lemma_1"]) +
                        " by Lemma 1, " + (w["bfs"].is_null() ? std::string("unreachable") : brief(w["bfs"])) + " by BFS";
  if (!w.value("path_reaches_Y", true)) finding += "; its path misses Y";
  return sentence(f, finding, "Lemma 1 claims D(X, Y) = k - c is the distance");
}

// ---- db.lemma2, db.lemma3 -------------------------------------------------------------

void check_lemma2(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = "for every source R and node X != R, one parent of X is strictly nearer to R";
  if (!pairs_affordable(env, r, "BFS from every node")) return;
  const auto& g = env.graph();
  const auto& net = *env.as<de_bruijn>();
  uint64_t ties = 0;
  json w;
  for (uint64_t s = 0; s < g.nodes; ++s) {
    const auto dist = env.bfs(static_cast<uint32_t>(s));
    for (uint64_t x = 0; x < g.nodes; ++x) {
      if (x == s) continue;
      const uint64_t p0 = net.parent(g.labels[x], 0), p1 = net.parent(g.labels[x], 1);
      if (dist[p0] == dist[p1]) {  // labels = ranks in DDB(k)
        if (!ties++)
          w = {{"R", env.label(g.labels[s])}, {"X", env.label(g.labels[x])},
               {"parents", {env.label(p0), env.label(p1)}}, {"distance", dist[p0]}};
      }
    }
  }
  r.measured = {{"pairs", g.nodes * (g.nodes - 1)}, {"pairs_with_two_message_parents", ties}};
  r.decide(ties == 0, w);
}

std::string explain_lemma2(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "for source " + words(f, w["R"]) + ", node " + words(f, w["X"]) + " has two parents at distance " +
                         brief(w["distance"]),
                  "Lemma 2 claims the message parent is unique");
}

void check_lemma3(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = "D(X, Z) < D(X, Y) for the message parent Z of Y, and D(X, Z) = D(X, Y) - 1 when "
              "Y is not a child of X";
  if (!pairs_affordable(env, r, "BFS from every node")) return;
  const auto& g = env.graph();
  const auto& net = *env.as<de_bruijn>();
  uint64_t failures = 0, checked = 0;
  json w;
  for (uint64_t x = 0; x < g.nodes; ++x) {
    const auto dist = env.bfs(static_cast<uint32_t>(x));
    for (uint64_t y = 0; y < g.nodes; ++y) {
      if (y == x) continue;
      const uint64_t p0 = net.parent(g.labels[y], 0), p1 = net.parent(g.labels[y], 1);
      const uint64_t z = dist[p0] <= dist[p1] ? p0 : p1;  // the message parent (ties: see db.lemma2)
      const bool child = y == net.child(g.labels[x], 0) || y == net.child(g.labels[x], 1);
      ++checked;
      const bool ok = dist[z] < dist[y] && (child || dist[z] + 1 == dist[y]);
      if (!ok && !failures++)
        w = {{"X", env.label(g.labels[x])}, {"Y", env.label(g.labels[y])}, {"Z", env.label(z)},
             {"D(X,Z)", dist[z]}, {"D(X,Y)", dist[y]}, {"Y_child_of_X", child}};
    }
  }
  r.measured = {{"pairs", checked}, {"failures", failures}};
  r.decide(failures == 0, w);
}

std::string explain_lemma3(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "X = " + words(f, w["X"]) + ", Y = " + words(f, w["Y"]) + ": D(X, Z) = " + brief(w["D(X,Z)"]) +
                         ", D(X, Y) = " + brief(w["D(X,Y)"]) + " for Y's message parent Z = " + words(f, w["Z"]),
                  "Lemma 3 claims D(X, Z) = D(X, Y) - 1");
}

// ---- Broadcasts (simulator) -----------------------------------------------------------

#if TV_CLAIMS_HAVE_SIM
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
#endif

void check_thm1(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = {{"unreached", 0}, {"duplicates", 0}};
#if TV_CLAIMS_HAVE_SIM
  if (!pairs_affordable(env, r, "broadcasting from every node")) return;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_rule1, {}, false, false);
  r.measured = bcast_json(b);
  json w;
  if (b.first_incomplete_source) w["first_incomplete_source"] = env.label(*b.first_incomplete_source);
  w["unreached"] = b.unreached;
  w["duplicates"] = b.duplicates;
  r.decide(b.unreached == 0 && b.duplicates == 0, w);
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_thm1(const failure_view& f) {
  auto w = f.counterexample();
  std::string finding = brief(w["unreached"]) + " unreached, " + brief(w["duplicates"]) + " duplicate receptions";
  if (w.contains("first_incomplete_source")) finding += " (first from source " + words(f, w["first_incomplete_source"]) + ")";
  return sentence(f, finding, "Theorem 1 claims Rule 1 reaches every node exactly once");
}

void check_thm2(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = "every node receives the message at round D(R, node)";
#if TV_CLAIMS_HAVE_SIM
  if (!pairs_affordable(env, r, "broadcasting from every node")) return;
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
#else
  r.skip(sim_unavailable);
#endif
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

void check_cor1(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = {{"rounds_at_most", k}};
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_cor1(const failure_view& f) {
  auto w = f.counterexample();
  const std::string claim = "Corollary 1 claims at most k = " + brief(f.claimed()["rounds_at_most"]) + " rounds";
  if (w.contains("source"))
    return sentence(f, "from " + words(f, w["source"]) + " the broadcast takes " + count_of(w["rounds"], "round"), claim);
  return sentence(f, "the broadcast leaves " + brief(f.measured().value("unreached", nlohmann::json("some"))) + " nodes unreached", claim);
}

void check_fig2(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  if (k != 3) return r.outside("Figure 2's example runs once, on debruijn k=3");
  const json printed = json::array({json::array({"001"}), json::array({"010", "011"}),
                                    json::array({"100", "101", "110", "111"})});
  r.claimed = printed;
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
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

void check_a2a_thm3(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  r.claimed = "after k iterations every node holds every message";
#if TV_CLAIMS_HAVE_SIM
  if (!pairs_affordable(env, r, "all-to-all broadcast")) return;
  const auto b = db_broadcast(env, sim::broadcast_scheme::debruijn_all_to_all, {}, false, false);
  r.measured = bcast_json(b);
  json w;
  if (b.first_incomplete_source) w = {{"message_of", env.label(*b.first_incomplete_source)}, {"unreached", b.unreached}};
  r.decide(b.unreached == 0 && b.active_rounds <= static_cast<uint32_t>(k), w);
#else
  r.skip(sim_unavailable);
#endif
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

void check_a2a_thm4(claim_env& env, claim_result& r) {
  const int k = k_of(env, r);
  if (!k) return;
  json c;
  c["link_load_at_iteration_i"] = "<= 2^(i-1)";
  c["sum_of_loads (t_c m coefficient)"] = env.nodes() - 1;
  c["startups (t_s coefficient)"] = k;
  r.claimed = c;
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_a2a_thm4(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("iteration"))
    return sentence(f, "a link carries " + brief(w["link_load_max"]) + " messages at iteration " + brief(w["iteration"]),
                    "Theorem 4 claims at most 2^(i-1) = " + brief(w["bound"]));
  return sentence(f, "the loads sum to " + brief(w["sum_of_loads"]) + " over " + brief(w["iterations"]) + " iterations",
                  "Theorem 4 claims N - 1 = " + std::to_string(f.nodes() ? f.nodes() - 1 : 0) + " over k");
}

}  // namespace

// ---- The catalog, section D ---------------------------------------------------------------

std::vector<claim_spec> debruijn_claims() {
  const std::vector<std::string> db{"debruijn"};
  const std::string paper = "papers/003 (Lin, Bai: Broadcast in binary directed de Bruijn networks)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string parent_reading =
      "The message parent of X for source R is the parent (ShiftRight(X, 0) or ShiftRight(X, "
      "1)) nearer to R, as Lemma 2's proof uses it; distances by BFS.";
  return {
      {"db.def", src("Definition 1"), "DDB(k) has 2^k nodes and 2^(k+1) arcs; in- and out-degree 2.",
       "directed debruijn instances", "Arcs are counted with the loops at 0^k and 1^k.", db, check_def, explain_def},
      {"db.lemma1", src("Lemma 1"),
       "D(X, Y) = k - c (c the longest suffix of X equal to a prefix of Y) is the length of a "
       "shortest path, for every ordered pair; D(00100, 10011) = 2 in DDB(5).",
       "directed debruijn instances with N^2 within the budget", "", db, check_lemma1, explain_lemma1},
      {"db.lemma2", src("Lemma 2"), "The message parent of any node for any source is unique.",
       "directed debruijn instances with N^2 within the budget", parent_reading, db, check_lemma2, explain_lemma2},
      {"db.lemma3", src("Lemma 3"),
       "For the message parent Z of Y: D(X, Z) < D(X, Y), and D(X, Z) = D(X, Y) - 1 when Y is "
       "not a child of X.",
       "directed debruijn instances with N^2 within the budget", parent_reading, db, check_lemma3, explain_lemma3},
      {"db.thm1", src("Theorem 1"),
       "With Rule 1 every node receives the message and no node receives a second copy.",
       "directed debruijn instances, every source", "Rule 1 as kernels/sim/broadcast.hpp simulates it.", db,
       check_thm1, explain_thm1},
      {"db.thm2", src("Theorem 2"), "The paths used by OnetoAllBroadcast are shortest paths.",
       "directed debruijn instances, every source",
       "Every node must be informed in the round equal to its distance from the source.", db,
       check_thm2, explain_thm2},
      {"db.cor1", src("Corollary 1"),
       "OnetoAllBroadcast terminates after at most k iterations; rounds are reported against "
       "each source's eccentricity.",
       "directed debruijn instances, every source", "", db, check_cor1, explain_cor1},
      {"db.fig2", src("Figure 2 and Section 3's example"),
       "From 000 in DDB(3): 001; then 010, 011; then 100, 101, 110, 111.", "runs once, on debruijn k=3",
       "", db, check_fig2, explain_fig2},
      {"db.alltoall.thm3", src("Theorem 3"),
       "After k iterations of AlltoAllBroadcast every node holds every message.",
       "directed debruijn instances", "The algorithm as printed (a node relays all it received).", db,
       check_a2a_thm3, explain_a2a_thm3},
      {"db.alltoall.thm4", src("Theorem 4"),
       "At iteration i each link carries at most 2^(i-1) messages; the total time is t_s log N "
       "+ t_c m (N-1).",
       "directed debruijn instances",
       "Time = sum over iterations of (t_s + largest link load x t_c m); the claim holds when "
       "every load is at most 2^(i-1) and the loads sum to N-1 over k iterations.  Duplicate "
       "receptions are reported.",
       db, check_a2a_thm4, explain_a2a_thm4},
  };
}

}  // namespace tv::host::claims
