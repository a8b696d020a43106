// Claims of papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced
// Fibonacci Cubes"), section E of CLAIMS.md: Properties 1-12, the unicast, broadcast and
// multicast algorithms.
#include <algorithm>
#include <map>
#include <set>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/sim_bridge.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

// ---- The paper's definitions --------------------------------------------------------------

std::vector<uint64_t> efc_definition1(int n) {
  switch (n) {  // V_3..V_6 in the printed order
    case 3: return {1, 0};
    case 4: return {0b01, 0b00, 0b10};
    case 5: return {0b001, 0b101, 0b100, 0b000, 0b010};
    case 6: return {0b0001, 0b0101, 0b0100, 0b0000, 0b0010, 0b1010, 0b1000, 0b1001};
    default: break;
  }
  if (n < 3) return {};
  const int w = n - 2;
  const std::vector<uint64_t> a = efc_definition1(n - 2), b = efc_definition1(n - 4);
  std::vector<uint64_t> v;
  v.reserve(2 * a.size() + 2 * b.size());
  for (uint64_t y : a) v.push_back(y);                                    // 00 || V_{n-2}
  for (uint64_t y : a) v.push_back((uint64_t{1} << (w - 1)) | y);         // 10 || V_{n-2}
  for (uint64_t z : b) v.push_back((uint64_t{1} << (w - 2)) | z);         // 0100 || V_{n-4}
  for (uint64_t z : b)                                                    // 0101 || V_{n-4}
    v.push_back((uint64_t{1} << (w - 2)) | (uint64_t{1} << (w - 4)) | z);
  return v;
}

namespace {
/// Fibonacci tree on the w-bit strings without adjacent 1s: FT = FT' on 0|| plus FT'' on
/// 10||, the root of the latter a child of the former's root.
uint64_t ft_parent(int w, uint64_t x) {
  while (true) {
    if (x == 0 || w <= 1) return 0;
    if (!((x >> (w - 1)) & 1u)) {
      --w;
      continue;
    }
    const uint64_t y = x & core::low_mask(w - 2);
    if (y == 0) return 0;
    return (uint64_t{1} << (w - 1)) | ft_parent(w - 2, y);
  }
}
}  // namespace

uint64_t eft_parent(int n, uint64_t x, eft_reading reading) {
  if (x == 0) return 0;
  const int w = n - 2;
  if (n <= 6) return ft_parent(w, x);
  const unsigned top2 = static_cast<unsigned>((x >> (w - 2)) & 3u);
  if (top2 == 0) return eft_parent(n - 2, x, reading);  // 00 || EFT_{n-2}: holds the root
  if (top2 == 2) {                                      // 10 || EFT_{n-2}
    const uint64_t y = x & core::low_mask(w - 2);
    if (y == 0) return 0;
    return (uint64_t{1} << (w - 1)) | eft_parent(n - 2, y, reading);
  }
  if (top2 == 1) {
    const unsigned next2 = static_cast<unsigned>((x >> (w - 4)) & 3u);
    const uint64_t z = x & core::low_mask(w - 4);
    const uint64_t p0100 = uint64_t{1} << (w - 2), p0101 = p0100 | (uint64_t{1} << (w - 4));
    if (next2 == 0) return z == 0 ? 0 : p0100 | eft_parent(n - 4, z, reading);
    if (next2 == 1) {
      if (z == 0) return reading == eft_reading::claims_md ? p0100 : 0;
      return p0101 | eft_parent(n - 4, z, reading);
    }
  }
  return no_node;  // not a label of EFC_n
}

