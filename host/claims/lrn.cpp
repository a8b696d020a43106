// Claims of papers/004 (W.-J. Hsu, M. J. Chung, A. Das, "Linear Recursive Networks and
// Their Applications in Distributed Systems"), section L of CLAIMS.md.  The copy of the
// paper is a stemmed word list: the statements come from CLAIMS.md, and the one definition
// the text does not preserve (congruence, "iff ... j ... constant m") is replaced by the
// networks the paper names as congruent LRNs: hypercubes and generalized Fibonacci cubes.
#include <algorithm>
#include <sstream>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/sim_bridge.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

bool named_clrn_seeds(std::vector<std::string> seeds) {
  std::sort(seeds.begin(), seeds.end());
  if (seeds == std::vector<std::string>{"0", "1"}) return true;  // the hypercube
  // {0, 10, 110, ..., 1^(k-1)0}: the k-th order (generalized) Fibonacci cube.
  std::vector<std::string> fib;
  for (size_t k = 0; k < seeds.size(); ++k) fib.push_back(std::string(k, '1') + "0");
  std::sort(fib.begin(), fib.end());
  return seeds == fib;
}

namespace {

using families::linear_recursive;

std::vector<std::string> split_seeds(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto a = item.find_first_not_of(" \t"), b = item.find_last_not_of(" \t");
    out.push_back(a == std::string::npos ? "" : item.substr(a, b - a + 1));
  }
  return out;
}

/// How the instance was given, and whether the paper names it a congruent LRN.
struct lrn_info {
  std::string given;  // "seeds 0,10", "generator 11", "f = 111"
  bool named_clrn = false;
  bool is_lrn = true;  // false for Q_n(f) with f not of the form 1^k
  std::function<linear_recursive(int)> at;  // the same network at another n
};

lrn_info info_of(claim_env& env) {
  lrn_info i;
  if (env.inst().family == "gfc") {
    const std::string f = env.text("f");
    i.given = "f = " + f;
    i.is_lrn = f.find_first_not_of('1') == std::string::npos;
    i.named_clrn = i.is_lrn;  // Q_n(1^k): the generalized Fibonacci cube, seeds {0, ..., 1^(k-1)0}
    i.at = [f](int n) { return linear_recursive::avoiding(n, f); };
    return i;
  }
  const std::string seeds = env.text("seeds"), gen = env.text("generator");
  std::vector<std::string> s;
  if (!seeds.empty()) {
    s = split_seeds(seeds);
    i.given = "seeds " + seeds;
  } else {
    s = linear_recursive::generator_seeds(gen);
    i.given = "generator " + gen;
  }
  i.named_clrn = named_clrn_seeds(s);
  i.at = [s](int n) { return linear_recursive::from_seeds(n, s); };
  return i;
}

/// For the LRN theorems: Q_n(f) counts as an LRN only when f = 1^k.
bool require_lrn(claim_env& env, claim_result& r) {
  if (info_of(env).is_lrn) return true;
  r.outside("Q_n(" + env.text("f") + ") is not a linear recursive network (an LRN is given by "
            "seeds; Q_n(f) is one when f = 1^k)");
  return false;
}

// ---- lrn.degree, lrn.edges, lrn.connected ---------------------------------------------

void check_degree(claim_env& env, claim_result& r) {
  if (!require_lrn(env, r)) return;
  const int n = env.bits();
  const auto& s = env.degrees();
  r.claimed = {{"degree_at_most", n}};
  r.measured = {{"degree_max", s.degree_max}};
  json w;
  if (s.degree_max > static_cast<uint32_t>(n)) {
    const uint64_t v = first_degree_outside(env, 0, static_cast<uint32_t>(n));
    w = {{"node", env.label(env.graph().labels[v])}, {"degree", env.graph().degree(v)}};
  }
  r.decide(s.degree_max <= static_cast<uint32_t>(n), w);
}

std::string explain_degree(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "node " + words(f, w["node"]) + " has degree " + brief(w["degree"]),
                  "the theorem on node degree claims at most n = " + brief(f.claimed()["degree_at_most"]));
}

