// Tests of the papers/002 claims (host/claims/metacube/).  The test builds MC(k, m) itself
// from the paper's two definitions (Section 2's cluster presentation, Section 3's class-cube
// presentation) and the dual-cube from Li and Peng's description, runs its own lock-step
// simulation of Algorithms 1 and 2 (prefix_HC, prefix_MC), computes each claim's truth by
// brute force (component search, bit-parallel BFS, its own step counts) and compares the
// claim's verdict with it, on the instances and on hand-altered graphs.
//
// The prefix claims (mc.prefix_hc, mc.prefix.thm1, mc.prefix.example) run the simulator on
// the family, not on the graph, and have no option that changes the algorithm: no altered
// input reaches them, and on every instance the test's own simulation says they hold.  For
// those the test compares the pieces the check measures (step counts, correctness, the
// values of the example) with its own simulation; mc.prefix.edges, mc.prefix.operator and
// mc.prefix.vs_hc(.alt) have instances where the test's truth is `fails`.
#include <gtest/gtest.h>

#include <deque>
#include <numeric>

#include "kernels/graph/builders.hpp"
#include "tests/host/claims/claim_test_support.hpp"
#include "tests/support.hpp"

namespace tv::test {
namespace {

using adjacency = std::vector<std::vector<uint64_t>>;

// ---- The test's own graphs ---------------------------------------------------------------

/// A CSR (labels = ranks = 0..N-1, rows sorted) from adjacency lists (each edge listed at
/// both ends).
std::shared_ptr<graph::csr_graph> csr_of(const adjacency& adj) {
  graph::edge_list arcs;
  for (uint64_t u = 0; u < adj.size(); ++u)
    for (uint64_t v : adj[u]) arcs.emplace_back(u, v);
  return std::make_shared<graph::csr_graph>(graph::from_edges(adj.size(), arcs));
}

adjacency adj_of(const graph::csr_graph& g) {
  adjacency a(g.nodes);
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) a[u].push_back(g.labels[g.targets[e]]);
  return a;
}

void remove_edge(adjacency& a, uint64_t u, uint64_t v) {
  auto drop = [&](uint64_t x, uint64_t y) {
    auto it = std::find(a[x].begin(), a[x].end(), y);
    ASSERT_NE(it, a[x].end()) << x << "-" << y;
    a[x].erase(it);
  };
  drop(u, v);
  drop(v, u);
}
void add_edge(adjacency& a, uint64_t u, uint64_t v) {
  a[u].push_back(v);
  a[v].push_back(u);
}
/// Degrees kept: the edges u1-v1 and u2-v2 become u1-v2 and u2-v1 (a double edge swap).
void swap_edges(adjacency& a, uint64_t u1, uint64_t v1, uint64_t u2, uint64_t v2) {
  remove_edge(a, u1, v1);
  remove_edge(a, u2, v2);
  add_edge(a, u1, v2);
  add_edge(a, u2, v1);
}
bool adjacent(const adjacency& a, uint64_t u, uint64_t v) {
  return std::find(a[u].begin(), a[u].end(), v) != a[u].end();
}

std::set<std::pair<uint64_t, uint64_t>> edge_set(const adjacency& a) {
  std::set<std::pair<uint64_t, uint64_t>> s;
  for (uint64_t u = 0; u < a.size(); ++u)
    for (uint64_t v : a[u]) s.insert({std::min(u, v), std::max(u, v)});
  return s;
}
uint64_t arc_count(const adjacency& a) {
  uint64_t c = 0;
  for (const auto& r : a) c += r.size();
  return c;
}

/// The paper's Metacube.  Section 2 (cluster): address (c, m_{h-1}, ..., m_0), the class c
/// in the leftmost k bits, block m_i in bits i m .. i m + m - 1; a class-c node's cube-edges
/// flip a bit of m_c, its cross-edges a bit of c.  Section 3 (class-cube): b_{n-1} .. b_0,
/// the class in b_{k-1} .. b_0, the node ID of class c in b_{2^k j + c + k}, j = 0..m-1.
struct mc_def {
  int k, m, h, n;
  bool cluster;
  mc_def(int k_, int m_, bool cl) : k(k_), m(m_), h(1 << k_), n(m_ * (1 << k_) + k_), cluster(cl) {}
  uint64_t nodes() const { return uint64_t{1} << n; }
  int cls(uint64_t x) const {
    return cluster ? static_cast<int>(x >> (m * h)) : static_cast<int>(x & static_cast<uint64_t>(h - 1));
  }
  adjacency build() const {
    adjacency a(nodes());
    for (uint64_t x = 0; x < nodes(); ++x) {
      const int c = cls(x);
      for (int t = 0; t < k; ++t) a[x].push_back(x ^ (uint64_t{1} << (cluster ? m * h + t : t)));
      for (int j = 0; j < m; ++j) a[x].push_back(x ^ (uint64_t{1} << (cluster ? c * m + j : h * j + c + k)));
    }
    return a;
  }
  /// Section 3's mapping, class-cube address -> cluster address: the class stays the class;
  /// bit j of block m_c is b_{2^k j + c + k}.
  uint64_t to_cluster(uint64_t x) const {
    uint64_t y = (x & static_cast<uint64_t>(h - 1)) << (m * h);
    for (int c = 0; c < h; ++c)
      for (int j = 0; j < m; ++j)
        if ((x >> (h * j + c + k)) & 1u) y |= uint64_t{1} << (c * m + j);
    return y;
  }
  uint64_t to_class(uint64_t y) const {
    for (uint64_t x = 0;; ++x)  // small instances only: invert by search
      if (to_cluster(x) == y) return x;
  }
};

std::map<std::string, std::string> mc(int k, int m, bool cluster = false) {
  return {{"k", std::to_string(k)}, {"m", std::to_string(m)}, {"presentation", cluster ? "cluster" : "class"}};
}

/// Largest finite distance over all pairs (64 sources at a time, one bit each).
uint32_t diameter_of(const adjacency& a) {
  const uint64_t n = a.size();
  uint32_t diam = 0;
  std::vector<uint64_t> cur(n), nxt(n);
  for (uint64_t base = 0; base < n; base += 64) {
    std::fill(cur.begin(), cur.end(), 0);
    for (uint64_t i = 0; i < 64 && base + i < n; ++i) cur[base + i] = uint64_t{1} << i;
    for (uint32_t d = 1;; ++d) {
      bool changed = false;
      for (uint64_t v = 0; v < n; ++v) {
        uint64_t x = cur[v];
        for (uint64_t u : a[v]) x |= cur[u];
        nxt[v] = x;
        changed = changed || x != cur[v];
      }
      std::swap(cur, nxt);
      if (!changed) break;
      diam = std::max(diam, d);
    }
  }
  return diam;
}

/// Components of the edges joining nodes of the same class: sizes, and count per class.
struct clusters {
  std::vector<uint64_t> per_class;
  std::vector<uint64_t> sizes;
  uint64_t cross_min = ~uint64_t{0}, cross_max = 0;  // edges to another class, per node
};
clusters clusters_of(const adjacency& a, const mc_def& d) {
  clusters r;
  r.per_class.assign(d.h, 0);
  std::vector<bool> seen(a.size(), false);
  for (uint64_t s = 0; s < a.size(); ++s) {
    uint64_t cross = 0;
    for (uint64_t v : a[s]) cross += d.cls(v) != d.cls(s);
    r.cross_min = std::min(r.cross_min, cross);
    r.cross_max = std::max(r.cross_max, cross);
    if (seen[s]) continue;
    ++r.per_class[d.cls(s)];
    uint64_t size = 0;
    std::deque<uint64_t> q{s};
    seen[s] = true;
    while (!q.empty()) {
      const uint64_t u = q.front();
      q.pop_front();
      ++size;
      for (uint64_t v : a[u])
        if (d.cls(v) == d.cls(u) && !seen[v]) {
          seen[v] = true;
          q.push_back(v);
        }
    }
    r.sizes.push_back(size);
  }
  return r;
}

TEST(MetacubeClaims, InstancesAreThePapersMetacube) {
  for (int k = 0; k <= 3; ++k)
    for (int m = 1; m <= 3 && m * (1 << k) + k <= 12; ++m)
      for (bool cl : {false, true}) {
        const auto g = graph_of("metacube", mc(k, m, cl));
        EXPECT_EQ(edge_set(adj_of(g)), edge_set(mc_def(k, m, cl).build())) << k << " " << m << " " << cl;
      }
  EXPECT_EQ(edge_set(adj_of(graph_of("dualcube", {{"m", "2"}}))), edge_set(mc_def(1, 2, false).build()));
}

// ---- mc.count --------------------------------------------------------------------------

bool count_truth(const adjacency& a, const mc_def& d) {
  bool ok = a.size() == (uint64_t{1} << (d.m * d.h + d.k));
  for (const auto& row : a) ok = ok && row.size() == static_cast<size_t>(d.k + d.m);
  std::set<int> classes;
  for (uint64_t x = 0; x < a.size(); ++x) classes.insert(d.cls(x));
  ok = ok && classes.size() == static_cast<size_t>(d.h);
  const clusters c = clusters_of(a, d);
  for (uint64_t x : c.per_class) ok = ok && x == (uint64_t{1} << (d.m * (d.h - 1)));
  for (uint64_t s : c.sizes) ok = ok && s == (uint64_t{1} << d.m);
  return ok;
}

TEST(MetacubeClaims, Count) {
  for (int k = 0; k <= 3; ++k)
    for (int m = 1; m <= 3 && m * (1 << k) + k <= 12; ++m)
      for (bool cl : {false, true}) {
        const mc_def d(k, m, cl);
        EXPECT_VERDICT(run_claim("mc.count", "metacube", mc(k, m, cl)), count_truth(d.build(), d));
      }
  // MC(1,2), class-cube addresses: without the cube-edge 0-2 two nodes have degree 2.
  const mc_def d(1, 2, false);
  auto a = d.build();
  remove_edge(a, 0, 2);
  ASSERT_FALSE(count_truth(a, d));
  EXPECT_VERDICT(run_claim("mc.count", "metacube", mc(1, 2), csr_of(a)), false);
  // Degrees kept, clusters merged: class-0 clusters {0,2,8,10} and {4,6,12,14} joined by
  // replacing 0-2 and 4-6 with 0-6 and 4-2.
  a = d.build();
  swap_edges(a, 0, 2, 4, 6);
  ASSERT_FALSE(count_truth(a, d));
  EXPECT_VERDICT(run_claim("mc.count", "metacube", mc(1, 2), csr_of(a)), false);
  // The same swap in the cluster presentation of MC(1,2): class = bit 4, class 0's cube
  // bits 0, 1; clusters {0,1,2,3} and {4,5,6,7}.
  const mc_def dc(1, 2, true);
  a = dc.build();
  swap_edges(a, 0, 1, 4, 5);
  ASSERT_FALSE(count_truth(a, dc));
  EXPECT_VERDICT(run_claim("mc.count", "metacube", mc(1, 2, true), csr_of(a)), false);
}

// ---- mc.table1 -------------------------------------------------------------------------

// Table 1 as printed in the paper: (row: -1 = Hypercube, else k; links per node 3..8) ->
// the printed count, either a number or 2^exponent ("–" entries are absent).
struct printed_count {
  uint64_t number;
  int exponent;  // -1: the number is printed
};
const std::map<std::pair<int, int>, printed_count> printed_table1 = {
    {{-1, 3}, {8, -1}},     {{-1, 4}, {16, -1}},   {{-1, 5}, {32, -1}},    {{-1, 6}, {64, -1}},
    {{-1, 7}, {128, -1}},   {{-1, 8}, {265, -1}},  {{1, 3}, {32, -1}},     {{1, 4}, {128, -1}},
    {{1, 5}, {512, -1}},    {{1, 6}, {2048, -1}},  {{1, 7}, {8192, -1}},   {{1, 8}, {32768, -1}},
    {{2, 3}, {64, -1}},     {{2, 4}, {1024, -1}},  {{2, 5}, {16384, -1}},  {{2, 6}, {0, 18}},
    {{2, 7}, {0, 22}},      {{2, 8}, {0, 26}},     {{3, 4}, {2048, -1}},   {{3, 5}, {0, 19}},
    {{3, 6}, {0, 27}},      {{3, 7}, {0, 35}},     {{3, 8}, {0, 43}},      {{4, 5}, {0, 20}},
    {{4, 6}, {0, 36}},      {{4, 7}, {0, 52}},     {{4, 8}, {0, 68}}};

bool table1_truth(const adjacency& a, int row, int links) {
  const printed_count p = printed_table1.at({row, links});
  bool ok = p.exponent < 0 ? a.size() == p.number : (p.exponent < 64 && a.size() == (uint64_t{1} << p.exponent));
  for (const auto& r : a) ok = ok && r.size() == static_cast<size_t>(links);
  return ok;
}

adjacency hypercube_adj(int n) {
  adjacency a(uint64_t{1} << n);
  for (uint64_t x = 0; x < a.size(); ++x)
    for (int b = 0; b < n; ++b) a[x].push_back(x ^ (uint64_t{1} << b));
  return a;
}

TEST(MetacubeClaims, Table1) {
  for (int n = 3; n <= 8; ++n)
    EXPECT_VERDICT(run_claim("mc.table1", "hypercube", {{"n", std::to_string(n)}}),
                   table1_truth(hypercube_adj(n), -1, n));
  // Metacube rows with at most 2^16 nodes; MC(0, m) is the Hypercube row.
  for (int k = 0; k <= 3; ++k)
    for (int m = 1; m * (1 << k) + k <= 16; ++m) {
      const int links = k + m;
      const auto c = run_claim("mc.table1", "metacube", mc(k, m));
      const int row = k == 0 ? -1 : k;
      if (!printed_table1.count({row, links})) {
        EXPECT_TRUE(is_outside(c)) << c.dump();
        continue;
      }
      EXPECT_VERDICT(c, table1_truth(mc_def(k, m, false).build(), row, links));
    }
  // Q(4) without the edge 0-1: two nodes have 3 links where the row says 4.
  auto a = hypercube_adj(4);
  remove_edge(a, 0, 1);
  ASSERT_FALSE(table1_truth(a, -1, 4));
  EXPECT_VERDICT(run_claim("mc.table1", "hypercube", {{"n", "4"}}, csr_of(a)), false);
  // MC(2,2) (row MC(2,m), 4 links, 1024) with an extra edge 0-3.
  a = mc_def(2, 2, false).build();
  add_edge(a, 0, 3);
  ASSERT_FALSE(table1_truth(a, 2, 4));
  EXPECT_VERDICT(run_claim("mc.table1", "metacube", mc(2, 2), csr_of(a)), false);
}

// ---- mc.links --------------------------------------------------------------------------

bool links_truth(const adjacency& a, int k, int m) {
  const int n = m * (1 << k) + k;
  const uint64_t q_edges = edge_set(hypercube_adj(n)).size(), mc_edges = arc_count(a) / 2;
  bool ok = q_edges * static_cast<uint64_t>(m + k) == mc_edges * static_cast<uint64_t>(n);
  if (k == 2 && m == 3) {
    ok = ok && a.size() == 16384 && q_edges == 114688 && mc_edges == 40960 && q_edges - mc_edges == 73728;
    ok = ok && std::llround(100.0 * static_cast<double>(q_edges - mc_edges) / static_cast<double>(q_edges)) == 64;
  }
  return ok;
}

TEST(MetacubeClaims, Links) {
  for (auto [k, m] : std::vector<std::pair<int, int>>{{0, 3}, {1, 1}, {1, 2}, {1, 4}, {2, 1}, {2, 2}, {2, 3}, {3, 1}})
    EXPECT_VERDICT(run_claim("mc.links", "metacube", mc(k, m)), links_truth(mc_def(k, m, false).build(), k, m));
  auto a = mc_def(1, 2, false).build();
  remove_edge(a, 0, 1);
  ASSERT_FALSE(links_truth(a, 1, 2));
  EXPECT_VERDICT(run_claim("mc.links", "metacube", mc(1, 2), csr_of(a)), false);
  // MC(2,3) with one edge more: the printed counts no longer match.
  a = mc_def(2, 3, false).build();
  add_edge(a, 0, 3);
  ASSERT_FALSE(links_truth(a, 2, 3));
  EXPECT_VERDICT(run_claim("mc.links", "metacube", mc(2, 3), csr_of(a)), false);
}

// ---- mc.presentations ------------------------------------------------------------------

/// "(01,111,101,110,000)" -> its bits.
uint64_t tuple_bits(std::string s) {
  s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c != '0' && c != '1'; }), s.end());
  return from_bits(s);
}

