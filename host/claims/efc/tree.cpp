// papers/001 Section 2, the enhanced Fibonacci tree: Properties 7-12
// of Definition 2's tree EFT_n (spanning tree, decomposition, span, height, the root's
// children, pre-order).  EFT_n is the simulators' (sim::eft_parent in kernels/sim/trees),
// in both readings of the definition's last clause.
#include <optional>

#include "host/claims/common.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host::claims::efc {

namespace {

/// EFT_n (reading) as a parent array over the instance's ranks (no_node where the
/// definition names no node of the graph).
std::vector<uint64_t> eft_ranks(claim_env& env, sim::eft_reading reading) {
  const auto& g = env.graph();
  const int n = order_of(env);
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) parent[v] = rank_of(g, sim::eft_parent(n, g.labels[v], reading));
  return parent;
}

json tree_witness(claim_env& env, const tree_report& t, sim::eft_reading reading) {
  json w;
  w["problem"] = t.problem;
  if (t.node) {
    const auto& g = env.graph();
    w["node"] = env.label(g.labels[*t.node]);
    w["parent"] = env.label(sim::eft_parent(order_of(env), g.labels[*t.node], reading));
  }
  return w;
}

/// The instance's EFT_n (the catalog's reading) with the simulators' derived arrays (children,
/// pre-order, height), or nullopt after marking `r` not checked when it is not a spanning
/// tree of the graph (eft.p7 decides that).
std::optional<sim::spanning_tree> eft_spanning_tree(claim_env& env, claim_result& r) {
  const std::vector<uint64_t> parent = eft_ranks(env, sim::eft_reading::claims_md);
  const tree_report t = check_spanning_tree(env.graph(), parent, 0);
  if (!t.spanning_tree) {
    r.skip("EFT_n is not a spanning tree here (see eft.p7): " + t.problem);
    return std::nullopt;
  }
  return sim::tree_from_parents(std::vector<uint32_t>(parent.begin(), parent.end()), 0);
}

/// The labels of the root's children, ascending (ranks ascend with labels).
std::vector<uint64_t> root_children(const graph::csr_graph& g, const sim::spanning_tree& t) {
  std::vector<uint64_t> labels;
  for (uint64_t i = t.child_offsets[t.root]; i < t.child_offsets[t.root + 1]; ++i)
    labels.push_back(g.labels[t.children[i]]);
  return labels;
}

}  // namespace

// ---- EFT: eft.p7 .. eft.p12 -----------------------------------------------------------

void check_p7(claim_env& env, claim_result& r, sim::eft_reading reading) {
  r.claimed = "EFT_n is a spanning tree of EFC_n";
  const tree_report t = check_spanning_tree(env.graph(), eft_ranks(env, reading), 0);
  r.measured = {{"spanning_tree", t.spanning_tree}, {"tree_edges", t.tree_edges}, {"height", t.height}};
  r.decide(t.spanning_tree, tree_witness(env, t, reading));
}

std::string explain_p7(const failure_view& f) { return tree_sentence(f, "Property 7 claims EFT_n is a spanning tree"); }

const claim_logic eft_p7 =
    with_reading("eft.p7", check_p7, sim::eft_reading::claims_md, explain_p7);
const claim_logic eft_p7_alt =
    with_reading("eft.p7.alt", check_p7, sim::eft_reading::all_to_root, explain_p7);

void check_p8(claim_env& env, claim_result& r) {
  const int n = order_of(env), w = n - 2;
  if (n <= 6) return r.outside("the decomposition of Definition 2 applies for n > 6");
  r.claimed = "EFT_n = 00||EFT_{n-2}, 10||EFT_{n-2}, 0100||EFT_{n-4}, 0101||EFT_{n-4} (disjoint) "
              "joined by the edges 10||0 - root, 0100||0 - root, 0101||0 - 0100||0";
  auto g = env.graph();
  part_list parts;
  const uint64_t root0100 = uint64_t{1} << (w - 2);
  for (const block& b : blocks_of(n)) {
    const uint64_t base = b.prefix << (w - b.length), low = core::low_mask(w - b.length);
    const uint64_t expected_root_parent = b.prefix == 0b0101 ? root0100 : 0;
    uint64_t nodes = 0;
    std::string problem;
    uint64_t bad = no_node;
    for (uint64_t v = 0; v < g.nodes && problem.empty(); ++v) {
      const uint64_t x = g.labels[v];
      if ((x >> (w - b.length)) != b.prefix) continue;
      ++nodes;
      const uint64_t p = sim::eft_parent(n, x);
      if ((x & low) == 0) {  // the block's root
        if (p != expected_root_parent && !(b.prefix == 0 && p == x)) {
          problem = "the block's root has the wrong parent";
          bad = x;
        }
        continue;
      }
      const uint64_t want = sim::eft_parent(b.sub, x & low);
      if ((p & ~low) != base || (p & low) != want) {
        problem = "the parent leaves the block or differs from EFT_" + std::to_string(b.sub);
        bad = x;
      }
    }
    json w2;
    if (bad != no_node) {
      w2 = {{"problem", problem}, {"node", env.label(bad)}, {"parent", env.label(sim::eft_parent(n, bad))}};
    }
    parts.add(std::string(b.name) + "||EFT_" + std::to_string(b.sub), "a copy of EFT_" + std::to_string(b.sub),
              json{{"nodes", nodes}, {"copy", problem.empty()}}, problem.empty(), w2);
  }
  parts.finish(r);
}