void check_edges(claim_env& env, claim_result& r) {
  if (!require_lrn(env, r)) return;
  const int n = env.bits();
  const auto& s = env.degrees();
  r.claimed = {{"edges_at_most", static_cast<double>(n) / 2 * static_cast<double>(s.nodes)}};
  r.measured = {{"edges", s.edges}, {"nodes", s.nodes}};
  r.decide(static_cast<unsigned __int128>(2) * s.edges <= static_cast<unsigned __int128>(n) * s.nodes,
           r.measured);
}

std::string explain_edges(const failure_view& f) {
  auto m = f.measured();
  return sentence(f, brief(m["edges"]) + " edges on " + brief(m["nodes"]) + " nodes",
                  "the theorem on edges claims at most (n/2) N = " + brief(f.claimed()["edges_at_most"]));
}

void check_connected(claim_env& env, claim_result& r) {
  if (!require_lrn(env, r)) return;
  r.claimed = "connected";
  const auto& g = env.graph();
  const auto d = env.bfs(0);
  uint64_t unreached = 0, first = no_node;
  for (uint64_t v = 0; v < g.nodes; ++v)
    if (d[v] == distance::unreachable && !unreached++) first = v;
  r.measured = {{"nodes", g.nodes}, {"unreached_from_the_smallest_label", unreached}};
  r.decide(unreached == 0, first == no_node ? json()
                                            : json{{"from", env.label(g.labels[0])},
                                                   {"unreachable", env.label(g.labels[first])}});
}

std::string explain_connected(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, words(f, w["unreachable"]) + " is not reachable from " + words(f, w["from"]) + " (" +
                         brief(f.measured()["unreached_from_the_smallest_label"]) + " nodes in all)",
                  "the theorem on connectivity claims G_n is connected");
}

// ---- lrn.distance_bound ---------------------------------------------------------------

void check_distance_bound(claim_env& env, claim_result& r) {
  if (!require_lrn(env, r)) return;
  const auto& g = env.graph();
  part_list parts;
  // The route of the proof: clearing the rightmost 1-bit step by step stays in the network
  // and reaches 0^n in weight(x) steps.
  {
    const bool has_zero = !g.labels.empty() && g.labels[0] == 0;
    uint64_t bad = no_node;
    for (uint64_t v = 0; v < g.nodes && bad == no_node; ++v) {
      const uint64_t x = g.labels[v];
      if (x && rank_of(g, x & (x - 1)) == no_node) bad = v;
    }
    json w;
    if (!has_zero) w = {{"problem", "0^n is not a node"}};
    else if (bad != no_node)
      w = {{"node", env.label(g.labels[bad])}, {"rightmost_1_cleared", env.label(g.labels[bad] & (g.labels[bad] - 1))}};
    parts.add("clearing the rightmost 1 stays in the network (a path to 0^n of length weight(x))",
              true, has_zero && bad == no_node, has_zero && bad == no_node, w);
  }
  const double work = static_cast<double>(g.nodes) * g.nodes * 2;
  if (!env.affordable(work)) {
    parts.skip("d(x, y) <= weight(x) + weight(y) for every pair", true,
               env.over_budget(work, "BFS from every node"));
  } else {
    json w;
    uint64_t failures = 0;
    for (uint64_t x = 0; x < g.nodes; ++x) {
      const auto d = env.bfs(static_cast<uint32_t>(x));
      for (uint64_t y = 0; y < g.nodes; ++y) {
        const uint32_t bound = core::popcount64(g.labels[x]) + core::popcount64(g.labels[y]);
        if (d[y] == distance::unreachable || d[y] > bound) {
          if (!failures++)
            w = {{"x", env.label(g.labels[x])}, {"y", env.label(g.labels[y])},
                 {"distance", d[y] == distance::unreachable ? json() : json(d[y])}, {"bound", bound}};
        }
      }
    }
    parts.add("d(x, y) <= weight(x) + weight(y) for every pair", true,
              json{{"pairs", g.nodes * g.nodes}, {"failures", failures}}, failures == 0, w);
  }
  parts.finish(r);
}

