// papers/000 Section 6, barrier synchronization using postal trees: Definition 2's postal
// tree spans PN_lambda(n) (pt.def2), and in the simulator's postal model its broadcast,
// gather and barrier take the optimum of f_lambda (pt.optimal); Figure 4's two trees
// (pt.fig4) and the selection of lambda (pt.selection).
#include <algorithm>
#include <string>
#include <vector>

#include "host/claims/postal/sections.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host::claims::postal {

namespace {

using families::postal_network;

/// PT_lambda(n) of Definition 2, the simulators' postal tree on the ranks of PN_lambda(n).
sim::spanning_tree postal_tree(int lambda, int n) {
  return sim::make_tree(postal_network::make(lambda, n), sim::tree_kind::postal, nullptr);
}

}  // namespace

// ---- pt.def2 --------------------------------------------------------------------------

void check_pt_def2(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  r.claimed = "PT_lambda(n) of Definition 2 is a spanning tree of PN_lambda(n)";
  auto g = env.graph();
  part_list parts;
  // Definition 2's base takes the graph PN_lambda(n') itself as the tree (n' <= lambda):
  // it must be a tree, N - 1 edges and connected.
  {
    json m = json::array();
    bool ok = true;
    for (int k = 1; k <= std::min(lambda, n); ++k) {
      const graph::csr_graph b = graph::build_csr(core::backend::cpu, postal_network::make(lambda, k));
      std::vector<uint64_t> par(b.nodes, 0);  // every node's neighbor toward 0 (a star)
      for (uint64_t v = 1; v < b.nodes; ++v) par[v] = b.targets[b.offsets[v]];
      const tree_report t = check_spanning_tree(b, par, 0);
      const bool is_tree = t.spanning_tree && b.arcs() / 2 == b.nodes - 1;
      m.push_back({{"n", k}, {"nodes", b.nodes}, {"edges", b.arcs() / 2}, {"tree", is_tree}});
      ok = ok && is_tree;
    }
    if (!m.empty()) parts.add("base PT(n') = PN(n') is a tree, n' <= lambda", true, m, ok);
  }
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) {
    const uint64_t p = sim::postal_tree_parent(lambda, n, g.labels[v]);
    parent[v] = rank_of(g, p);
  }
  const tree_report t = check_spanning_tree(g, parent, 0);
  json m{{"spanning_tree", t.spanning_tree}, {"tree_edges", t.tree_edges}, {"height", t.height}};
  json w;
  if (!t.spanning_tree) {
    w["problem"] = t.problem;
    if (t.node) w["node"] = env.label(g.labels[*t.node]);
    if (t.node) w["parent"] = env.label(sim::postal_tree_parent(lambda, n, g.labels[*t.node]));
  }
  parts.add("PT_lambda(n) spans PN_lambda(n)", true, m, t.spanning_tree, w);
  parts.finish(r);
}

std::string explain_pt_def2(const failure_view& f) {
  auto cex = f.counterexample();
  if (cex.contains("witness") && cex["witness"].contains("problem"))
    return sentence(f, tree_finding(f, cex["witness"]), "Definition 2 claims PT_lambda(n) is a spanning tree");
  return part_sentence(f, "Definition 2");
}

const claim_logic pt_def2{"pt.def2", check_pt_def2, explain_pt_def2};

// ---- Postal-model claims (simulator) ---------------------------------------------------
void check_pt_optimal(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  const uint64_t N = env.nodes();
  const uint64_t t = sim::postal_optimum(N, static_cast<uint64_t>(lambda));
  r.claimed = {{"broadcast", t}, {"gather", t}, {"barrier", 2 * t}};
  const sim::spanning_tree tree = postal_tree(lambda, n);
  const sim::postal_result p = sim::postal_model(env.backend(), tree, static_cast<uint64_t>(lambda));
  r.measured = {{"broadcast", p.broadcast_time}, {"gather", p.gather_time}, {"barrier", p.barrier_time}};
  const bool ok = p.broadcast_time == t && p.gather_time == t &&
                  p.barrier_time == p.gather_time + p.broadcast_time;
  r.decide(ok, json{{"nodes", N}, {"optimum", t}, {"broadcast", p.broadcast_time},
                    {"gather", p.gather_time}, {"barrier", p.barrier_time}});
}