std::set<uint64_t> neighbors(const adjacency& a, uint64_t x) { return {a[x].begin(), a[x].end()}; }

/// The printed neighbor examples of Sections 2 and 3 against the test's MC(2,3).
bool examples_truth() {
  const auto cl = mc_def(2, 3, true).build(), cc = mc_def(2, 3, false).build();
  std::set<uint64_t> p2, p3;
  for (const char* t : {"(01,111,101,111,000)", "(01,111,101,100,000)", "(01,111,101,010,000)",
                        "(00,111,101,110,000)", "(11,111,101,110,000)"})
    p2.insert(tuple_bits(t));
  for (const char* t : {"(1100,0110,1111,10)", "(1100,0010,1011,10)", "(1000,0110,1011,10)",
                        "(1100,0110,1011,11)", "(1100,0110,1011,00)"})
    p3.insert(tuple_bits(t));
  return neighbors(cl, tuple_bits("(01,111,101,110,000)")) == p2 &&
         neighbors(cc, tuple_bits("(1100,0110,1011,10)")) == p3;
}

/// The graph `a` (presentation of d) carried by Section 3's mapping onto the other one.
bool presentations_truth(const adjacency& a, const mc_def& d) {
  const mc_def other(d.k, d.m, !d.cluster);
  std::vector<uint64_t> map(a.size());
  for (uint64_t x = 0; x < a.size(); ++x) map[x] = d.cluster ? d.to_class(x) : d.to_cluster(x);
  if (std::set<uint64_t>(map.begin(), map.end()).size() != a.size()) return false;
  std::set<std::pair<uint64_t, uint64_t>> mapped;
  for (auto [u, v] : edge_set(a)) mapped.insert({std::min(map[u], map[v]), std::max(map[u], map[v])});
  bool ok = mapped == edge_set(other.build()) && arc_count(a) == 2 * edge_set(a).size();
  if (d.k == 2 && d.m == 3) ok = ok && examples_truth();
  return ok;
}