std::string explain_distance_bound(const failure_view& f) {
  auto cex = f.counterexample();
  auto w = cex.value("witness", nlohmann::json::object());
  const std::string more = and_more(failing_parts(f) - 1, "failing part");
  if (w.contains("x"))
    return sentence(f, "d(" + words(f, w["x"]) + ", " + words(f, w["y"]) + ") = " +
                           (w["distance"].is_null() ? std::string("infinity") : brief(w["distance"])),
                    "the theorem on distances claims at most weight(x) + weight(y) = " + brief(w["bound"]) + more);
  if (w.contains("node"))
    return sentence(f, "clearing the rightmost 1 of " + words(f, w["node"]) + " gives " + words(f, w["rightmost_1_cleared"]),
                    "the theorem's path to 0^n needs it to be a node" + more);
  return part_sentence(f, "the theorem on distances");
}

// ---- lrn.binomial_tree ----------------------------------------------------------------

void check_binomial_tree(claim_env& env, claim_result& r) {
  if (!require_lrn(env, r)) return;
  const int n = env.bits();
  const auto& g = env.graph();
  r.claimed = {{"spanning_tree_rooted_at_0^n", true}, {"height_at_most", n}};
  if (g.labels.empty() || g.labels[0] != 0) {
    r.measured = {{"spanning_tree", false}};
    return r.decide(false, json{{"problem", "0^n is not a node"}});
  }
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) parent[v] = v ? rank_of(g, g.labels[v] & (g.labels[v] - 1)) : 0;
  const tree_report t = check_spanning_tree(g, parent, 0);
  r.measured = {{"spanning_tree", t.spanning_tree}, {"height", t.height}};
  json w;
  if (!t.spanning_tree) {
    w["problem"] = t.problem;
    if (t.node) w["node"] = env.label(g.labels[*t.node]);
  } else if (t.height > static_cast<uint32_t>(n)) {
    w["height"] = t.height;
  }
  r.decide(t.spanning_tree && t.height <= static_cast<uint32_t>(n), w);
}

std::string explain_binomial_tree(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("height") && !w.contains("problem"))
    return sentence(f, "the tree's height is " + brief(w["height"]),
                    "the lemma on spanning trees claims at most n = " + brief(f.claimed()["height_at_most"]));
  return tree_sentence(f, "the lemma on spanning trees claims the rightmost-1 parents form a spanning tree");
}

// ---- lrn.clrn -------------------------------------------------------------------------

void check_clrn(claim_env& env, claim_result& r) {
  const lrn_info info = info_of(env);
  const int n = env.bits();
  r.claimed = "distance = Hamming distance (isometric) for congruent LRNs";
  std::string why;
  const auto* a = env.all_pairs(&why);
  if (!a) return r.skip(why);
  const bool iso = a->hamming_paths.value_or(false) && a->unreachable_pairs == 0;
  // The index: the least dimension n' <= n at which the same seeds / word fail.
  json index = nullptr;
  for (int k = 1; k <= n; ++k) {
    const linear_recursive f = info.at(k);
    if (f.size() > env.options().all_pairs_max_nodes) {
      index = "not determined beyond n = " + std::to_string(k - 1);
      break;
    }
    distance::all_pairs_options o;
    o.hamming = true;
    const graph::csr_graph gk = graph::build_csr(core::backend::cpu, f);
    const auto ak = distance::all_pairs(core::backend::cpu, gk, o);
    if (!ak.hamming_paths.value_or(false) || ak.unreachable_pairs) {
      index = k;
      break;
    }
  }
  json m;
  m["network"] = info.given;
  m["named_congruent_lrn"] = info.named_clrn;
  m["isometric"] = iso;
  m["index_least_failing_n"] = index;
  r.measured = m;
  if (!info.named_clrn)
    return r.skip("congruence of " + info.given + " is not decidable from the paper's text (the "
                  "definition is lost in this copy); reported for information");
  json w;
  if (a->counterexample) {
    const auto& c = *a->counterexample;
    w = pair_witness(env, c.source, c.target);
    w["distance"] = c.distance == distance::unreachable ? json() : json(c.distance);
    w["hamming"] = c.hamming;
  }
  r.decide(iso, w);
}

