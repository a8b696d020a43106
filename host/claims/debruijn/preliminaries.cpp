// papers/003 (de Bruijn), Section 2 "Preliminaries": Definition 1 of DDB(k) (db.def),
// Lemma 1's distance D(X, Y) = k - c (db.lemma1) and the message parent of Lemmas 2 and 3
// (db.lemma2, db.lemma3), each against BFS on the network built.
#include <algorithm>

#include "host/claims/debruijn/sections.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

int db_lemma1_distance(uint64_t x, uint64_t y, int k) {
  // c = max{s : x_s..x_1 = y_k..y_(k-s+1)}: the last s bits of X are the first s of Y.
  for (int s = k; s > 0; --s)
    if ((x & core::low_mask(s)) == (y >> (k - s))) return k - s;
  return k;
}

}  // namespace tv::host::claims

namespace tv::host::claims::db {

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

int k_when_pairs_affordable(claim_env& env, claim_result& r, const json& claimed, const std::string& what) {
  const int k = k_of(env, r);
  if (!k) return 0;
  r.claimed = claimed;
  return pairs_affordable(env, r, what) ? k : 0;
}

/// Calls visit(dist, s, x, p0, p1) for every source s and every other node x, in index
/// order: dist is the BFS distances from s, p0 and p1 are x's two parents (labels = ranks
/// in DDB(k), so a parent's label is its index).
template <class Visit>
void for_each_pair_with_parents(claim_env& env, Visit visit) {
  const auto& g = env.graph();
  const auto& net = *env.as<de_bruijn>();
  for (uint64_t s = 0; s < g.nodes; ++s) {
    const auto dist = env.bfs(static_cast<uint32_t>(s));
    for (uint64_t x = 0; x < g.nodes; ++x)
      if (x != s) visit(dist, s, x, net.parent(g.labels[x], 0), net.parent(g.labels[x], 1));
  }
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

const claim_logic db_def{"db.def", check_def, explain_def};

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

const claim_logic db_lemma1{"db.lemma1", check_lemma1, explain_lemma1};

// ---- db.lemma2, db.lemma3 -------------------------------------------------------------

void check_lemma2(claim_env& env, claim_result& r) {
  if (!k_when_pairs_affordable(env, r, "for every source R and node X != R, one parent of X is strictly nearer to R",
                               "BFS from every node"))
    return;
  const auto& g = env.graph();
  uint64_t ties = 0;
  json w;
  for_each_pair_with_parents(env, [&](const auto& dist, uint64_t s, uint64_t x, uint64_t p0, uint64_t p1) {
    if (dist[p0] == dist[p1] && !ties++)
      w = {{"R", env.label(g.labels[s])}, {"X", env.label(g.labels[x])},
           {"parents", {env.label(p0), env.label(p1)}}, {"distance", dist[p0]}};
  });
  r.measured = {{"pairs", g.nodes * (g.nodes - 1)}, {"pairs_with_two_message_parents", ties}};
  r.decide(ties == 0, w);
}

std::string explain_lemma2(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "for source " + words(f, w["R"]) + ", node " + words(f, w["X"]) + " has two parents at distance " +
                         brief(w["distance"]),
                  "Lemma 2 claims the message parent is unique");
}

const claim_logic db_lemma2{"db.lemma2", check_lemma2, explain_lemma2};

void check_lemma3(claim_env& env, claim_result& r) {
  if (!k_when_pairs_affordable(env, r,
                               "D(X, Z) < D(X, Y) for the message parent Z of Y, and D(X, Z) = D(X, Y) - 1 when "
                               "Y is not a child of X",
                               "BFS from every node"))
    return;
  const auto& g = env.graph();
  const auto& net = *env.as<de_bruijn>();
  uint64_t failures = 0, checked = 0;
  json w;
  for_each_pair_with_parents(env, [&](const auto& dist, uint64_t x, uint64_t y, uint64_t p0, uint64_t p1) {
    const uint64_t z = dist[p0] <= dist[p1] ? p0 : p1;  // the message parent (ties: see db.lemma2)
    const bool child = y == net.child(g.labels[x], 0) || y == net.child(g.labels[x], 1);
    ++checked;
    const bool ok = dist[z] < dist[y] && (child || dist[z] + 1 == dist[y]);
    if (!ok && !failures++)
      w = {{"X", env.label(g.labels[x])}, {"Y", env.label(g.labels[y])}, {"Z", env.label(z)},
           {"D(X,Z)", dist[z]}, {"D(X,Y)", dist[y]}, {"Y_child_of_X", child}};
  });
  r.measured = {{"pairs", checked}, {"failures", failures}};
  r.decide(failures == 0, w);
}

std::string explain_lemma3(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "X = " + words(f, w["X"]) + ", Y = " + words(f, w["Y"]) + ": D(X, Z) = " + brief(w["D(X,Z)"]) +
                         ", D(X, Y) = " + brief(w["D(X,Y)"]) + " for Y's message parent Z = " + words(f, w["Z"]),
                  "Lemma 3 claims D(X, Z) = D(X, Y) - 1");
}

const claim_logic db_lemma3{"db.lemma3", check_lemma3, explain_lemma3};

}  // namespace tv::host::claims::db