std::string explain_pt_optimal(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "on PT the broadcast takes " + brief(w["broadcast"]) + ", the gather " + brief(w["gather"]) +
                         ", the barrier " + brief(w["barrier"]) + " units",
                  "Section 6 claims " + brief(w["optimum"]) + ", " + brief(w["optimum"]) + " and their sum");
}

const claim_logic pt_optimal{"pt.optimal", check_pt_optimal, explain_pt_optimal};

void check_pt_fig4(claim_env& env, claim_result& r, bool literal_pt66) {
  const auto [lambda, n] = pn_of(env);
  if (!literal_pt66 && (lambda != 1 || n != 3))
    return r.outside("the figure's example runs once, on postal lambda=1 n=3 (its binomial tree PT_1(3))");
  if (literal_pt66 && (lambda != 6 || n != 6))
    return r.outside("this reading runs once, on postal lambda=6 n=6 (the tree PT_6(6) the caption names)");
  r.claimed = {{"binomial_tree", 18}, {"optimal_tree", 12}};
  const sim::spanning_tree binomial = postal_tree(1, 3);
  const sim::spanning_tree optimal =
      literal_pt66 ? postal_tree(6, 6) : sim::optimal_postal_tree(8, 6);
  const uint64_t tb = sim::postal_model(env.backend(), binomial, 6).broadcast_time;
  const uint64_t to = sim::postal_model(env.backend(), optimal, 6).broadcast_time;
  r.measured = {{"binomial_tree", tb}, {"optimal_tree", to}, {"optimal_tree_nodes", optimal.nodes},
                {"f_6_optimum_for_8_nodes", sim::postal_optimum(8, 6)}};
  r.decide(tb == 18 && to == 12, json{{"binomial_tree", tb}, {"optimal_tree", to}});
}

std::string explain_pt_fig4(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "the binomial tree takes " + brief(w["binomial_tree"]) + " units, the optimal tree " +
                         brief(w["optimal_tree"]),
                  "Figure 4 claims 18 and 12");
}

const claim_logic pt_fig4 = with_reading("pt.fig4", check_pt_fig4, false, explain_pt_fig4);
const claim_logic pt_fig4_alt = with_reading("pt.fig4.alt", check_pt_fig4, true, explain_pt_fig4);

void check_pt_selection(claim_env& env, claim_result& r) {
  const auto [lambda, n] = pn_of(env);
  if (lambda != 1 || n != 3)
    return r.outside("the comparison runs once, on postal lambda=1 n=3 (PN_2(4) is built inside)");
  r.claimed = "with lambda = 1, broadcast on PN_1(3) (its postal tree) ends before broadcast on PN_2(4)";
  const uint64_t a = sim::postal_model(env.backend(), postal_tree(1, 3), 1).broadcast_time;
  const uint64_t b = sim::postal_model(env.backend(), postal_tree(2, 4), 1).broadcast_time;
  r.measured = {{"PN_1(3)", a}, {"PN_2(4)", b}};
  r.decide(a < b, json{{"PN_1(3)", a}, {"PN_2(4)", b}});
}

std::string explain_pt_selection(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "broadcast takes " + brief(w["PN_1(3)"]) + " units on PN_1(3) and " + brief(w["PN_2(4)"]) +
                         " on PN_2(4)",
                  "Section 6 claims PN_1(3) finishes first");
}

const claim_logic pt_selection{"pt.selection", check_pt_selection, explain_pt_selection};

}  // namespace tv::host::claims::postal