TEST(MetacubeClaims, Presentations) {
  for (auto [k, m] : std::vector<std::pair<int, int>>{{0, 2}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {3, 1}})
    for (bool cl : {false, true}) {
      const mc_def d(k, m, cl);
      EXPECT_VERDICT(run_claim("mc.presentations", "metacube", mc(k, m, cl)), presentations_truth(d.build(), d));
    }
  {  // MC(2,3): with the printed examples
    const mc_def d(2, 3, false);
    EXPECT_VERDICT(run_claim("mc.presentations", "metacube", mc(2, 3)), presentations_truth(d.build(), d));
  }
  for (bool cl : {false, true}) {  // MC(1,2) without node 0's cross-edge: the mapping finds an edge missing
    const mc_def d(1, 2, cl);
    auto a = d.build();
    const uint64_t v = a[0][0];
    remove_edge(a, 0, v);
    ASSERT_FALSE(presentations_truth(a, d));
    EXPECT_VERDICT(run_claim("mc.presentations", "metacube", mc(1, 2, cl), csr_of(a)), false);
  }
  // MC(2,1) with an edge 0-32 along bit 5, a cube bit of class 3 only (node 0 is class 0).
  const mc_def d(2, 1, false);
  auto a = d.build();
  add_edge(a, 0, 0b100000);
  ASSERT_FALSE(presentations_truth(a, d));
  EXPECT_VERDICT(run_claim("mc.presentations", "metacube", mc(2, 1), csr_of(a)), false);
}

