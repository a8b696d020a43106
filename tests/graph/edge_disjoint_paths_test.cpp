// Edge-disjoint paths between pairs (kernels/graph/edge_disjoint_paths.hpp) against
// brute force and closed forms.  Brute force: by Menger's theorem the most edge-disjoint
// s-t paths is the fewest edges whose removal separates s from t, found here by trying
// every node set that holds s and not t and counting the edges leaving it.  Closed
// forms: the hypercube Q_n has n edge-disjoint paths between any two nodes, the complete
// graph K_m has m - 1, a cycle 2, a tree 1.
#include "kernels/graph/edge_disjoint_paths.hpp"

#include <gtest/gtest.h>

#include <random>

#include "kernels/graph/builders.hpp"

namespace {

using namespace tv;

uint32_t fewest_separating_edges(const graph::csr_graph& g, uint32_t s, uint32_t t) {
  uint32_t best = UINT32_MAX;
  for (uint64_t set = 0; set < (uint64_t{1} << g.nodes); ++set) {
    if (!(set >> s & 1) || (set >> t & 1)) continue;
    uint32_t leaving = 0;
    for (uint64_t u = 0; u < g.nodes; ++u)
      for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        leaving += (set >> u & 1) && !(set >> g.targets[e] & 1);
    best = std::min(best, leaving);
  }
  return best;
}

graph::csr_graph complete(uint64_t m) {
  graph::edge_list e;
  for (uint64_t u = 0; u < m; ++u)
    for (uint64_t v = u + 1; v < m; ++v) e.emplace_back(u, v);
  return graph::from_edges(m, e);
}

graph::csr_graph hypercube(uint64_t n) {
  std::vector<uint64_t> all(uint64_t{1} << n);
  for (uint64_t v = 0; v < all.size(); ++v) all[v] = v;
  return graph::hamming_graph(all);
}

TEST(EdgeDisjointPaths, ClosedForms) {
  for (uint64_t n = 1; n <= 6; ++n) {
    const auto r = graph::edge_disjoint_paths(hypercube(n));
    EXPECT_EQ(r.pairs, (uint64_t{1} << n) * ((uint64_t{1} << n) - 1) / 2);
    EXPECT_EQ(r.histogram, (std::map<uint32_t, uint64_t>{{static_cast<uint32_t>(n), r.pairs}})) << "Q" << n;
    EXPECT_EQ(r.below_degree_bound, 0u);
  }
  for (uint64_t m = 2; m <= 9; ++m) {
    const auto r = graph::edge_disjoint_paths(complete(m));
    EXPECT_EQ(r.min, m - 1) << "K" << m;
    EXPECT_EQ(r.max, m - 1) << "K" << m;
    EXPECT_DOUBLE_EQ(r.mean, static_cast<double>(m - 1));
  }
  graph::edge_list cycle, tree;
  for (uint64_t v = 0; v < 7; ++v) cycle.emplace_back(v, (v + 1) % 7), tree.emplace_back(v + 1, v / 2);
  EXPECT_EQ(graph::edge_disjoint_paths(graph::from_edges(7, cycle)).histogram, (std::map<uint32_t, uint64_t>{{2, 21}}));
  const auto t = graph::edge_disjoint_paths(graph::from_edges(8, tree));
  EXPECT_EQ(t.histogram, (std::map<uint32_t, uint64_t>{{1, 28}}));
  EXPECT_GT(t.below_degree_bound, 0u);  // inner nodes of degree 3 joined by one path
}

TEST(EdgeDisjointPaths, MatchBruteForceOnRandomGraphs) {
  std::mt19937_64 rng(36);
  for (int trial = 0; trial < 12; ++trial) {
    const uint64_t n = 5 + trial % 6;
    graph::edge_list e;
    for (uint64_t u = 0; u < n; ++u)
      for (uint64_t v = u + 1; v < n; ++v)
        if (rng() % 100 < 35 + 4 * trial) e.emplace_back(u, v);
    const auto g = graph::from_edges(n, e);  // may be disconnected: 0 paths between parts
    const auto r = graph::edge_disjoint_paths(g);
    std::map<uint32_t, uint64_t> expected;
    uint64_t sum = 0;
    std::pair<uint32_t, uint32_t> first_fewest{0, 0};
    uint32_t fewest = UINT32_MAX;
    for (uint32_t s = 0; s < n; ++s)
      for (uint32_t t = s + 1; t < n; ++t) {
        const uint32_t paths = fewest_separating_edges(g, s, t);
        ++expected[paths];
        sum += paths;
        if (paths < fewest) fewest = paths, first_fewest = {s, t};
      }
    EXPECT_EQ(r.histogram, expected) << "trial " << trial;
    EXPECT_EQ(r.min, expected.begin()->first);
    // The pairs' threads finish in any order: the record names the first pair in order.
    EXPECT_EQ(r.min_pair, first_fewest) << "trial " << trial;
    EXPECT_EQ(r.mean, static_cast<double>(sum) / static_cast<double>(n * (n - 1) / 2));
  }
}

TEST(EdgeDisjointPaths, GivenPairsOnlyAndRefusals) {
  const auto q4 = hypercube(4);
  graph::disjoint_path_options opt;
  opt.pairs = {{7, 8}, {0, 15}, {3, 5}};
  const auto r = graph::edge_disjoint_paths(q4, opt);
  EXPECT_EQ(r.pairs, 3u);
  EXPECT_EQ(r.histogram, (std::map<uint32_t, uint64_t>{{4, 3}}));
  EXPECT_EQ(r.min_pair, (std::pair<uint32_t, uint32_t>{7, 8}));  // all tie: the first listed
  opt.pairs = {{2, 2}};
  EXPECT_THROW(graph::edge_disjoint_paths(q4, opt), std::invalid_argument);
  opt.pairs = {{0, 16}};
  EXPECT_THROW(graph::edge_disjoint_paths(q4, opt), std::invalid_argument);
  EXPECT_THROW(graph::edge_disjoint_paths(graph::from_edges(2, {{0, 1}}, true)), std::invalid_argument);
}

// Every pair is made from its index: the same pairs in the same order as two nested
// loops, at the row ends too, and exactly at 2^32 routers, where the double's square
// root alone would be off by a row.
TEST(EdgeDisjointPaths, PairsFromTheirIndexAreTheNestedLoopsOrder) {
  for (uint64_t n = 2; n <= 70; ++n) {
    uint64_t i = 0;
    for (uint32_t s = 0; s < n; ++s)
      for (uint32_t t = s + 1; t < n; ++t, ++i)
        ASSERT_EQ(graph::unordered_pair_at(n, i), (std::pair<uint32_t, uint32_t>{s, t})) << n << " " << i;
  }
  const uint64_t n = uint64_t{1} << 32;
  auto start = [n](uint64_t s) { return s * n - s * (s + 1) / 2; };  // pairs in the rows before s
  for (const uint64_t s : {uint64_t{1}, uint64_t{12345}, n / 3, n / 2 + 7, n - 1000, n - 3, n - 2}) {
    EXPECT_EQ(graph::unordered_pair_at(n, start(s)), (std::pair<uint32_t, uint32_t>(s, s + 1))) << s;
    EXPECT_EQ(graph::unordered_pair_at(n, start(s) - 1), (std::pair<uint32_t, uint32_t>(s - 1, n - 1))) << s;
  }
  EXPECT_EQ(graph::unordered_pair_at(n, n * (n - 1) / 2 - 1), (std::pair<uint32_t, uint32_t>(n - 2, n - 1)));
}

}  // namespace
