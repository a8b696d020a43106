// Claims of papers/002 (Y. Li, S. Peng, W. Chu, "An Effective Structure for Algorithmic
// Design and a Parallel Prefix Algorithm on Metacube"), section M of CLAIMS.md.
#include <algorithm>
#include <numeric>
#include <set>

#include "host/claims/common.hpp"
#include "host/claims/papers.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/sim_bridge.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {

namespace {

using families::hypercube;
using families::metacube;

struct mc_params {
  int k, m, n;
  bool cluster;
};
mc_params mc_of(claim_env& env) {
  if (const auto* h = env.as<hypercube>()) return {0, h->n, h->n, false};
  const auto* c = env.as<metacube>();
  return {c->k, c->m, c->n, c->cluster_presentation};
}

std::string mc_name(int k, int m) { return "MC(" + std::to_string(k) + "," + std::to_string(m) + ")"; }

/// Union-find over the nodes joined by cube-edges (edges inside a class): the clusters.
struct cluster_stats {
  uint64_t clusters = 0;
  std::vector<uint64_t> per_class;  // clusters of each class
  uint64_t size_min = ~uint64_t{0}, size_max = 0;
  uint64_t cross_edges_per_node_min = ~uint64_t{0}, cross_edges_per_node_max = 0;
};

cluster_stats clusters_of(claim_env& env, const metacube& mc) {
  const auto& g = env.graph();
  std::vector<uint64_t> up(g.nodes);
  std::iota(up.begin(), up.end(), 0);
  auto find = [&](uint64_t x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
  };
  cluster_stats s;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    uint64_t cross = 0;
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      const uint64_t w = g.targets[e];
      if (mc.class_of(g.labels[v]) == mc.class_of(g.labels[w])) {
        const uint64_t a = find(v), b = find(w);
        if (a != b) up[a] = b;
      } else {
        ++cross;
      }
    }
    s.cross_edges_per_node_min = std::min(s.cross_edges_per_node_min, cross);
    s.cross_edges_per_node_max = std::max(s.cross_edges_per_node_max, cross);
  }
  std::vector<uint64_t> size(g.nodes, 0);
  for (uint64_t v = 0; v < g.nodes; ++v) ++size[find(v)];
  s.per_class.assign(static_cast<size_t>(mc.classes()), 0);
  for (uint64_t v = 0; v < g.nodes; ++v)
    if (find(v) == v) {
      ++s.clusters;
      ++s.per_class[static_cast<size_t>(mc.class_of(g.labels[v]))];
      s.size_min = std::min(s.size_min, size[v]);
      s.size_max = std::max(s.size_max, size[v]);
    }
  return s;
}

// ---- mc.count -------------------------------------------------------------------------

void check_count(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const auto& mc = *env.as<metacube>();
  part_list parts;
  const auto& s = env.degrees();
  const double pw = std::ldexp(1.0, n);
  parts.add("nodes = 2^(m 2^k + k)", pw, s.nodes, static_cast<double>(s.nodes) == pw);
  parts.add("degree k + m", k + m, json{{"min", s.degree_min}, {"max", s.degree_max}},
            s.degree_min == static_cast<uint32_t>(k + m) && s.degree_max == static_cast<uint32_t>(k + m));
  const double work = static_cast<double>(s.nodes) * (k + m + 2);
  if (!env.affordable(work)) {
    parts.skip("classes, clusters", "2^k classes, 2^(m(2^k-1)) clusters of 2^m nodes",
               env.over_budget(work, "finding the clusters"));
    return parts.finish(r);
  }
  const auto& g = env.graph();
  std::set<int> classes;
  for (uint64_t x : g.labels) classes.insert(mc.class_of(x));
  parts.add("classes = 2^k", 1u << k, classes.size(), classes.size() == (1u << k));
  const cluster_stats c = clusters_of(env, mc);
  const double per_class = std::ldexp(1.0, m * ((1 << k) - 1));
  bool each = true;
  for (uint64_t x : c.per_class) each = each && static_cast<double>(x) == per_class;
  parts.add("clusters per class = 2^(m(2^k - 1))", per_class, c.per_class, each);
  parts.add("nodes per cluster = 2^m", 1ull << m, json{{"min", c.size_min}, {"max", c.size_max}},
            c.size_min == (1ull << m) && c.size_max == (1ull << m));
  parts.finish(r);
}

