// papers/001 Section 2, the enhanced Fibonacci cube: Definition 1's
// sets and their order (efc.count, efc.gray) and Properties 1-6 of EFC_n.
#include <algorithm>

#include "host/claims/common.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/sim/multicast.hpp"

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

namespace efc {

using families::enhanced_fibonacci_cube;

namespace {
std::vector<uint64_t> sorted_unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}
}  // namespace

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

const claim_logic efc_count{"efc.count", check_count, explain_count};

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

const claim_logic efc_gray{"efc.gray", check_gray, explain_gray};

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

const claim_logic efc_p1{"efc.p1", check_p1, explain_p1};

// ---- efc.p2 ---------------------------------------------------------------------------

void check_p2(claim_env& env, claim_result& r) {
  const int n = order_of(env);
  if (n < 6) return r.outside("Property 2 is stated for n >= 6");
  r.claimed = "EFC_" + std::to_string(n) + " has a Hamiltonian cycle";
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
}

const claim_logic efc_p2{"efc.p2", check_p2};

// ---- efc.p3 ---------------------------------------------------------------------------


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
    const graph::csr_graph part = graph::induced_subgraph(g, ranks);
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

const claim_logic efc_p3{"efc.p3", check_p3, explain_p3};

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

const claim_logic efc_p4{"efc.p4", check_p4, explain_p4};
const claim_logic efc_p5{"efc.p5", check_p5, explain_p5};
const claim_logic efc_p6{"efc.p6", check_p6, explain_p6};

}  // namespace efc
}  // namespace tv::host::claims
