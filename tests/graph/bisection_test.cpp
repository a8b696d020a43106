// Bisection width: the exact enumeration against a brute force written apart from it
// (every arrangement of floor(N/2) ones by std::next_permutation, edges counted from the
// edge list), the coordinate cuts never below it, and both against the closed forms of
// Q(n) (2^(n-1)) and of the k-ary n-cube with k even (2 k^(n-1)).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>

#include "kernels/graph/bisection.hpp"
#include "kernels/graph/builders.hpp"

namespace {

using namespace tv;

/// Fewest edges (arcs both ways, directed) across a floor(N/2) / ceil(N/2) split, over
/// every arrangement of the split.
uint64_t brute_bisection(uint64_t n, const graph::edge_list& edges, bool directed) {
  std::set<std::pair<uint64_t, uint64_t>> links;  // undirected: each edge once
  for (auto [u, v] : edges)
    if (u != v) links.insert(directed || u < v ? std::make_pair(u, v) : std::make_pair(v, u));
  std::vector<int> first(n, 0);
  std::fill(first.end() - static_cast<std::ptrdiff_t>(n / 2), first.end(), 1);
  uint64_t best = ~uint64_t{0};
  do {
    uint64_t crossing = 0;
    for (auto [u, v] : links) crossing += first[u] != first[v];
    best = std::min(best, crossing);
  } while (std::next_permutation(first.begin(), first.end()));
  return best;
}

graph::bisection_result bisect(const graph::csr_graph& g, graph::label_fields c, uint64_t exact_max = 24) {
  graph::bisection_options opt;
  opt.coordinates = c;
  opt.exact_max_nodes = exact_max;
  return graph::bisection_width(g, opt);
}

void expect_exact_matches(uint64_t n, const graph::edge_list& edges, bool directed, const std::string& what) {
  const graph::csr_graph g = graph::from_edges(n, edges, directed);
  const graph::bisection_result r = bisect(g, {0, 1});
  ASSERT_TRUE(r.exact_width.has_value()) << what;
  EXPECT_EQ(*r.exact_width, brute_bisection(n, edges, directed)) << what;
  EXPECT_GE(r.best_cut.width, *r.exact_width) << what;  // a cut is an upper bound
  // The witness: floor(N/2) nodes whose split crosses exactly that many.
  EXPECT_EQ(r.exact_side.size(), n / 2) << what;
  std::vector<char> in_first(n, 0);
  for (uint32_t v : r.exact_side) in_first[v] = 1;
  EXPECT_EQ(graph::cut_width(g, in_first), *r.exact_width) << what;
}

TEST(Bisection, ExactEqualsBruteForceOnDrawnGraphs) {
  expect_exact_matches(1, {}, false, "one node");
  expect_exact_matches(2, {{0, 1}}, false, "one edge");
  //  0 - 1 - 2 - 3 - 4 - 5 - 6 - 0     the 7-cycle: halves of 3 and 4, 2 edges cross
  expect_exact_matches(7, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 0}}, false, "C7");
  //  outer 0-1-2-3-4-0, spokes i - i+5, inner pentagram: the Petersen graph
  expect_exact_matches(10, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 5}, {1, 6}, {2, 7}, {3, 8}, {4, 9},
                            {5, 7}, {7, 9}, {9, 6}, {6, 8}, {8, 5}},
                       false, "Petersen");
  //  0 -> 1 -> 2 -> 3 -> 0 and 0 -> 2: arcs cross in either direction
  expect_exact_matches(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}, true, "directed square");
  expect_exact_matches(5, {{0, 0}, {0, 1}, {1, 2}}, false, "self-loop and lone nodes");
}

TEST(Bisection, ExactEqualsBruteForceOnRandomGraphs) {
  std::mt19937_64 rng(18);
  for (int round = 0; round < 40; ++round) {
    const uint64_t n = 3 + rng() % 10;
    const bool directed = round % 3 == 0;
    graph::edge_list edges;
    for (uint64_t u = 0; u < n; ++u)
      for (uint64_t v = directed ? 0 : u + 1; v < n; ++v)
        if (u != v && rng() % 3 == 0) edges.emplace_back(u, v);
    expect_exact_matches(n, edges, directed, "round " + std::to_string(round));
  }
}

TEST(Bisection, FamiliesSmallEnoughForBruteForce) {
  for (const families::family& f :
       {families::family{families::postal_network::make(2, 5)}, families::family{families::kautz::make(2, 2)},
        families::family{families::de_bruijn::make(3, true)}, families::family{families::star_graph::make(3)},
        families::family{families::torus::make(3, 2)}, families::family{families::folded_hypercube::make(3)}}) {
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
    graph::edge_list edges;
    for (uint64_t u = 0; u < g.nodes; ++u)
      for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) edges.emplace_back(u, g.targets[a]);
    const graph::bisection_result r = bisect(g, graph::label_fields_of(f));
    ASSERT_TRUE(r.exact_width.has_value());
    EXPECT_EQ(*r.exact_width, brute_bisection(g.nodes, edges, g.directed)) << f.index();
    EXPECT_GE(r.best_cut.width, *r.exact_width) << f.index();
  }
}

TEST(Bisection, HypercubeClosedForm) {
  for (int n = 1; n <= 12; ++n) {
    const families::family f = families::hypercube::make(n);
    const graph::bisection_result r = bisect(graph::build_csr(core::backend::cpu, f), graph::label_fields_of(f));
    EXPECT_EQ(r.best_cut.width, uint64_t{1} << (n - 1)) << "Q(" << n << ")";
    EXPECT_EQ(r.exact_width.has_value(), n <= 4);
    if (r.exact_width) EXPECT_EQ(*r.exact_width, uint64_t{1} << (n - 1)) << "Q(" << n << ")";
  }
}

TEST(Bisection, EvenTorusClosedForm) {
  for (int k : {2, 4, 6, 8})
    for (int n = 1; n <= 3; ++n) {
      const families::family f = families::torus::make(k, n);
      uint64_t expected = k == 2 ? 1 : 2;  // k = 2: the hypercube, one edge per pair
      for (int j = 1; j < n; ++j) expected *= static_cast<uint64_t>(k);
      const graph::bisection_result r =
          bisect(graph::build_csr(core::backend::cpu, f), graph::label_fields_of(f));
      EXPECT_EQ(r.best_cut.width, expected) << "C_" << k << "^" << n;
      if (r.exact_width) EXPECT_EQ(*r.exact_width, expected) << "C_" << k << "^" << n;
    }
}

TEST(Bisection, TheBestCutSaysWhichCoordinate) {
  // Q(3) with the exact search off: every bit cut crosses 4, the first tried wins.
  const graph::bisection_result r =
      bisect(graph::build_csr(core::backend::cpu, families::hypercube::make(3)), {3, 1}, 0);
  EXPECT_FALSE(r.exact_width.has_value());
  EXPECT_EQ(r.cuts_tried, 7u);  // label order, then 3 bits both ways
  EXPECT_EQ(r.best_cut.width, 4u);
  EXPECT_EQ(r.best_cut.field, -1);
  graph::bisection_options too_many;
  too_many.exact_max_nodes = graph::exact_bisection_limit + 1;
  EXPECT_THROW(graph::bisection_width(graph::from_edges(2, {{0, 1}}), too_many), std::invalid_argument);
}

}  // namespace