std::string explain_count(const failure_view& f) { return part_sentence(f, "Section 2's counts"); }

// ---- mc.table1 ------------------------------------------------------------------------

struct table_entry {
  int k;        // -1: the hypercube row
  int links;    // links per node
  int exponent; // the printed number is 2^exponent ...
  uint64_t printed;  // ... or this number when exponent < 0
};

// Table 1 as printed ("265" included as it stands in the Hypercube row).
const std::vector<table_entry>& table1() {
  static const std::vector<table_entry> t = {
      {-1, 3, -1, 8}, {-1, 4, -1, 16}, {-1, 5, -1, 32}, {-1, 6, -1, 64}, {-1, 7, -1, 128},
      {-1, 8, -1, 265},
      {1, 3, -1, 32}, {1, 4, -1, 128}, {1, 5, -1, 512}, {1, 6, -1, 2048}, {1, 7, -1, 8192},
      {1, 8, -1, 32768},
      {2, 3, -1, 64}, {2, 4, -1, 1024}, {2, 5, -1, 16384}, {2, 6, 18, 0}, {2, 7, 22, 0}, {2, 8, 26, 0},
      {3, 4, -1, 2048}, {3, 5, 19, 0}, {3, 6, 27, 0}, {3, 7, 35, 0}, {3, 8, 43, 0},
      {4, 5, 20, 0}, {4, 6, 36, 0}, {4, 7, 52, 0}, {4, 8, 68, 0},
  };
  return t;
}

void check_table1(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const bool hyper = env.as<hypercube>() || k == 0;
  const int row = hyper ? -1 : k, links = hyper ? n : k + m;
  const table_entry* e = nullptr;
  for (const auto& t : table1())
    if (t.k == row && t.links == links) e = &t;
  if (!e)
    return r.outside("Table 1 has no entry for " + (hyper ? "Q(" + std::to_string(n) + ")" : mc_name(k, m)) +
                     " (rows: hypercube, MC(1..4, m); links per node 3..8)");
  const std::string printed = e->exponent >= 0 ? "2^" + std::to_string(e->exponent) : std::to_string(e->printed);
  r.claimed = {{"row", hyper ? "Hypercube" : "MC(" + std::to_string(k) + ",m)"}, {"links", links}, {"nodes", printed}};
  const auto& s = env.degrees();
  const bool nodes_ok = e->exponent >= 0 ? (e->exponent < 64 && s.nodes == (uint64_t{1} << e->exponent))
                                         : s.nodes == e->printed;
  const bool links_ok = s.degree_min == static_cast<uint32_t>(links) && s.degree_max == static_cast<uint32_t>(links);
  r.measured = {{"nodes", s.nodes}, {"links_per_node", s.degree_max}};
  r.decide(nodes_ok && links_ok, json{{"printed", printed}, {"nodes", s.nodes}, {"links_per_node", s.degree_max}});
}

std::string explain_table1(const failure_view& f) {
  auto w = f.counterexample();
  auto c = f.claimed();
  return sentence(f, brief(w["nodes"]) + " nodes, " + brief(w["links_per_node"]) + " links per node",
                  "Table 1's " + brief(c.value("row", nlohmann::json("?"))) + " row prints " + brief(w["printed"]) +
                      " nodes for " + brief(c.value("links", nlohmann::json("?"))) + " links");
}

// ---- mc.links -------------------------------------------------------------------------