// ---- mc.special ------------------------------------------------------------------------

/// The dual-cube of Li and Peng on 2m + 1 bits: the leftmost bit is the class; class 0's
/// clusters are m-cubes on the rightmost m bits, class 1's on the middle m bits; every node
/// has one cross-link, flipping the class bit.
adjacency dual_cube(int m) {
  const int n = 2 * m + 1;
  adjacency a(uint64_t{1} << n);
  for (uint64_t x = 0; x < a.size(); ++x) {
    const int cls = static_cast<int>(x >> (2 * m));
    a[x].push_back(x ^ (uint64_t{1} << (2 * m)));
    for (int j = 0; j < m; ++j) a[x].push_back(x ^ (uint64_t{1} << (cls == 0 ? j : m + j)));
  }
  return a;
}

bool special_truth(const adjacency& a, const mc_def& d) {
  if (d.k == 0) return edge_set(a) == edge_set(hypercube_adj(d.m)) && arc_count(a) == 2 * edge_set(a).size();
  std::set<std::pair<uint64_t, uint64_t>> mapped;
  for (auto [u, v] : edge_set(a)) {
    const uint64_t x = d.cluster ? u : d.to_cluster(u), y = d.cluster ? v : d.to_cluster(v);
    mapped.insert({std::min(x, y), std::max(x, y)});
  }
  bool ok = mapped == edge_set(dual_cube(d.m)) && arc_count(a) == 2 * edge_set(a).size();
  const clusters c = clusters_of(a, d);
  ok = ok && c.sizes.size() == (uint64_t{1} << (d.m + 1));
  for (uint64_t s : c.sizes) ok = ok && s == (uint64_t{1} << d.m);
  return ok && c.cross_min == 1 && c.cross_max == 1;
}

