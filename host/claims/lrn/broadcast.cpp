// papers/004 (linear recursive networks), broadcasting: the rightmost-1 parents form a
// spanning tree rooted at 0^n of height at most n (lrn.binomial_tree), and a broadcast on
// it finishes within the tree's height (lrn.broadcast, by kernels/sim/broadcast.hpp).
#include "host/claims/lrn/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/broadcast.hpp"

namespace tv::host::claims::lrn {

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

const claim_logic lrn_binomial_tree{"lrn.binomial_tree", check_binomial_tree,
                                    explain_binomial_tree};

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
}

std::string explain_broadcast(const failure_view& f) {
  auto w = f.counterexample();
  std::string finding = "the broadcast takes up to " + count_of(w["rounds_max"], "round");
  if (w.value("unreached", 0)) finding += " and leaves " + brief(w["unreached"]) + " nodes unreached";
  return sentence(f, finding, "the theorem on broadcasting claims at most the tree's height " + brief(w["height"]));
}

const claim_logic lrn_broadcast =
    with_reading("lrn.broadcast", check_broadcast, false, explain_broadcast);
const claim_logic lrn_broadcast_alt =
    with_reading("lrn.broadcast.alt", check_broadcast, true, explain_broadcast);

}  // namespace tv::host::claims::lrn