void check_links(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const uint64_t l_mc = env.degrees().edges;
  if (n > 40) return r.skip("the hypercube of the same size has 2^" + std::to_string(n) + " nodes");
  const graph::degree_summary q = graph::count_degrees(env.backend(), hypercube::make(n));
  part_list parts;
  const unsigned __int128 lhs = static_cast<unsigned __int128>(q.edges) * (m + k);
  const unsigned __int128 rhs = static_cast<unsigned __int128>(l_mc) * n;
  parts.add("hypercube links / MC links = n / (m + k)",
            json{{"n", n}, {"m+k", m + k}, {"ratio", static_cast<double>(n) / (m + k)}},
            json{{"hypercube_links", q.edges}, {"mc_links", l_mc},
                 {"ratio", static_cast<double>(q.edges) / static_cast<double>(l_mc)}},
            lhs == rhs);
  if (k == 2 && m == 3) {
    parts.add("nodes of each network", 16384, json{q.nodes, env.degrees().nodes},
              q.nodes == 16384 && env.degrees().nodes == 16384);
    parts.add("hypercube links", 114688, q.edges, q.edges == 114688);
    parts.add("MC links", 40960, l_mc, l_mc == 40960);
    parts.add("reduction", 73728, q.edges - l_mc, q.edges - l_mc == 73728);
    const double pct = 100.0 * static_cast<double>(q.edges - l_mc) / static_cast<double>(q.edges);
    parts.add("reduction, about 64%", "64%", pct, static_cast<long long>(std::llround(pct)) == 64);
  }
  parts.finish(r);
}

std::string explain_links(const failure_view& f) { return part_sentence(f, "Section 2's link count"); }

// ---- mc.presentations -----------------------------------------------------------------

std::set<std::string> neighbor_set(const metacube& mc, uint64_t x) {
  std::set<std::string> s;
  mc.for_each_neighbor(x, [&](uint64_t y) { s.insert(bit_string(y, mc.n)); });
  return s;
}

void check_presentations(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const auto& mc = *env.as<metacube>();
  part_list parts;
  const double work = static_cast<double>(env.nodes()) * (k + m) * 4;
  if (!env.affordable(work)) {
    parts.skip("isomorphism", "isomorphic", env.over_budget(work, "building the other presentation"));
  } else {
    const auto& g = env.graph();
    const metacube other_fam = metacube::make(k, m, !cluster);
    const graph::csr_graph other = graph::build_csr(env.backend(), other_fam);
    std::vector<uint64_t> map(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v)
      map[v] = cluster ? mc.to_class(g.labels[v]) : mc.to_cluster(g.labels[v]);  // ranks = labels
    const mapping_report rep = check_mapped_isomorphism(g, other, map);
    json w;
    if (!rep.isomorphic) {
      w["problem"] = rep.problem;
      if (rep.arc) w["edge"] = {env.label(g.labels[rep.arc->first]), env.label(g.labels[rep.arc->second])};
    }
    parts.add(std::string("class <-> cluster presentation by ") + (cluster ? "to_class" : "to_cluster"),
              "isomorphic", rep.isomorphic, rep.isomorphic, w);
  }
  if (k == 2 && m == 3) {
    // Section 2 (cluster presentation): node (01, 111, 101, 110, 000).
    const metacube cl = metacube::make(2, 3, true), cc = metacube::make(2, 3, false);
    const std::set<std::string> p2{"01111101111000", "01111101100000", "01111101010000",
                                   "00111101110000", "11111101110000"};
    const auto m2 = neighbor_set(cl, parse_bits("01111101110000"));
    parts.add("Section 2: neighbors of (01,111,101,110,000)", json(p2), json(m2), m2 == p2);
    // Section 3 (class presentation): node (1100, 0110, 1011, 10).
    const std::set<std::string> p3{"11000110111110", "11000010101110", "10000110101110",
                                   "11000110101111", "11000110101100"};
    const auto m3 = neighbor_set(cc, parse_bits("11000110101110"));
    parts.add("Section 3: neighbors of (1100,0110,1011,10)", json(p3), json(m3), m3 == p3);
  }
  parts.finish(r);
}

std::string explain_presentations(const failure_view& f) { return part_sentence(f, "Sections 2-3's presentations"); }

// ---- mc.special -----------------------------------------------------------------------

/// The dual-cube of Li and Peng on 2m+1 bits: the leftmost bit is the class; a class-0
/// node's cluster is an m-cube on its rightmost m bits, a class-1 node's on the middle m
/// bits; the cross-edge flips the class bit.
graph::csr_graph dual_cube(int m) {
  const uint64_t n = uint64_t{1} << (2 * m + 1);
  std::vector<std::pair<uint64_t, uint64_t>> edges;
  for (uint64_t u = 0; u < n; ++u) {
    const bool cls = (u >> (2 * m)) & 1u;
    const uint64_t cross = u ^ (uint64_t{1} << (2 * m));
    if (u < cross) edges.emplace_back(u, cross);
    for (int j = 0; j < m; ++j) {
      const uint64_t v = u ^ (uint64_t{1} << (cls ? m + j : j));
      if (u < v) edges.emplace_back(u, v);
    }
  }
  return graph_from_edges(n, edges);
}