TEST(MetacubeClaims, Special) {
  for (int m = 1; m <= 4; ++m)
    for (int k = 0; k <= 1; ++k)
      for (bool cl : {false, true}) {
        const mc_def d(k, m, cl);
        EXPECT_VERDICT(run_claim("mc.special", "metacube", mc(k, m, cl)), special_truth(d.build(), d));
      }
  EXPECT_VERDICT(run_claim("mc.special", "dualcube", {{"m", "3"}}), special_truth(mc_def(1, 3, false).build(), mc_def(1, 3, false)));
  EXPECT_TRUE(is_outside(run_claim("mc.special", "metacube", mc(2, 1))));
  // MC(0,3) with an edge 0-3 more than Q(3).
  {
    const mc_def d(0, 3, false);
    auto a = d.build();
    add_edge(a, 0, 3);
    ASSERT_FALSE(special_truth(a, d));
    EXPECT_VERDICT(run_claim("mc.special", "metacube", mc(0, 3), csr_of(a)), false);
  }
  // MC(1,2), both presentations: node 0's cross-edge to 1 (class-cube) / 16 (cluster)
  // moved to 5 / 19, so node 1 / 16 has no cross-link and 5 / 19 has two.
  for (bool cl : {false, true}) {
    const mc_def d(1, 2, cl);
    auto a = d.build();
    const uint64_t cross = cl ? 16 : 1;
    remove_edge(a, 0, cross);
    add_edge(a, 0, cl ? 16 + 3 : 1 + 4);
    ASSERT_FALSE(special_truth(a, d));
    EXPECT_VERDICT(run_claim("mc.special", "metacube", mc(1, 2, cl), csr_of(a)), false);
  }
}