namespace {

using families::enhanced_fibonacci_cube;

int order_of(claim_env& env) { return env.as<enhanced_fibonacci_cube>()->order; }

std::vector<uint64_t> sorted_unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

/// EFT_n (reading) as a parent array over the instance's ranks (no_node where the
/// definition names no node of the graph).
std::vector<uint64_t> eft_ranks(claim_env& env, eft_reading reading) {
  const auto& g = env.graph();
  const int n = order_of(env);
  std::vector<uint64_t> parent(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) {
    const uint64_t p = eft_parent(n, g.labels[v], reading);
    parent[v] = p == no_node ? no_node : rank_of(g, p);
  }
  return parent;
}

json tree_witness(claim_env& env, const tree_report& t, eft_reading reading) {
  json w;
  w["problem"] = t.problem;
  if (t.node) {
    const auto& g = env.graph();
    w["node"] = env.label(g.labels[*t.node]);
    const uint64_t p = eft_parent(order_of(env), g.labels[*t.node], reading);
    w["parent"] = p == no_node ? json("none") : json(env.label(p));
  }
  return w;
}

// ---- efc.count ------------------------------------------------------------------------

void check_count(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  if (n <= 6) return r.outside("the recursion of Definition 1 applies for n > 6");
  const double work = 4.0 * static_cast<double>(env.nodes());
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "building V_n by Definition 1"));
  const uint64_t vn = sorted_unique(efc_definition1(n)).size();
  const uint64_t v2 = sorted_unique(efc_definition1(n - 2)).size();
  const uint64_t v4 = sorted_unique(efc_definition1(n - 4)).size();
  r.claimed = 2 * v2 + 2 * v4;
  json m;
  m["V_n"] = vn;
  m["V_n-2"] = v2;
  m["V_n-4"] = v4;
  m["instance_nodes"] = env.nodes();
  r.measured = m;
  r.decide(vn == 2 * v2 + 2 * v4, m);
}

std::string explain_count(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "|V_n| = " + brief(w["V_n"]) + ", |V_{n-2}| = " + brief(w["V_n-2"]) + ", |V_{n-4}| = " + brief(w["V_n-4"]),
                  "Definition 1 claims |V_n| = 2|V_{n-2}| + 2|V_{n-4}| = " + brief(f.claimed()));
}

// ---- efc.gray -------------------------------------------------------------------------

void check_gray(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  const double work = 4.0 * static_cast<double>(env.nodes());
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "listing V_n by Definition 1"));
  const std::vector<uint64_t> order = efc_definition1(n);
  part_list parts;
  const bool lists_vn = sorted_unique(order) == env.graph().labels && sorted_unique(order).size() == order.size();
  auto witness = [&](const order_report& rep) {
    json w{{"problem", rep.problem}};
    if (rep.position) {
      const uint64_t i = *rep.position;
      w["labels"] = {env.label(order[i]), env.label(order[(i + 1) % order.size()])};
    }
    return w;
  };
  const order_report path = check_gray_code(order, false);
  parts.add("consecutive labels differ in one bit", true,
            json{{"gray", path.ok}, {"lists_V_n_once", lists_vn}}, path.ok && lists_vn, witness(path));
  const order_report cyc = check_gray_code(order, true);
  parts.add("cyclic: the last and the first differ in one bit as well", true, cyc.ok, cyc.ok,
            witness(cyc));
  parts.finish(r);
}

std::string explain_gray(const failure_view& f) {
  auto cex = f.counterexample();
  auto w = cex.value("witness", nlohmann::json::object());
  if (!w.contains("labels")) return part_sentence(f, "the Gray code of Definition 1's order");
  const bool cyclic = cex.value("part", std::string()).rfind("cyclic", 0) == 0;
  return sentence(f, std::string(cyclic ? "the last and first labels " : "consecutive labels ") +
                         pair_words(f, w["labels"][0], w["labels"][1]) + " of Definition 1's order differ in more than one bit",
                  std::string("Section 2 claims a ") + (cyclic ? "cyclic " : "") + "Gray code" +
                      and_more(failing_parts(f) - 1, "failing part"));
}

// ---- efc.p1 ---------------------------------------------------------------------------

void check_p1(claim_env& env, claim_result& r) {
  const int n = order_of(env), w = n - 2;
  r.claimed = "FC_n (" + std::to_string(w) + "-bit strings without adjacent 1s) is a subgraph of EFC_n";
  const double work = std::ldexp(1.0, w) * w;
  if (w > 40 || !env.affordable(work)) return r.skip(env.over_budget(work, "enumerating FC_n"));
  const auto& g = env.graph();
  uint64_t fc_nodes = 0, fc_edges = 0;
  for (uint64_t x = 0; x < (uint64_t{1} << w); ++x) {
    if (x & (x >> 1)) continue;
    ++fc_nodes;
    const uint64_t rx = rank_of(g, x);
    if (rx == no_node) {
      r.measured = {{"fc_nodes_checked", fc_nodes}};
      return r.decide(false, json{{"fc_node_missing", env.label(x)}});
    }
    for (int b = 0; b < w; ++b) {
      const uint64_t y = x ^ (uint64_t{1} << b);
      if (y < x || (y & (y >> 1))) continue;
      ++fc_edges;
      if (!has_arc(g, rx, rank_of(g, y))) {
        r.measured = {{"fc_edges_checked", fc_edges}};
        return r.decide(false, json{{"fc_edge_missing", {env.label(x), env.label(y)}}});
      }
    }
  }
  r.measured = {{"fc_nodes", fc_nodes}, {"fc_edges", fc_edges}, {"all_in_EFC_n", true}};
  r.decide(true);
}