void check_special(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k > 1) return r.outside("the claim is about MC(0, m) and MC(1, m)");
  const auto& mc = *env.as<metacube>();
  const auto& g = env.graph();
  part_list parts;
  if (k == 0) {
    std::vector<uint64_t> all(g.nodes);
    std::iota(all.begin(), all.end(), 0);
    const graph::csr_graph q = hamming_graph(all);
    std::vector<uint64_t> map(g.nodes);
    std::iota(map.begin(), map.end(), 0);
    const mapping_report rep = check_mapped_isomorphism(g, q, map);
    parts.add("MC(0," + std::to_string(m) + ") is Q(" + std::to_string(m) + ")", true, rep.isomorphic,
              rep.isomorphic, json{{"problem", rep.problem}});
  } else {
    const graph::csr_graph d = dual_cube(m);
    std::vector<uint64_t> map(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v) map[v] = cluster ? g.labels[v] : mc.to_cluster(g.labels[v]);
    const mapping_report rep = check_mapped_isomorphism(g, d, map);
    parts.add("MC(1," + std::to_string(m) + ") is the dual-cube (Li-Peng definition)", true,
              rep.isomorphic, rep.isomorphic, json{{"problem", rep.problem}});
    const cluster_stats c = clusters_of(env, mc);
    parts.add("2^(m+1) clusters, each an m-cube", json{{"clusters", 1ull << (m + 1)}, {"size", 1ull << m}},
              json{{"clusters", c.clusters}, {"size_min", c.size_min}, {"size_max", c.size_max}},
              c.clusters == (1ull << (m + 1)) && c.size_min == (1ull << m) && c.size_max == (1ull << m));
    parts.add("one cross-link per node, to another cluster", 1,
              json{{"min", c.cross_edges_per_node_min}, {"max", c.cross_edges_per_node_max}},
              c.cross_edges_per_node_min == 1 && c.cross_edges_per_node_max == 1);
  }
  parts.finish(r);
}

std::string explain_special(const failure_view& f) { return part_sentence(f, "Sections 1-2's special cases"); }

// ---- mc.diameter ----------------------------------------------------------------------

void check_diameter_claim(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  uint32_t diam = 0;
  std::string method, why;
  if (!(k == 2 && m == 3)) {
    if (!measure_diameter(env, &diam, &method, &why))
      return r.skip("the paper states the diameter of MC(2,3) only; this instance's diameter was "
                    "not measured: " + why);
    r.measured = {{"diameter", diam}, {"hypercube_diameter", n}, {"method", method}};
    return r.skip("the paper states the diameter of MC(2,3) only; this instance's diameter is reported");
  }
  r.claimed = {{"diameter", 16}, {"over_hypercube", 2}};
  if (!measure_diameter(env, &diam, &method, &why)) return r.skip(why);
  const graph::csr_graph q = graph::build_csr(env.backend(), hypercube::make(n));
  const auto qd = distance::exact_diameter(env.backend(), q, env.control());  // Q(n): 2 BFS
  r.measured = {{"diameter", diam}, {"hypercube_diameter", qd.diameter},
                {"over_hypercube", static_cast<long long>(diam) - qd.diameter}, {"method", method}};
  r.decide(diam == 16 && static_cast<long long>(diam) - qd.diameter == 2,
           json{{"diameter", diam}, {"hypercube_diameter", qd.diameter}});
}

std::string explain_diameter(const failure_view& f) {
  auto w = f.counterexample();
  return sentence(f, "the diameter is " + brief(w["diameter"]) + ", the hypercube's " + brief(w["hypercube_diameter"]),
                  "Section 2 claims 16, 2 more than the hypercube's");
}

// ---- Prefix (simulator) ---------------------------------------------------------------