std::string explain_p8(const failure_view& f) {
  auto cex = f.counterexample();
  const std::string part = cex.value("part", std::string("?"));
  if (cex.contains("witness") && cex["witness"].contains("problem"))
    return sentence(f, part + ": " + tree_finding(f, cex["witness"]),
                    "Property 8 claims a copy of EFT" + part.substr(part.find("||EFT") + 5) +
                        and_more(failing_parts(f) - 1, "failing part"));
  return part_sentence(f, "Property 8's decomposition");
}

const claim_logic eft_p8{"eft.p8", check_p8, explain_p8};

void check_p9(claim_env& env, claim_result& r, bool diameter_reading) {
  const int n = order_of(env);
  r.claimed = n - 2;
  const auto t = eft_spanning_tree(env, r);
  if (!t) return;
  const std::vector<uint64_t> parent(t->parent.begin(), t->parent.end());
  const uint64_t span = diameter_reading ? tree_diameter(parent, t->root)
                                         : t->child_offsets[t->root + 1] - t->child_offsets[t->root];
  r.measured = span;
  r.decide(span == static_cast<uint64_t>(n - 2),
           json{{diameter_reading ? "tree_diameter" : "root_children", span}});
}

std::string explain_p9(const failure_view& f) {
  auto w = f.counterexample();
  if (w.contains("tree_diameter"))
    return sentence(f, "EFT's diameter is " + brief(w["tree_diameter"]), "Property 9 (span as diameter) claims " + brief(f.claimed()));
  return sentence(f, "EFT's root has " + brief(w["root_children"]) + " children", "Property 9 claims a span of " + brief(f.claimed()));
}

const claim_logic eft_p9 = with_reading("eft.p9", check_p9, false, explain_p9);
const claim_logic eft_p9_alt = with_reading("eft.p9.alt", check_p9, true, explain_p9);

void check_p10(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  r.claimed = ceil_div(n - 2, 2);
  const auto t = eft_spanning_tree(env, r);
  if (!t) return;
  r.measured = t->height;
  r.decide(t->height == ceil_div(n - 2, 2), json{{"height", t->height}});
}

std::string explain_p10(const failure_view& f) {
  return sentence(f, "EFT's height is " + brief(f.counterexample()["height"]), "Property 10 claims " + brief(f.claimed()));
}

const claim_logic eft_p10{"eft.p10", check_p10, explain_p10};

void check_p11(claim_env& env, claim_result& r, bool from_right) {
  const int n = order_of(env), w = n - 2;
  const auto& g = env.graph();
  const auto t = eft_spanning_tree(env, r);
  if (!t) return;
  const std::vector<uint64_t> children = root_children(g, *t);
  json claimed = json::array(), measured = json::array();
  std::optional<int> bad;
  for (int i = 1; i <= w; ++i) {
    const uint64_t want = uint64_t{1} << (from_right ? i - 1 : w - i);
    claimed.push_back(env.label(want));
    if (i <= static_cast<int>(children.size())) {
      measured.push_back(env.label(children[i - 1]));
      if (children[i - 1] != want && !bad) bad = i;
    } else if (!bad) {
      bad = i;
    }
  }
  for (size_t i = w; i < children.size(); ++i) measured.push_back(env.label(children[i]));
  if (!bad && children.size() != static_cast<size_t>(w)) bad = w + 1;
  r.claimed = claimed;
  r.measured = measured;
  json wj;
  if (bad) {
    wj["child"] = *bad;
    wj["dimension_neighbor"] = *bad <= w ? json(claimed[*bad - 1]) : json(nullptr);
    wj["actual_child"] = *bad <= static_cast<int>(children.size()) ? json(env.label(children[*bad - 1])) : json(nullptr);
  }
  r.decide(!bad, wj);
}

std::string explain_p11(const failure_view& f) {
  auto w = f.counterexample();
  const std::string i = brief(w["child"]);
  std::string finding = "the root's child " + i + " is " +
                        (w["actual_child"].is_null() ? std::string("missing") : words(f, w["actual_child"]));
  if (!w["dimension_neighbor"].is_null()) finding += ", not its dimension-" + i + " neighbor " + words(f, w["dimension_neighbor"]);
  else finding += " (more children than dimensions)";
  return sentence(f, finding, "Property 11 claims the children are dimension-ordered");
}

const claim_logic eft_p11 = with_reading("eft.p11", check_p11, false, explain_p11);
const claim_logic eft_p11_alt = with_reading("eft.p11.alt", check_p11, true, explain_p11);

void check_p12(claim_env& env, claim_result& r) {
  const auto& g = env.graph();
  const auto t = eft_spanning_tree(env, r);
  if (!t) return;
  const std::vector<uint32_t>& pre = t->order;  // pre-order, children in ascending rank
  r.claimed = "pre-order = increasing label order";
  for (uint64_t i = 0; i < pre.size(); ++i)
    if (pre[i] != i) {
      r.measured = {{"first_difference_at", i}};
      return r.decide(false, json{{"position", i}, {"preorder_label", env.label(g.labels[pre[i]])},
                                  {"binary_order_label", env.label(g.labels[i])}});
    }
  r.measured = "pre-order = increasing label order";
  r.decide(true);
}

std::string explain_p12(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "pre-order position " + brief(w["position"]) + " holds " + words(f, w["preorder_label"]) +
                         ", binary order " + words(f, w["binary_order_label"]),
                  "Property 12 claims they agree");
}

const claim_logic eft_p12{"eft.p12", check_p12, explain_p12};

}  // namespace tv::host::claims::efc
