// papers/004 (linear recursive networks), the basic properties of LRNs: every degree at
// most n (lrn.degree), at most (n/2) N edges (lrn.edges), connectivity (lrn.connected) and
// d(x, y) <= weight(x) + weight(y) via 0^n (lrn.distance_bound).
#include "host/claims/common.hpp"
#include "host/claims/lrn/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims::lrn {

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

const claim_logic lrn_degree{"lrn.degree", check_degree, explain_degree};

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

const claim_logic lrn_edges{"lrn.edges", check_edges, explain_edges};

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

const claim_logic lrn_connected{"lrn.connected", check_connected, explain_connected};

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

const claim_logic lrn_distance_bound{"lrn.distance_bound", check_distance_bound,
                                     explain_distance_bound};

}  // namespace tv::host::claims::lrn