#if TV_CLAIMS_HAVE_SIM
sim::prefix_result run_prefix(claim_env& env, const families::family& net, sim::prefix_algorithm a,
                              sim::prefix_operator op, sim::operand_order order, bool keep = false) {
  sim::prefix_options o;
  o.algorithm = a;
  o.op = op;
  o.order = order;
  o.keep_values = keep;
  const std::string why = sim::prefix_unsupported(net, a);
  if (!why.empty()) throw std::invalid_argument(why);
  return sim::prefix(env.backend(), net, o);
}
#endif

void check_prefix_hc(claim_env& env, claim_result& r) {
  const int d = env.as<hypercube>()->n;
  r.claimed = {{"correct", true}, {"comm_steps", d}, {"comp_steps", 2 * d}};
#if TV_CLAIMS_HAVE_SIM
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::hypercube, sim::prefix_operator::add,
                            sim::operand_order::printed);
  r.measured = {{"correct", p.correct}, {"comm_steps", p.comm_steps}, {"comp_steps", p.comp_steps},
                {"non_edge_messages", p.non_edge_messages}};
  r.decide(p.correct && p.comm_steps == static_cast<uint64_t>(d) && p.comp_steps == static_cast<uint64_t>(2 * d),
           r.measured);
#else
  (void)d;
  r.skip(sim_unavailable);
#endif
}

/// The prefix simulations' result: "Algorithm 2 is wrong (first at 01 (node 1)), 5 + 8 steps".
std::string prefix_finding(const failure_view& f, const std::string& algorithm) {
  auto w = f.counterexample();
  std::string s = algorithm + (w.value("correct", true) ? " is correct" : " computes wrong prefixes");
  if (w.contains("first_wrong_address")) s += " (first at " + words(f, w["first_wrong_address"]) + ")";
  return s + " in " + brief(w["comm_steps"]) + " communication and " + brief(w["comp_steps"]) + " computation steps";
}

std::string explain_prefix_hc(const failure_view& f) {
  auto c = f.claimed();
  return sentence(f, prefix_finding(f, "Algorithm 1"),
                  "Section 4.1 claims a correct prefix in " + brief(c["comm_steps"]) + " and " + brief(c["comp_steps"]));
}

void check_prefix_thm1(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const uint64_t comm = (uint64_t{1} << k) * m * (k + 1) + k, comp = (uint64_t{1} << (k + 1)) * m + 2 * k;
  r.claimed = {{"correct", true}, {"comm_steps", comm}, {"comp_steps", comp}};
#if TV_CLAIMS_HAVE_SIM
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube, sim::prefix_operator::add,
                            sim::operand_order::printed);
  r.measured = {{"correct", p.correct}, {"comm_steps", p.comm_steps}, {"comp_steps", p.comp_steps}};
  json w = r.measured;
  if (p.first_mismatch) w["first_wrong_address"] = env.label(*p.first_mismatch);
  r.decide(p.correct && p.comm_steps == comm && p.comp_steps == comp, w);
#else
  (void)comm;
  (void)comp;
  r.skip(sim_unavailable);
#endif
}

std::string explain_prefix_thm1(const failure_view& f) {
  auto c = f.claimed();
  return sentence(f, prefix_finding(f, "Algorithm 2"),
                  "Theorem 1 claims a correct prefix in " + brief(c["comm_steps"]) + " and " + brief(c["comp_steps"]));
}