std::string explain_clrn(const failure_view& f) {
  std::string s = hamming_path_sentence(f, "the lemma on congruent LRNs");
  auto index = f.measured().value("index_least_failing_n", nlohmann::json());
  if (index.is_number()) s += " (first at n = " + brief(index) + ")";
  return s;
}

// ---- lrn.disjoint_paths ---------------------------------------------------------------

void check_disjoint_paths(claim_env& env, claim_result& r) {
  const lrn_info info = info_of(env);
  if (!info.named_clrn)
    return r.outside("the claim is for congruent LRNs (hypercubes and generalized Fibonacci cubes "
                     "as the paper names them); " + info.given + " is not one of those");
  r.claimed = "node-disjoint paths between x and y >= min(deg x, deg y) for every pair";
  const auto& g = env.graph();
  disjoint_paths flow(g);
  const double per_pair = static_cast<double>(g.arcs() + 2 * g.nodes) * 2 * (env.degrees().degree_max + 1);
  const uint64_t total = g.nodes * (g.nodes - 1) / 2;
  double work = 0;
  uint64_t pairs = 0;
  for (uint64_t x = 0; x < g.nodes; ++x)
    for (uint64_t y = x + 1; y < g.nodes; ++y) {
      if (!env.affordable(work + per_pair)) {
        r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
        return r.skip(env.over_budget(per_pair * static_cast<double>(total), "max-flow on every pair") +
                      "; the " + std::to_string(pairs) + " pairs checked (in label order) all hold");
      }
      work += per_pair;
      ++pairs;
      const uint32_t k = flow.count(x, y), bound = std::min(g.degree(x), g.degree(y));
      if (k < bound) {
        r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
        return r.decide(false, json{{"x", env.label(g.labels[x])}, {"y", env.label(g.labels[y])},
                                    {"disjoint_paths", k}, {"min_degree", bound}});
      }
    }
  r.measured = {{"pairs_checked", pairs}, {"pairs", total}};
  r.decide(true);
}

std::string explain_disjoint_paths(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, pair_words(f, w["x"], w["y"]) + " are joined by " + brief(w["disjoint_paths"]) + " node-disjoint paths",
                  "the lemma on congruent LRNs claims min degree = " + brief(w["min_degree"]));
}

// ---- lrn.broadcast (simulator) --------------------------------------------------------

void check_broadcast(claim_env& env, claim_result& r, bool every_source) {
  if (!require_lrn(env, r)) return;
  const auto& g = env.graph();
  if (g.labels.empty() || g.labels[0] != 0)
    return r.skip("0^n is not a node: the binomial tree has no root");
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) parent[v] = v ? rank_of(g, g.labels[v] & (g.labels[v] - 1)) : 0;
  const tree_report t = check_spanning_tree(g, parent, 0);
  if (!t.spanning_tree) return r.skip("the binomial tree is not a spanning tree here (see lrn.binomial_tree)");
  r.claimed = {{"rounds_at_most_height", t.height}};
#if TV_CLAIMS_HAVE_SIM
  sim::broadcast_options o;
  o.scheme = sim::broadcast_scheme::binomial_tree;
  o.mode = sim::tree_mode::via_root;
  if (!every_source) o.sources = {0};
  o.control = env.control();
  const double work = static_cast<double>(g.nodes) * (every_source ? g.nodes : 1) * 2;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "broadcasting"));
  const auto b = sim::broadcast(env.backend(), env.net(), g, o);
  r.measured = {{"rounds_max", b.rounds_max}, {"rounds_min", b.rounds_min}, {"height", t.height},
                {"unreached", b.unreached}, {"sources", b.sources}};
  r.decide(b.rounds_max <= t.height && b.unreached == 0,
           json{{"rounds_max", b.rounds_max}, {"height", t.height}, {"unreached", b.unreached}});