std::string explain_p1(const failure_view& f) {
  auto w = f.counterexample();
  const std::string finding = w.contains("fc_node_missing")
                                  ? "FC_n's node " + words(f, w["fc_node_missing"]) + " is missing"
                                  : "FC_n's edge " + pair_words(f, w["fc_edge_missing"][0], w["fc_edge_missing"][1]) + " is missing";
  return sentence(f, finding, "Property 1 claims FC_n is a subgraph");
}

// ---- efc.p2 ---------------------------------------------------------------------------

void check_p2(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  if (n < 6) return r.outside("Property 2 is stated for n >= 6");
  r.claimed = "EFC_" + std::to_string(n) + " has a Hamiltonian cycle";
#if TV_CLAIMS_HAVE_SIM
  const auto& g = env.graph();
  std::vector<uint64_t> cycle;
  try {
    cycle = sim::efc_hamiltonian_cycle(*env.as<enhanced_fibonacci_cube>());
  } catch (const std::runtime_error& e) {
    return r.skip(std::string("the cycle construction did not produce a cycle: ") + e.what());
  }
  std::vector<uint64_t> order;
  for (uint64_t x : cycle) order.push_back(rank_of(g, x));
  const order_report rep = check_hamiltonian_cycle(g, order);
  r.measured = {{"cycle_length", cycle.size()}, {"hamiltonian_cycle", rep.ok},
                {"construction", "kernels/sim/multicast.hpp efc_hamiltonian_cycle"}};
  if (rep.ok) return r.decide(true);
  // A construction that fails the check proves nothing about the graph.
  r.skip("the exhibited order is not a Hamiltonian cycle: " + rep.problem);
#else
  r.skip(std::string("the Hamiltonian cycle construction comes with the simulators: ") + sim_unavailable);
#endif
}

// ---- efc.p3 ---------------------------------------------------------------------------

struct block {
  uint64_t prefix;
  int length;  // prefix bits
  int sub;     // order of the sub-EFC
  const char* name;
};

std::vector<block> blocks_of(int n) {
  return {{0b00, 2, n - 2, "00"}, {0b10, 2, n - 2, "10"}, {0b0100, 4, n - 4, "0100"},
          {0b0101, 4, n - 4, "0101"}};
}

void check_p3(claim_env& env, claim_result& r) {
  const int n = order_of(env), w = n - 2;
  if (n <= 6) return r.outside("Property 3 is stated for n > 6");
  r.claimed = "EFC_n = 00||EFC_{n-2} u 10||EFC_{n-2} u 0100||EFC_{n-4} u 0101||EFC_{n-4}, disjoint";
  const auto& g = env.graph();
  part_list parts;
  uint64_t covered = 0;
  for (const block& b : blocks_of(n)) {
    std::vector<uint64_t> ranks;
    for (uint64_t v = 0; v < g.nodes; ++v)
      if ((g.labels[v] >> (w - b.length)) == b.prefix) ranks.push_back(v);
    covered += ranks.size();
    const graph::csr_graph sub =
        graph::build_csr(core::backend::cpu, enhanced_fibonacci_cube::make(b.sub));
    const graph::csr_graph part = induced_subgraph(g, ranks);
    std::vector<uint64_t> map(ranks.size());
    for (uint64_t i = 0; i < ranks.size(); ++i)
      map[i] = rank_of(sub, g.labels[ranks[i]] & core::low_mask(w - b.length));
    const mapping_report rep = check_mapped_isomorphism(part, sub, map);
    json w2;
    if (!rep.isomorphic) {
      w2["problem"] = rep.problem;
      if (rep.arc)
        w2["nodes"] = {env.label(part.labels[rep.arc->first]), env.label(part.labels[rep.arc->second])};
    }
    parts.add(std::string(b.name) + "||EFC_" + std::to_string(b.sub),
              "isomorphic to EFC_" + std::to_string(b.sub),
              json{{"nodes", ranks.size()}, {"sub_nodes", sub.nodes}, {"isomorphic", rep.isomorphic}},
              rep.isomorphic, w2);
  }
  parts.add("the four parts are disjoint and cover V_n", g.nodes, covered, covered == g.nodes);
  parts.finish(r);
}