void check_prefix_edges([[maybe_unused]] claim_env& env, claim_result& r) {
  r.claimed = {{"non_edge_messages", 0}, {"text_condition_((i-k) MOD m) == c", "holds for every exchange"}};
#if TV_CLAIMS_HAVE_SIM
  const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube, sim::prefix_operator::add,
                            sim::operand_order::printed);
  part_list parts;
  json w;
  if (p.first_non_edge) w = {{"from", env.label(p.first_non_edge->first)}, {"to", env.label(p.first_non_edge->second)}};
  parts.add("every exchange uses an edge", 0, p.non_edge_messages, p.non_edge_messages == 0, w);
  parts.add("the link of bit i belongs to the node with ((i-k) MOD m) == c", 0,
            json{{"exchanges_violating", p.text_condition_false},
                 {"bit_class_pairs_where_text_and_links_differ", p.text_condition_mismatches}},
            p.text_condition_false == 0 && p.text_condition_mismatches == 0);
  parts.finish(r);
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_prefix_edges(const failure_view& f) {
  auto cex = f.counterexample();
  const std::string part = cex.value("part", std::string());
  const std::string more = and_more(failing_parts(f) - 1, "failing part");
  if (cex.contains("witness") && cex["witness"].contains("from"))
    return sentence(f, "Algorithm 2 sends from " + words(f, cex["witness"]["from"]) + " to " + words(f, cex["witness"]["to"]) +
                           ", not an edge", "Section 4.2 claims every exchange uses an edge" + more);
  auto m = f.measured().value(part, nlohmann::json::object());
  return sentence(f, brief(m.value("exchanges_violating", nlohmann::json("some"))) + " exchanges break ((i-k) MOD m) == c, " +
                         brief(m.value("bit_class_pairs_where_text_and_links_differ", nlohmann::json("some"))) +
                         " (bit, class) pairs differ from the links",
                  "Section 4.2 claims the node with ((i-k) MOD m) == c owns bit i's link" + more);
}

const std::vector<uint64_t>& printed_mc21_prefix() {
  // The list printed in Section 4.2 for MC(2,1) with a_i = i, as it stands.
  static const std::vector<uint64_t> v = {
      0,    1,    3,    6,    10,   15,   21,   28,   36,   45,   55,   66,   78,   91,   105,
      120,  136,  153,  171,  190,  210,  231,  253,  276,  300,  325,  351,  378,  406,  435,
      465,  496,  528,  561,  595,  630,  666,  703,  741,  780,  820,  861,  903,  946,  990,
      1035, 1081, 1128, 1176, 1225, 1275, 1326, 1378, 1431, 1485, 1540, 1596, 1653, 1711, 1770,
      1830, 1891, 1953, 2016};
  return v;
}

void check_prefix_example(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k != 2 || m != 1) return r.outside("the example runs once, on metacube k=2 m=1");
  part_list parts;
  {
    const std::vector<uint64_t> in{1, 2, 3, 4, 5, 6, 7, 8}, printed{1, 3, 6, 10, 15, 21, 28, 36};
    std::vector<uint64_t> scan(in.size());
    std::partial_sum(in.begin(), in.end(), scan.begin());
    parts.add("prefix_sum([1..8])", printed, scan, scan == printed);
  }
  {
    std::vector<uint64_t> scan(64);
    std::iota(scan.begin(), scan.end(), 0);
    std::partial_sum(scan.begin(), scan.end(), scan.begin());
    parts.add("the printed list is the prefix sum of 0..63", printed_mc21_prefix(), scan,
              scan == printed_mc21_prefix());
  }
#if TV_CLAIMS_HAVE_SIM
  const auto p = run_prefix(env, metacube::make(2, 1, false), sim::prefix_algorithm::metacube,
                            sim::prefix_operator::add, sim::operand_order::printed, true);
  parts.add("Algorithm 2 on MC(2,1), a_i = i", printed_mc21_prefix(), p.values,
            p.values == printed_mc21_prefix());
#else
  parts.skip("Algorithm 2 on MC(2,1), a_i = i", printed_mc21_prefix(), sim_unavailable);
#endif
  parts.finish(r);
}

std::string explain_prefix_example(const failure_view& f) { return part_sentence(f, "Section 4.2's MC(2,1) example"); }

