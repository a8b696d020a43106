// papers/002 (Metacube), Section 2 "Metacube Interconnection Networks": the counts of
// nodes, classes and clusters (mc.count), Table 1 (mc.table1), the link ratio (mc.links),
// MC(0,m) and MC(1,m) (mc.special, with Section 1) and the diameter of MC(2,3) (mc.diameter).
#include <algorithm>
#include <numeric>
#include <set>

#include "host/claims/common.hpp"
#include "host/claims/metacube/sections.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "host/records/instance_name.hpp"

namespace tv::host::claims::mc {

namespace {

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

}  // namespace

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

const claim_logic mc_count{"mc.count", check_count, explain_count};

// ---- mc.table1 ------------------------------------------------------------------------

namespace {

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

}  // namespace

void check_table1(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  const bool hyper = env.as<hypercube>() || k == 0;
  const int row = hyper ? -1 : k, links = hyper ? n : k + m;
  const table_entry* e = nullptr;
  for (const auto& t : table1())
    if (t.k == row && t.links == links) e = &t;
  if (!e)
    return r.outside("Table 1 has no entry for " +
                     (hyper ? instance_name("hypercube", {{"n", n}}) : instance_name("metacube", {{"k", k}, {"m", m}})) +
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

const claim_logic mc_table1{"mc.table1", check_table1, explain_table1};

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

const claim_logic mc_links{"mc.links", check_links, explain_links};

// ---- mc.special -----------------------------------------------------------------------

namespace {


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
  return graph::from_edges(n, edges);
}

}  // namespace

void check_special(claim_env& env, claim_result& r) {
  const auto [k, m, n, cluster] = mc_of(env);
  if (k > 1) return r.outside("the claim is about MC(0, m) and MC(1, m)");
  const auto& mc = *env.as<metacube>();
  const auto& g = env.graph();
  part_list parts;
  if (k == 0) {
    std::vector<uint64_t> all(g.nodes);
    std::iota(all.begin(), all.end(), 0);
    const graph::csr_graph q = graph::hamming_graph(all);
    std::vector<uint64_t> map(g.nodes);
    std::iota(map.begin(), map.end(), 0);
    const mapping_report rep = check_mapped_isomorphism(g, q, map);
    parts.add(instance_name("metacube", {{"k", 0}, {"m", m}}) + " is " + instance_name("hypercube", {{"n", m}}), true,
              rep.isomorphic, rep.isomorphic, json{{"problem", rep.problem}});
  } else {
    const graph::csr_graph d = dual_cube(m);
    std::vector<uint64_t> map(g.nodes);
    for (uint64_t v = 0; v < g.nodes; ++v) map[v] = cluster ? g.labels[v] : mc.to_cluster(g.labels[v]);
    const mapping_report rep = check_mapped_isomorphism(g, d, map);
    parts.add(instance_name("metacube", {{"k", 1}, {"m", m}}) + " is the dual-cube (Li-Peng definition)", true,
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

const claim_logic mc_special{"mc.special", check_special, explain_special};

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

const claim_logic mc_diameter{"mc.diameter", check_diameter_claim, explain_diameter};

}  // namespace tv::host::claims::mc