// ---- mc.diameter -----------------------------------------------------------------------

TEST(MetacubeClaims, Diameter) {
  // Q(14), the hypercube of the same size, is vertex-transitive (x -> x XOR y): its
  // diameter is the eccentricity of node 0.
  const auto q_dist = queue_bfs(*csr_of(hypercube_adj(14)), 0);
  const uint32_t q = *std::max_element(q_dist.begin(), q_dist.end());
  auto truth = [q](const adjacency& a) {
    const uint32_t d = diameter_of(a);
    return d == 16 && static_cast<long long>(d) - q == 2;
  };
  const mc_def d(2, 3, false);
  const auto a = d.build();
  EXPECT_VERDICT(run_claim("mc.diameter", "metacube", mc(2, 3)), truth(a));
  // Node 0 keeps only its cross-edge to 1: its distances grow by one past node 1.
  auto t = a;
  for (uint64_t v : std::vector<uint64_t>(a[0]))
    if (v != 1) remove_edge(t, 0, v);
  ASSERT_FALSE(truth(t));
  EXPECT_VERDICT(run_claim("mc.diameter", "metacube", mc(2, 3), csr_of(t)), false);
  // Other instances: not checked, the measured diameter reported.
  for (auto [k, m] : std::vector<std::pair<int, int>>{{1, 2}, {2, 1}, {2, 2}}) {
    const auto c = run_claim("mc.diameter", "metacube", mc(k, m, k == 1));
    EXPECT_EQ(verdict(c), "not checked") << c.dump();
    EXPECT_EQ(c["measured"]["diameter"], diameter_of(mc_def(k, m, false).build())) << c.dump();
  }
}

// ---- The test's own prefix simulation (Algorithms 1 and 2) --------------------------------

struct affine {  // x -> a x + b (mod 2^64)
  uint64_t a = 1, b = 0;
  bool operator==(const affine& o) const { return a == o.a && b == o.b; }
};
uint64_t op(uint64_t x, uint64_t y) { return x + y; }
affine op(const affine& f, const affine& g) { return {f.a * g.a, g.a * f.b + g.b}; }  // f, then g
void input(uint64_t i, uint64_t& v) { v = i; }
void input(uint64_t i, affine& v) { v = {2 * i + 1, i + 1}; }  // the simulator's inputs

template <class V>
struct prefix_run {
  bool correct = false;
  uint64_t comm = 0, comp = 0;
  uint64_t non_edge = 0;    // messages between non-adjacent nodes of `net`
  uint64_t text_false = 0;  // exchanges whose owner class c has ((b - k) MOD m) != c
  std::vector<V> p;
};

/// Every node runs the pseudocode in lock step.  Algorithm 1 on d = `bits` dimensions
/// (k = m = 0), or Algorithm 2 on MC(k, m) (class-cube addresses): prefix_HC on the k class
/// bits, then for each bit b = 2^k j + i + k the class-i nodes exchange total, broadcast_HC
/// from class i along a binomial tree inside each k-cube, and every node combines with
/// partner = my_id XOR 2^b (the Theorem 1 proof's reading: the k-cube acts as one node of
/// Q_{m 2^k}).  `by_address`: the operand from the lower addresses goes first.  A
/// communication step is a step in which messages move; computation steps are the largest
/// number of (*) applications of one node (all nodes step together).
template <class V>
prefix_run<V> simulate(bool metacube, int bits, int k, int m, bool by_address, const adjacency* net) {
  const uint64_t n = uint64_t{1} << bits;
  const int h = 1 << k;
  std::vector<V> p(n), total(n), number(n);
  std::vector<uint64_t> ops(n, 0);
  for (uint64_t u = 0; u < n; ++u) {
    input(u, p[u]);
    total[u] = p[u];
  }
  prefix_run<V> r;
  auto message = [&](uint64_t from, uint64_t to) {
    if (net && !adjacent(*net, from, to)) ++r.non_edge;
  };
  auto combine = [&](uint64_t u, uint64_t partner) {
    const bool lower = partner < u;
    total[u] = by_address && lower ? op(number[u], total[u]) : op(total[u], number[u]);
    ++ops[u];
    if (lower) {
      p[u] = by_address ? op(number[u], p[u]) : op(p[u], number[u]);
      ++ops[u];
    }
  };
  const int hc = metacube ? k : bits;
  for (int i = 0; i < hc; ++i) {  // prefix_HC
    ++r.comm;
    for (uint64_t u = 0; u < n; ++u) {
      message(u ^ (uint64_t{1} << i), u);
      number[u] = total[u ^ (uint64_t{1} << i)];
    }
    for (uint64_t u = 0; u < n; ++u) combine(u, u ^ (uint64_t{1} << i));
  }
  if (metacube)
    for (int j = 0; j < m; ++j)
      for (int i = 0; i < h; ++i) {
        const int b = h * j + i + k;
        ++r.comm;
        for (uint64_t u = 0; u < n; ++u)
          if (static_cast<int>(u % h) == i) {  // the exchange over bit b
            message(u ^ (uint64_t{1} << b), u);
            number[u] = total[u ^ (uint64_t{1} << b)];
            if ((b - k) % m != i) ++r.text_false;
          }
        for (int s = 0; s < k; ++s) {  // broadcast_HC(Q_k, class i, number), step s
          ++r.comm;
          for (uint64_t u = 0; u < n; ++u) {
            const uint64_t rel = (u % h) ^ static_cast<uint64_t>(i);
            if (rel >> s == 1) {
              message(u ^ (uint64_t{1} << s), u);
              number[u] = number[u ^ (uint64_t{1} << s)];
            }
          }
        }
        for (uint64_t u = 0; u < n; ++u) combine(u, u ^ (uint64_t{1} << b));
      }
  r.comp = *std::max_element(ops.begin(), ops.end());
  V acc;
  input(0, acc);
  r.correct = p[0] == acc;
  for (uint64_t u = 1; u < n; ++u) {
    V a;
    input(u, a);
    acc = op(acc, a);
    r.correct = r.correct && p[u] == acc;
  }
  r.p = std::move(p);
  return r;
}