void check_prefix_operator([[maybe_unused]] claim_env& env, claim_result& r) {
  r.claimed = {{"as_printed", "correct for a non-commutative associative operator"},
               {"operands_by_address", "correct"}};
#if TV_CLAIMS_HAVE_SIM
  part_list parts;
  for (auto order : {sim::operand_order::printed, sim::operand_order::address}) {
    const auto p = run_prefix(env, env.net(), sim::prefix_algorithm::metacube, sim::prefix_operator::affine, order);
    json w;
    if (p.first_mismatch) w = {{"first_wrong_address", env.label(*p.first_mismatch)}, {"mismatches", p.mismatches}};
    parts.add(order == sim::operand_order::printed ? "Algorithm 2 as printed, affine maps"
                                                   : "operands ordered by address, affine maps",
              true, json{{"correct", p.correct}, {"mismatches", p.mismatches}}, p.correct, w);
  }
  parts.finish(r);
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_prefix_operator(const failure_view& f) {
  auto cex = f.counterexample();
  auto w = cex.value("witness", nlohmann::json::object());
  std::string finding = cex.value("part", std::string("?")) + ": wrong";
  if (w.contains("first_wrong_address"))
    finding += " at " + words(f, w["first_wrong_address"]) + " first, " + brief(w["mismatches"]) + " wrong in all";
  return sentence(f, finding, "Algorithm 2 is claimed correct for any associative operator" +
                                  and_more(failing_parts(f) - 1, "failing order"));
}

void check_prefix_vs_hc(claim_env& env, claim_result& r, bool total) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k < 1) return r.outside("the comparison is for k >= 1");
  r.claimed = std::string("Algorithm 2's ") + (total ? "communication + computation" : "communication") +
              " steps <= k x Algorithm 1's on Q(" + std::to_string(n) + ")";
#if TV_CLAIMS_HAVE_SIM
  const double work = std::ldexp(1.0, n) * n * 2;
  if (!env.affordable(work)) return r.skip(env.over_budget(work, "running Algorithm 1 on Q(n)"));
  const auto a = run_prefix(env, env.net(), sim::prefix_algorithm::metacube, sim::prefix_operator::add,
                            sim::operand_order::printed);
  const auto h = run_prefix(env, hypercube::make(n), sim::prefix_algorithm::hypercube,
                            sim::prefix_operator::add, sim::operand_order::printed);
  const uint64_t ta = total ? a.comm_steps + a.comp_steps : a.comm_steps;
  const uint64_t th = total ? h.comm_steps + h.comp_steps : h.comm_steps;
  r.measured = {{"metacube_steps", ta}, {"hypercube_steps", th},
                {"ratio", th ? static_cast<double>(ta) / static_cast<double>(th) : 0.0}, {"k", k}};
  r.decide(ta <= static_cast<uint64_t>(k) * th, r.measured);
#else
  r.skip(sim_unavailable);
#endif
}

std::string explain_prefix_vs_hc(const failure_view& f) {
  auto w = f.counterexample();
  const int k = static_cast<int>(w.value("k", 0LL));
  char ratio[32];
  std::snprintf(ratio, sizeof ratio, "%.2f", w.value("ratio", 0.0));
  return sentence(f, "Algorithm 2 takes " + brief(w["metacube_steps"]) + " steps, Algorithm 1 on the same-size hypercube " +
                         brief(w["hypercube_steps"]) + " (ratio " + ratio + ")",
                  "Section 5 claims at most k = " + std::to_string(k) + " times");
}

}  // namespace

// ---- The catalog, section M ---------------------------------------------------------------