std::string explain_p3(const failure_view& f) { return part_sentence(f, "Property 3's decomposition"); }

// ---- efc.p4 .. efc.p6 -----------------------------------------------------------------

void check_p4(claim_env& env, claim_result& r) { check_hamming_paths(env, r); }

void check_p5(claim_env& env, claim_result& r) {
  check_diameter(env, r, static_cast<uint64_t>(order_of(env) - 2));
}

void check_p6(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  const uint32_t lo = static_cast<uint32_t>(ceil_div(n, 4)), hi = static_cast<uint32_t>(n - 2);
  const auto& s = env.degrees();
  r.claimed = {{"min", lo}, {"max", hi}};
  r.measured = {{"min", s.degree_min}, {"max", s.degree_max}};
  const bool ok = s.degree_min >= lo && s.degree_max <= hi;
  json w;
  if (!ok) {
    const uint64_t v = first_degree_outside(env, lo, hi);
    if (v != no_node)
      w = {{"node", env.label(env.graph().labels[v])}, {"degree", env.graph().degree(v)}};
  }
  r.decide(ok, w);
}

std::string explain_p4(const failure_view& f) { return hamming_path_sentence(f, "Property 4"); }
std::string explain_p5(const failure_view& f) { return diameter_sentence(f, "Property 5"); }
std::string explain_p6(const failure_view& f) {
  auto w = f.counterexample();
  auto c = f.claimed();
  auto m = f.measured();
  const long long degree = w.value("degree", -1LL);
  if (w.contains("node") && degree < c["min"].get<long long>())
    return sentence(f, "node " + words(f, w["node"]) + " has degree " + brief(w["degree"]),
                    "Property 6 claims at least " + brief(c["min"]));
  if (w.contains("node"))
    return sentence(f, "node " + words(f, w["node"]) + " has degree " + brief(w["degree"]),
                    "Property 6 claims at most " + brief(c["max"]));
  return sentence(f, "degrees range over " + brief(m["min"]) + ".." + brief(m["max"]),
                  "Property 6 claims " + brief(c["min"]) + ".." + brief(c["max"]));
}

// ---- EFT: eft.p7 .. eft.p12 -----------------------------------------------------------

void check_p7(claim_env& env, claim_result& r, eft_reading reading) {
  r.claimed = "EFT_n is a spanning tree of EFC_n";
  const tree_report t = check_spanning_tree(env.graph(), eft_ranks(env, reading), 0);
  r.measured = {{"spanning_tree", t.spanning_tree}, {"tree_edges", t.tree_edges}, {"height", t.height}};
  r.decide(t.spanning_tree, tree_witness(env, t, reading));
}