#else
  (void)every_source;
  r.skip(sim_unavailable);
#endif
}

std::string explain_broadcast(const failure_view& f) {
  auto w = f.counterexample();
  std::string finding = "the broadcast takes up to " + count_of(w["rounds_max"], "round");
  if (w.value("unreached", 0)) finding += " and leaves " + brief(w["unreached"]) + " nodes unreached";
  return sentence(f, finding, "the theorem on broadcasting claims at most the tree's height " + brief(w["height"]));
}

}  // namespace

// ---- The catalog, section L ---------------------------------------------------------------

std::vector<claim_spec> lrn_claims() {
  const std::vector<std::string> l{"lrn", "gfc"};
  const std::string paper = "papers/004 (Hsu, Chung, Das: Linear Recursive Networks)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string lrn_domain =
      "lrn instances (seeds or generator), and gfc instances with f = 1^k (the generalized "
      "Fibonacci cubes; other Q_n(f) are not LRNs)";
  const std::string clrn_reading =
      "Congruent LRNs are the networks the paper names as such: the hypercube (seeds {0, 1}) "
      "and the generalized Fibonacci cubes (seeds {0, 10, ..., 1^(k-1)0}, generator 1^k, gfc "
      "f = 1^k); the defining condition is lost in the stemmed copy.";
  return {
      {"lrn.degree", src("Theorem on node degree"), "Every node degree of G_n is at most n.",
       lrn_domain, "", l, check_degree, explain_degree},
      {"lrn.edges", src("Theorem on the number of edges"),
       "The number of edges is at most (n/2) N (O(N log N)).", lrn_domain, "", l, check_edges, explain_edges},
      {"lrn.connected", src("Theorem on connectivity"), "G_n is connected.", lrn_domain, "", l,
       check_connected, explain_connected},
      {"lrn.distance_bound", src("Theorem on distances"),
       "d(x, y) <= weight(x) + weight(y), via 0^n by clearing the rightmost 1-bit.", lrn_domain,
       "Both the route (clearing the rightmost 1 stays in the network) and the bound for every "
       "pair (BFS) are checked.",
       l, check_distance_bound, explain_distance_bound},
      {"lrn.binomial_tree", src("Lemma on spanning trees"),
       "parent(x) = x with its rightmost 1 cleared gives a spanning tree rooted at 0^n of "
       "height at most n.",
       lrn_domain, "", l, check_binomial_tree, explain_binomial_tree},
      {"lrn.clrn", src("Lemma on congruent LRNs"),
       "For congruent LRNs the distance between two nodes equals their Hamming distance; which "
       "seed sets / words f give isometric graphs is reported for each n, with the index of a "
       "word (the least n where it fails).",
       "every lrn and gfc instance (verdicts on the named congruent LRNs; the others are "
       "reported as not checked with what was measured)",
       clrn_reading, l, check_clrn, explain_clrn},
      {"lrn.disjoint_paths", src("Lemma on congruent LRNs"),
       "Between any two nodes of a CLRN there are at least min(deg x, deg y) node-disjoint paths.",
       "the named congruent LRNs, every pair within the budget (max-flow)", clrn_reading, l,
       check_disjoint_paths, explain_disjoint_paths},
      {"lrn.broadcast", src("Theorem on broadcasting"),
       "Broadcast on the binomial spanning tree finishes within height-many rounds.", lrn_domain,
       "From the tree's root 0^n (the broadcast step of the theorem's proof).", l,
       [](claim_env& e, claim_result& r) { check_broadcast(e, r, false); }, explain_broadcast},
      {"lrn.broadcast.alt", src("Theorem on broadcasting"),
       "Broadcast on the binomial spanning tree finishes within height-many rounds.", lrn_domain,
       "From every source: the message first goes up to 0^n along the tree, then down (the "
       "two steps of the theorem's proof); the worst source against the height.",
       l, [](claim_env& e, claim_result& r) { check_broadcast(e, r, true); }, explain_broadcast},
  };
}

}  // namespace tv::host::claims