std::vector<claim_spec> metacube_claims() {
  const std::vector<std::string> mc{"metacube", "dualcube"};
  const std::vector<std::string> mc_q{"metacube", "dualcube", "hypercube"};
  const std::string paper = "papers/002 (Li, Peng, Chu: Metacube prefix)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  return {
      {"mc.count", src("Section 2"),
       "MC(k,m) has 2^(m 2^k + k) nodes of degree k+m, 2^k classes, 2^(m(2^k-1)) clusters per "
       "class and 2^m nodes per cluster.",
       "metacube and dualcube instances",
       "Classes are the values of the class field; clusters are the connected components of "
       "the cube-edges (edges inside a class).",
       mc, check_count, explain_count},
      {"mc.table1", src("Table 1"), "The printed Table 1 (nodes per links/node, hypercube and MC(1..4, m)).",
       "the instance's entry: hypercube n (row Hypercube, n links) or metacube k, m (row "
       "MC(k,m), k+m links; MC(0,m) in the Hypercube row); entries over the enumeration limit "
       "are not checked, and MC(4,4)'s 2^68 has no instance (64-bit labels)",
       "", mc_q, check_table1, explain_table1},
      {"mc.links", src("Section 2, link count"),
       "Hypercube links / MC links = n/(m+k); for k = 2, m = 3: 16384 nodes, 114688 and 40960 "
       "links, a reduction of 73728 links or about 64%.",
       "metacube and dualcube instances (the hypercube of the same size is counted too)",
       "\"About 64%\" is the reduction rounded to a whole percent.", mc, check_links, explain_links},
      {"mc.presentations", src("Sections 2 and 3"),
       "The cluster-based and the class-cube presentations give isomorphic graphs under the "
       "address mapping of Section 3; the neighbor examples of Sections 2 and 3.",
       "metacube and dualcube instances; the examples on MC(2,3)",
       "The mapping: class bits stay; node-ID bit j of class c's block m_c (cluster) is bit "
       "k + 2^k j + c (class-cube), as Section 3's b_{2^k j + c + k} lists it.",
       mc, check_presentations, explain_presentations},
      {"mc.special", src("Sections 1-2"), "MC(0,m) is the hypercube Q(m); MC(1,m) is the dual-cube.",
       "metacube and dualcube instances with k <= 1",
       "The dual-cube of Li and Peng: 2m+1 bits, the leftmost the class; class 0's clusters on "
       "the rightmost m bits, class 1's on the middle m bits; 2^(m+1) m-cube clusters, one "
       "cross-link per node.",
       mc, check_special, explain_special},
      {"mc.diameter", src("Section 2"),
       "The diameter of MC(2,3) is 16, only 2 larger than the hypercube's of the same size; "
       "diameters are reported for every instance.",
       "metacube k=2 m=3; other instances report their diameter as not checked", "", mc,
       check_diameter_claim, explain_diameter},
      {"mc.prefix_hc", src("Section 4.1, Algorithm 1"),
       "Algorithm 1 computes the prefix on a d-cube in d communication and 2d computation steps.",
       "hypercube instances", "The step counts of kernels/sim/prefix.hpp's message-passing run.",
       {"hypercube"}, check_prefix_hc, explain_prefix_hc},
      {"mc.prefix.thm1", src("Theorem 1"),
       "Algorithm 2 computes the prefix on MC(k,m) in 2^k m (k+1) + k communication and "
       "2^(k+1) m + 2k computation steps.",
       "metacube and dualcube instances", "Addition, inputs a_i = i, the pseudocode as printed.", mc,
       check_prefix_thm1, explain_prefix_thm1},
      {"mc.prefix.edges", src("Section 4.2, Algorithm 2"),
       "Every exchange of Algorithm 2 uses an edge of MC(k,m); only the node with ((i-k) MOD m) "
       "== c has the link of bit i.",
       "metacube and dualcube instances", "", mc, check_prefix_edges, explain_prefix_edges},
      {"mc.prefix.example", src("Section 4.2, Figures 7-12"),
       "MC(2,1) with a_i = i gives 0, 1, 3, ..., 2016 (the printed list); prefix_sum([1..8]) = "
       "[1, 3, ..., 36].",
       "runs once, on metacube k=2 m=1", "The printed list compared entry by entry.", mc,
       check_prefix_example, explain_prefix_example},
      {"mc.prefix.operator", src("Section 4, Algorithm 2 and Theorem 1's proof"),
       "Algorithm 2 exactly as printed is correct for any associative operator (a "
       "non-commutative one is tried), and with the operands ordered by address.",
       "metacube and dualcube instances",
       "The operator: composition of affine maps x -> ax + b mod 2^64 (associative, not "
       "commutative).",
       mc, check_prefix_operator, explain_prefix_operator},
      {"mc.prefix.vs_hc", src("Section 5"),
       "The running time of Algorithm 2 is only k times that of the hypercube of the same size.",
       "metacube and dualcube instances with k >= 1",
       "Running time = communication steps; \"k times\" read as at most k times Algorithm 1's "
       "on Q(m 2^k + k).",
       mc, [](claim_env& e, claim_result& r) { check_prefix_vs_hc(e, r, false); }, explain_prefix_vs_hc},
      {"mc.prefix.vs_hc.alt", src("Section 5"),
       "The running time of Algorithm 2 is only k times that of the hypercube of the same size.",
       "metacube and dualcube instances with k >= 1",
       "Running time = communication + computation steps.", mc,
       [](claim_env& e, claim_result& r) { check_prefix_vs_hc(e, r, true); }, explain_prefix_vs_hc},
  };
}

}  // namespace tv::host::claims