std::string explain_p7(const failure_view& f) { return tree_sentence(f, "Property 7 claims EFT_n is a spanning tree"); }

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
      const uint64_t p = eft_parent(n, x, eft_reading::claims_md);
      if ((x & low) == 0) {  // the block's root
        if (p != expected_root_parent && !(b.prefix == 0 && p == x)) {
          problem = "the block's root has the wrong parent";
          bad = x;
        }
        continue;
      }
      const uint64_t want = eft_parent(b.sub, x & low, eft_reading::claims_md);
      if ((p & ~low) != base || (p & low) != want) {
        problem = "the parent leaves the block or differs from EFT_" + std::to_string(b.sub);
        bad = x;
      }
    }
    json w2;
    if (bad != no_node) {
      const uint64_t p = eft_parent(n, bad, eft_reading::claims_md);
      w2 = {{"problem", problem}, {"node", env.label(bad)}, {"parent", p == no_node ? json("none") : json(env.label(p))}};
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

void check_p9(claim_env& env, claim_result& r, bool diameter_reading) {
  const int n = order_of(env);
  r.claimed = n - 2;
  const auto parent = eft_ranks(env, eft_reading::claims_md);
  const tree_report t = check_spanning_tree(env.graph(), parent, 0);
  if (!t.spanning_tree) return r.skip("EFT_n is not a spanning tree here (see eft.p7): " + t.problem);
  uint64_t span = 0;
  if (diameter_reading) {
    span = tree_diameter(parent, 0);
  } else {
    for (uint64_t v = 1; v < parent.size(); ++v) span += parent[v] == 0;
  }
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

void check_p10(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  r.claimed = ceil_div(n - 2, 2);
  const tree_report t = check_spanning_tree(env.graph(), eft_ranks(env, eft_reading::claims_md), 0);
  if (!t.spanning_tree) return r.skip("EFT_n is not a spanning tree here (see eft.p7): " + t.problem);
  r.measured = t.height;
  r.decide(t.height == ceil_div(n - 2, 2), json{{"height", t.height}});
}

std::string explain_p10(const failure_view& f) {
  return sentence(f, "EFT's height is " + brief(f.counterexample()["height"]), "Property 10 claims " + brief(f.claimed()));
}

void check_p11(claim_env& env, claim_result& r, bool from_right) {
  const int n = order_of(env), w = n - 2;
  const auto& g = env.graph();
  const auto parent = eft_ranks(env, eft_reading::claims_md);
  const tree_report t = check_spanning_tree(g, parent, 0);
  if (!t.spanning_tree) return r.skip("EFT_n is not a spanning tree here (see eft.p7): " + t.problem);
  std::vector<uint64_t> children;  // ascending ranks = ascending labels
  for (uint64_t v = 1; v < parent.size(); ++v)
    if (parent[v] == 0) children.push_back(g.labels[v]);
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

void check_p12(claim_env& env, claim_result& r) {
  const auto& g = env.graph();
  const auto parent = eft_ranks(env, eft_reading::claims_md);
  const tree_report t = check_spanning_tree(g, parent, 0);
  if (!t.spanning_tree) return r.skip("EFT_n is not a spanning tree here (see eft.p7): " + t.problem);
  const std::vector<uint64_t> pre = tree_preorder(parent, 0);
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

// ---- efc.unicast ----------------------------------------------------------------------

void check_unicast(claim_env& env, claim_result& r) {
  r.claimed = "dim_to_hop_set is never empty; every route has length H(s, d)";
  const auto& g = env.graph();
  const double work = static_cast<double>(g.nodes) * g.nodes;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "checking every ordered pair"));
  // dim_to_hop_set(t, d) = dim_differ_set & dim_neighbor_exist_set.  A route from s only
  // ever stands at nodes t with destination d, and every hop clears one differing bit, so
  // "never empty" for every ordered pair (t, d) means no route gets stuck and every route
  // has length H(s, d), whichever dimension the random choice takes.
  std::vector<uint64_t> exist(g.nodes, 0);
  for (uint64_t v = 0; v < g.nodes; ++v)
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) exist[v] |= g.labels[v] ^ g.labels[g.targets[e]];
  uint64_t empty = 0, ft = 0, fd = 0;
  for (uint64_t t = 0; t < g.nodes; ++t)
    for (uint64_t d = 0; d < g.nodes; ++d)
      if (t != d && !((g.labels[t] ^ g.labels[d]) & exist[t]) && !empty++) {
        ft = t;
        fd = d;
      }
  json m;
  m["ordered_pairs"] = g.nodes * (g.nodes - 1);
  m["pairs_with_empty_dim_to_hop_set"] = empty;
  json w = empty ? json{{"at", env.label(g.labels[ft])}, {"destination", env.label(g.labels[fd])}} : json();
  bool ok = empty == 0;
#if TV_CLAIMS_HAVE_SIM
  json sims, sim_witness;
  const bool sim_ok = simulate_routing_rules(env, sim::routing_algorithm::efc_unicast, &sims, &sim_witness);
  m["simulated"] = sims;
  if (ok && !sim_ok) w = sim_witness;
  ok = ok && sim_ok;
#endif
  r.measured = m;
  r.decide(ok, w);
#if !TV_CLAIMS_HAVE_SIM
  r.reason = std::string("decided by the exhaustive check; the route simulation: ") + sim_unavailable;
#endif
}

std::string explain_unicast(const failure_view& f) {
  return routing_sentence(f, "Theorem 1 claims dim_to_hop_set is never empty and routes take H(s, d) hops");
}

// ---- Broadcast and multicast (simulator) ----------------------------------------------

#if TV_CLAIMS_HAVE_SIM
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
#endif

void check_lemma1(claim_env& env, claim_result& r, [[maybe_unused]] bool per_source) {
  const int n = order_of(env);
  const uint64_t time = 2 * static_cast<uint64_t>(ceil_div(n - 2, 2));
  const uint64_t N = env.nodes();
  r.claimed = {{"time_steps", time}, {"traffic_steps", N - 1}};
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
}

/// Traffic witness of the broadcast claims: messages against N - 1 per source.
std::string traffic_finding(const failure_view& f) {
  auto w = f.counterexample();
  return brief(w["messages"]) + " messages, " + brief(w["expected"]) + " expected" +
         (w.value("unreached", 0) ? " (" + brief(w["unreached"]) + " nodes unreached)" : "");
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

void check_thm2(claim_env& env, claim_result& r, bool worst_case) {
  const int n = order_of(env);
  const uint64_t N = env.nodes();
  const uint32_t gap = n % 2 == 0 ? 0 : 1;
  r.claimed = {{"traffic", N - 1}, {worst_case ? "time_over_diameter" : "time_over_eccentricity_every_source", gap}};
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
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

void check_fig3(claim_env& env, claim_result& r) {
  if (order_of(env) != 7) return r.outside("Figure 3's example runs once, on efc n=7");
  r.claimed = {{"source", "01000"}, {"steps", 4}};
#if TV_CLAIMS_HAVE_SIM
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
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_fig3(const failure_view& f) {
  return sentence(f, "from 01000 the broadcast takes " + count_of(f.counterexample()["steps"], "step"), "Figure 3 claims four");
}

void check_multicast(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  r.claimed = "both heuristics deliver to every destination";
#if TV_CLAIMS_HAVE_SIM
  const auto& f = *env.as<enhanced_fibonacci_cube>();
  part_list parts;
  for (auto scheme : {sim::multicast_scheme::eft_tree, sim::multicast_scheme::hamiltonian}) {
    sim::multicast_options o;
    o.scheme = scheme;
    o.instances = 1000;
    o.destinations = static_cast<uint32_t>(std::min<uint64_t>(8, env.nodes() - 1));
    o.seed = 1;
    const std::string name = sim::multicast_scheme_name(scheme);
    const std::string why = o.destinations == 0 ? "EFC_n has one node" : sim::multicast_unsupported(f, o);
    if (!why.empty()) {
      parts.skip(name, "every destination reached", why);
      continue;
    }
    const sim::multicast_result m = sim::multicast(env.backend(), f, o);
    const double k = static_cast<double>(m.instances ? m.instances : 1);
    json mj{{"instances", m.instances}, {"destinations", m.destinations},
            {"delivered_all", m.delivered_all}, {"undelivered", m.undelivered},
            {"time_mean", m.time_sum / k}, {"time_bound_mean", m.time_bound_sum / k},
            {"traffic_mean", m.traffic_sum / k}, {"traffic_bound_mean", m.traffic_bound_sum / k},
            {"time_at_bound", m.time_at_bound}, {"traffic_at_bound", m.traffic_at_bound},
            {"max_time_gap", m.max_time_gap}, {"max_traffic_gap", m.max_traffic_gap}};
    parts.add(name, "every destination reached", mj, m.delivered_all == m.instances,
              json{{"undelivered", m.undelivered}});
  }
  parts.finish(r);
  (void)n;
#else
  (void)n;
  r.skip(sim_unavailable);
#endif
}

std::string explain_multicast(const failure_view& f) {
  auto cex = f.counterexample();
  return sentence(f, "the " + cex.value("part", std::string("?")) + " heuristic leaves " +
                         brief(cex.value("witness", nlohmann::json::object()).value("undelivered", nlohmann::json("some"))) +
                         " destinations undelivered",
                  "Section 3.3 claims both deliver to every destination" + and_more(failing_parts(f) - 1, "failing heuristic"));
}

}  // namespace

// ---- The catalog, section E ---------------------------------------------------------------

std::vector<claim_spec> efc_claims() {
  const std::vector<std::string> efc{"efc"};
  const std::string paper = "papers/001 (Qian, Wu: Unicast, Multicast, and Broadcast in EFCs)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string eft_reading_text =
      "EFT_n (Definition 2) read as in CLAIMS.md: the root of 00||EFT_{n-2} is the root; the "
      "roots of 10||EFT_{n-2} and 0100||EFT_{n-4} are its children; the root of "
      "0101||EFT_{n-4} is a child of the root of 0100||EFT_{n-4}.  EFT_3..EFT_6 are the "
      "Fibonacci trees of the same order, FT_m = FT_{m-1} on 0|| plus FT_{m-2} on 10|| with "
      "the latter's root a child of the former's (FT_2 one node, FT_3 = 0 with child 1).";
  return {
      {"efc.count", src("Section 1 / Definition 1"), "|V_n| = 2|V_{n-2}| + 2|V_{n-4}|.",
       "efc instances with n > 6 (sizes of Definition 1's sets, built by its recursion)", "", efc,
       check_count, explain_count},
      {"efc.gray", src("Section 2, after Definition 1"),
       "Listing V_n in the order of Definition 1 gives a Gray code (consecutive labels differ "
       "in one bit), cyclic as well.",
       "every efc instance",
       "The order of Definition 1: V_3..V_6 as printed; for n > 6 the terms 00||V_{n-2}, "
       "10||V_{n-2}, 0100||V_{n-4}, 0101||V_{n-4} in that order, each in its own Definition 1 "
       "order.",
       efc, check_gray, explain_gray},
      {"efc.p1", src("Property 1"), "FC_n (n-2 bits, no two adjacent 1s) is a subgraph of EFC_n.",
       "every efc instance", "FC_n's labels and edges must be labels and edges of EFC_n.", efc,
       check_p1, explain_p1},
      {"efc.p2", src("Property 2"), "EFC_n is Hamiltonian for n >= 6 (a cycle is exhibited and checked).",
       "efc instances with n >= 6",
       "The cycle is kernels/sim/multicast.hpp's construction, verified here edge by edge; a "
       "construction that fails its check gives `not checked`.",
       efc, check_p2, nullptr,
       "The check exhibits a cycle and verifies it: a construction that yields no Hamiltonian "
       "cycle disproves nothing, so it is recorded as not checked, never as fails."},
      {"efc.p3", src("Property 3"),
       "EFC_n (n > 6) decomposes into two disjoint EFC_{n-2} and two disjoint EFC_{n-4}.",
       "efc instances with n > 6",
       "The parts are Definition 1's: 00||, 10|| (EFC_{n-2}) and 0100||, 0101|| (EFC_{n-4}); "
       "each induced part is checked isomorphic to its EFC under the prefix-stripping map.",
       efc, check_p3, explain_p3},
      {"efc.p4", src("Property 4"), "There is a Hamming distance path between any two nodes of EFC_n.",
       "efc instances within the all-pairs limit", "", efc, check_p4, explain_p4},
      {"efc.p5", src("Property 5"), "The diameter of EFC_n is n-2.", "every efc instance", "", efc,
       check_p5, explain_p5},
      {"efc.p6", src("Property 6"), "Every node degree of EFC_n lies in [ceil(n/4), n-2].",
       "every efc instance", "", efc, check_p6, explain_p6},
      {"eft.p7", src("Property 7"), "EFT_n is a spanning tree of EFC_n.", "every efc instance",
       eft_reading_text, efc, [](claim_env& e, claim_result& r) { check_p7(e, r, eft_reading::claims_md); }, explain_p7},
      {"eft.p7.alt", src("Property 7"), "EFT_n is a spanning tree of EFC_n.", "every efc instance",
       "Definition 2's last clause (\"..., and the root of the other EFT_{n-4}\") read as a third "
       "root that also becomes a child of the root: the roots of 10||EFT_{n-2}, 0100||EFT_{n-4} "
       "and 0101||EFT_{n-4} are all children of the root; bases as in eft.p7.",
       efc, [](claim_env& e, claim_result& r) { check_p7(e, r, eft_reading::all_to_root); }, explain_p7},
      {"eft.p8", src("Property 8"),
       "EFT_n decomposes into two EFT_{n-2} and two EFT_{n-4}, the four subtrees disjoint.",
       "efc instances with n > 6", eft_reading_text, efc, check_p8, explain_p8},
      {"eft.p9", src("Property 9"), "The span of EFT_n is n-2.", "every efc instance",
       "Span = the number of children of the root (the root's degree in the tree).", efc,
       [](claim_env& e, claim_result& r) { check_p9(e, r, false); }, explain_p9},
      {"eft.p9.alt", src("Property 9"), "The span of EFT_n is n-2.", "every efc instance",
       "Span = the tree's diameter (the longest path between two nodes of EFT_n).", efc,
       [](claim_env& e, claim_result& r) { check_p9(e, r, true); }, explain_p9},
      {"eft.p10", src("Property 10"), "The height of EFT_n is ceil((n-2)/2).", "every efc instance",
       eft_reading_text, efc, check_p10, explain_p10},
      {"eft.p11", src("Property 11"),
       "In EFT_n the children of the root are dimension ordered: the i-th child of the root is "
       "its neighbor on the i-th dimension.",
       "every efc instance",
       "Children in increasing label order (the order Property 12's pre-order visits them); "
       "dimension i is the i-th bit from the left.",
       efc, [](claim_env& e, claim_result& r) { check_p11(e, r, false); }, explain_p11},
      {"eft.p11.alt", src("Property 11"),
       "In EFT_n the i-th child of the root is its neighbor on the i-th dimension.",
       "every efc instance",
       "Children in increasing label order; dimension i counted from the right (the least "
       "significant bit is dimension 1).",
       efc, [](claim_env& e, claim_result& r) { check_p11(e, r, true); }, explain_p11},
      {"eft.p12", src("Property 12"),
       "The pre-order of EFT_n is the order by the binary values of the node addresses.",
       "every efc instance", "Pre-order visits children in increasing label order.", efc, check_p12, explain_p12},
      {"efc.unicast", src("Section 3.1, unicast algorithm and Theorem 1"),
       "dim_to_hop_set is never empty (Property 4 ensures it), and routes have Hamming length, "
       "for every ordered pair.",
       "every efc instance with N^2 within the budget",
       "Decided for every random choice at once: dim_differ_set & dim_neighbor_exist_set must be "
       "non-empty for every ordered pair (t, d); the simulator's runs per choice rule are added "
       "when this build has it.",
       efc, check_unicast, explain_unicast},
      {"efc.broadcast.lemma1", src("Lemma 1"),
       "The EFT up/down broadcast takes 2 ceil((n-2)/2) time steps and v_n - 1 traffic steps.",
       "every efc instance (every source)",
       "Time steps = the worst case over sources (the largest number of rounds); traffic = "
       "messages per source, for every source.",
       efc, [](claim_env& e, claim_result& r) { check_lemma1(e, r, false); }, explain_lemma1},
      {"efc.broadcast.lemma1.alt", src("Lemma 1"),
       "The EFT up/down broadcast takes 2 ceil((n-2)/2) time steps and v_n - 1 traffic steps.",
       "every efc instance (every source)",
       "Time steps read per source: every source's broadcast takes exactly 2 ceil((n-2)/2) rounds.",
       efc, [](claim_env& e, claim_result& r) { check_lemma1(e, r, true); }, explain_lemma1},
      {"efc.broadcast.thm2", src("Theorem 2"),
       "The broadcast is traffic optimal for every n, time optimal when n is even and one step "
       "more than optimal when n is odd.",
       "every efc instance (every source)",
       "Per source: optimal time = the source's eccentricity; rounds - eccentricity must be 0 "
       "for every source when n is even and exactly 1 when n is odd; traffic optimal = v_n - 1 "
       "messages per source.",
       efc, [](claim_env& e, claim_result& r) { check_thm2(e, r, false); }, explain_broadcast_thm2},
      {"efc.broadcast.thm2.alt", src("Theorem 2"),
       "The broadcast is traffic optimal for every n, time optimal when n is even and one step "
       "more than optimal when n is odd.",
       "every efc instance (every source)",
       "Worst case: the largest number of rounds over all sources against the diameter.", efc,
       [](claim_env& e, claim_result& r) { check_thm2(e, r, true); }, explain_broadcast_thm2},
      {"efc.broadcast.fig3", src("Figure 3"), "From source 01000 in EFC_7 the broadcast takes four steps.",
       "runs once, on efc n=7", "", efc, check_fig3, explain_fig3},
      {"efc.multicast", src("Section 3.3"),
       "The two multicast heuristics (EFT tree, Hamiltonian cycle) deliver the message to every "
       "destination; time and traffic are reported against lower bounds.",
       "efc instances with n >= 6 (1000 seeded random sets of up to 8 destinations)",
       "The heuristics as kernels/sim/multicast.hpp implements them; bounds: time >= the largest "
       "Hamming distance to a destination, traffic >= the number of destinations.",
       efc, check_multicast, explain_multicast},
  };
}

}  // namespace tv::host::claims