prefix_run<uint64_t> alg2(int k, int m, const adjacency* net = nullptr) {
  return simulate<uint64_t>(true, m * (1 << k) + k, k, m, false, net);
}
prefix_run<uint64_t> alg1(int d) { return simulate<uint64_t>(false, d, 0, 0, false, nullptr); }

const std::vector<std::pair<int, int>> small_mc = {{0, 1}, {0, 3}, {1, 1}, {1, 2}, {1, 3}, {2, 1}, {2, 2}, {3, 1}};

// ---- mc.prefix_hc, mc.prefix.thm1 --------------------------------------------------------
// The simulator reads the family, not the graph: no altered input exists.  Besides the
// verdict against the test's truth, each measured value is compared with the test's own run.

TEST(MetacubeClaims, PrefixHc) {
  for (int d = 1; d <= 8; ++d) {
    const auto r = alg1(d);
    const auto c = run_claim("mc.prefix_hc", "hypercube", {{"n", std::to_string(d)}});
    EXPECT_VERDICT(c, r.correct && r.comm == static_cast<uint64_t>(d) && r.comp == static_cast<uint64_t>(2 * d));
    EXPECT_EQ(c["measured"]["correct"], r.correct);
    EXPECT_EQ(c["measured"]["comm_steps"], r.comm);
    EXPECT_EQ(c["measured"]["comp_steps"], r.comp);
    EXPECT_EQ(c["measured"]["non_edge_messages"], 0);
  }
}

TEST(MetacubeClaims, PrefixThm1) {
  for (auto [k, m] : small_mc)
    for (bool cl : {false, true}) {
      const auto r = alg2(k, m);
      const uint64_t comm = (uint64_t{1} << k) * m * (k + 1) + k, comp = (uint64_t{2} << k) * m + 2 * k;
      const auto c = run_claim("mc.prefix.thm1", "metacube", mc(k, m, cl));
      EXPECT_VERDICT(c, r.correct && r.comm == comm && r.comp == comp);
      EXPECT_EQ(c["measured"]["correct"], r.correct) << k << " " << m;
      EXPECT_EQ(c["measured"]["comm_steps"], r.comm) << k << " " << m;
      EXPECT_EQ(c["measured"]["comp_steps"], r.comp) << k << " " << m;
    }
}

// ---- mc.prefix.edges ---------------------------------------------------------------------

TEST(MetacubeClaims, PrefixEdges) {
  auto truth = [](int k, int m) {
    const mc_def d(k, m, false);
    const adjacency a = d.build();
    const auto r = alg2(k, m, &a);
    // The text's owner of bit b against the links: does a class-c node have the link?
    uint64_t mismatches = 0;
    for (int b = k; b < d.n; ++b)
      for (int c = 0; c < d.h; ++c) {
        bool link = false;
        for (uint64_t x = static_cast<uint64_t>(c); x < a.size() && !link; x += d.h)
          link = adjacent(a, x, x ^ (uint64_t{1} << b));
        mismatches += link != ((b - k) % m == c);
      }
    return r.non_edge == 0 && r.text_false == 0 && mismatches == 0;
  };
  bool some_hold = false, some_fail = false;
  for (auto [k, m] : small_mc)
    for (bool cl : {false, true}) {
      const bool t = truth(k, m);
      (t ? some_hold : some_fail) = true;
      EXPECT_VERDICT(run_claim("mc.prefix.edges", "metacube", mc(k, m, cl)), t) << k << " " << m;
    }
  EXPECT_TRUE(some_hold && some_fail);  // both verdicts are exercised
}

// ---- mc.prefix.example -------------------------------------------------------------------
// Fixed data (MC(2,1), a_i = i): no altered input.  The test checks the printed lists
// against its own scans and its own run of Algorithm 2, and the check's measured values.

TEST(MetacubeClaims, PrefixExample) {
  const std::vector<uint64_t> printed = {
      0,   1,   3,   6,   10,  15,  21,  28,  36,  45,  55,  66,  78,  91,  105, 120,
      136, 153, 171, 190, 210, 231, 253, 276, 300, 325, 351, 378, 406, 435, 465, 496,
      528, 561, 595, 630, 666, 703, 741, 780, 820, 861, 903, 946, 990, 1035, 1081, 1128,
      1176, 1225, 1275, 1326, 1378, 1431, 1485, 1540, 1596, 1653, 1711, 1770, 1830, 1891, 1953, 2016};
  const std::vector<uint64_t> printed8 = {1, 3, 6, 10, 15, 21, 28, 36};
  std::vector<uint64_t> scan8, scan64;
  uint64_t s = 0;
  for (uint64_t i = 1; i <= 8; ++i) scan8.push_back(s += i);
  s = 0;
  for (uint64_t i = 0; i < 64; ++i) scan64.push_back(s += i);
  const auto r = alg2(2, 1);
  for (bool cl : {false, true}) {
    const auto c = run_claim("mc.prefix.example", "metacube", mc(2, 1, cl));
    EXPECT_VERDICT(c, scan8 == printed8 && scan64 == printed && r.p == printed);
    EXPECT_EQ(c["measured"]["prefix_sum([1..8])"], json(scan8));
    EXPECT_EQ(c["measured"]["the printed list is the prefix sum of 0..63"], json(scan64));
    EXPECT_EQ(c["measured"]["Algorithm 2 on MC(2,1), a_i = i"], json(r.p));
  }
  EXPECT_TRUE(is_outside(run_claim("mc.prefix.example", "metacube", mc(1, 2))));
}

// ---- mc.prefix.operator ------------------------------------------------------------------

TEST(MetacubeClaims, PrefixOperator) {
  bool some_fail = false;
  for (auto [k, m] : small_mc) {
    const int bits = m * (1 << k) + k;
    const auto printed = simulate<affine>(true, bits, k, m, false, nullptr);
    const auto by_address = simulate<affine>(true, bits, k, m, true, nullptr);
    const bool t = printed.correct && by_address.correct;
    some_fail = some_fail || !t;
    const auto c = run_claim("mc.prefix.operator", "metacube", mc(k, m));
    EXPECT_VERDICT(c, t) << k << " " << m;
    EXPECT_EQ(c["measured"]["Algorithm 2 as printed, affine maps"]["correct"], printed.correct);
    EXPECT_EQ(c["measured"]["operands ordered by address, affine maps"]["correct"], by_address.correct);
  }
  EXPECT_TRUE(some_fail);
}

// ---- mc.prefix.vs_hc, mc.prefix.vs_hc.alt --------------------------------------------------

TEST(MetacubeClaims, PrefixVsHypercube) {
  bool seen[2][2] = {{false, false}, {false, false}};  // [alt][truth]
  for (auto [k, m] : small_mc) {
    if (k == 0) {
      EXPECT_TRUE(is_outside(run_claim("mc.prefix.vs_hc", "metacube", mc(k, m))));
      EXPECT_TRUE(is_outside(run_claim("mc.prefix.vs_hc.alt", "metacube", mc(k, m))));
      continue;
    }
    const auto a = alg2(k, m);
    const auto q = alg1(m * (1 << k) + k);
    const bool comm = a.comm <= static_cast<uint64_t>(k) * q.comm;
    const bool total = a.comm + a.comp <= static_cast<uint64_t>(k) * (q.comm + q.comp);
    seen[0][comm] = seen[1][total] = true;
    EXPECT_VERDICT(run_claim("mc.prefix.vs_hc", "metacube", mc(k, m)), comm) << k << " " << m;
    EXPECT_VERDICT(run_claim("mc.prefix.vs_hc.alt", "metacube", mc(k, m, true)), total) << k << " " << m;
  }
  EXPECT_TRUE(seen[0][0] && seen[1][0] && seen[1][1]);  // fails, and holds where it can
}

}  // namespace
}  // namespace tv::test
