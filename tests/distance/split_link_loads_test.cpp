// Link loads with demands split evenly over shortest paths
// (kernels/distance/split_link_loads.hpp) against brute force and closed forms.  Brute
// force: every shortest path of every pair listed by a depth-first walk on the BFS
// distances, each given demand / (number of paths) on each of its arcs.  Closed forms,
// one endpoint per node under uniform traffic (demand 1/(N-1) per ordered pair): the
// cycle C_{2m+1} loads each arc (m+1)/4 and C_{2m} m^2 / (2(2m-1)); K_m with c endpoints
// per node c^2/(cm-1) per arc; the hypercube Q_n N/(2(N-1)) on every arc.
#include "kernels/distance/split_link_loads.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <queue>
#include <random>

#include "kernels/graph/builders.hpp"

namespace {

using namespace tv;

std::vector<int> bfs(const graph::csr_graph& g, uint64_t s) {
  std::vector<int> d(g.nodes, -1);
  std::queue<uint64_t> q;
  d[s] = 0, q.push(s);
  while (!q.empty()) {
    const uint64_t v = q.front();
    q.pop();
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (d[g.targets[e]] < 0) d[g.targets[e]] = d[v] + 1, q.push(g.targets[e]);
  }
  return d;
}

/// Loads by listing every shortest path; demand(s, t) for s != t.
std::vector<double> by_listing_paths(const graph::csr_graph& g, const std::function<double(uint64_t, uint64_t)>& demand) {
  std::vector<double> load(g.arcs(), 0);
  for (uint64_t t = 0; t < g.nodes; ++t) {
    const std::vector<int> to_t = bfs(g, t);  // undirected: distances to t
    for (uint64_t s = 0; s < g.nodes; ++s) {
      if (s == t || to_t[s] < 0 || demand(s, t) == 0) continue;
      std::vector<std::vector<uint64_t>> paths;  // arcs of each shortest path
      std::vector<uint64_t> arcs;
      std::function<void(uint64_t)> walk = [&](uint64_t v) {
        if (v == t) return paths.push_back(arcs);
        for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
          if (to_t[g.targets[e]] == to_t[v] - 1) arcs.push_back(e), walk(g.targets[e]), arcs.pop_back();
      };
      walk(s);
      for (const auto& p : paths)
        for (uint64_t e : p) load[e] += demand(s, t) / static_cast<double>(paths.size());
    }
  }
  return load;
}

graph::csr_graph cycle(uint64_t n) {
  graph::edge_list e;
  for (uint64_t v = 0; v < n; ++v) e.emplace_back(v, (v + 1) % n);
  return graph::from_edges(n, e);
}

distance::router_traffic uniform(uint64_t n, uint32_t c) {
  distance::router_traffic t;
  t.out_weight.assign(n, c / static_cast<double>(c * n - 1));
  t.in_weight.assign(n, c);
  return t;
}

double max_of(const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); }

TEST(SplitLinkLoads, ClosedFormsUnderUniformTraffic) {
  for (uint64_t m = 2; m <= 6; ++m) {
    const auto odd = distance::split_link_loads(cycle(2 * m + 1), uniform(2 * m + 1, 1));
    for (double l : odd.per_arc) EXPECT_NEAR(l, (m + 1) / 4.0, 1e-12) << "C" << 2 * m + 1;
    const auto even = distance::split_link_loads(cycle(2 * m), uniform(2 * m, 1));
    for (double l : even.per_arc) EXPECT_NEAR(l, m * m / (2.0 * (2 * m - 1)), 1e-12) << "C" << 2 * m;
  }
  for (uint64_t m = 2; m <= 7; ++m)
    for (uint32_t c = 1; c <= 4; ++c) {
      graph::edge_list e;
      for (uint64_t u = 0; u < m; ++u)
        for (uint64_t v = u + 1; v < m; ++v) e.emplace_back(u, v);
      const auto r = distance::split_link_loads(graph::from_edges(m, e), uniform(m, c));
      for (double l : r.per_arc) EXPECT_NEAR(l, c * c / static_cast<double>(c * m - 1), 1e-12);
      EXPECT_NEAR(r.routed, c * c * m * (m - 1) / static_cast<double>(c * m - 1), 1e-9);
    }
  for (uint64_t n = 1; n <= 6; ++n) {
    std::vector<uint64_t> all(uint64_t{1} << n);
    for (uint64_t v = 0; v < all.size(); ++v) all[v] = v;
    const double N = static_cast<double>(all.size());
    const auto r = distance::split_link_loads(graph::hamming_graph(all), uniform(all.size(), 1));
    for (double l : r.per_arc) EXPECT_NEAR(l, N / (2 * (N - 1)), 1e-12) << "Q" << n;
  }
}

TEST(SplitLinkLoads, MatchEveryShortestPathListed) {
  std::mt19937_64 rng(36);
  for (int trial = 0; trial < 10; ++trial) {
    const uint64_t n = 6 + 2 * trial;
    graph::edge_list e;
    for (uint64_t u = 0; u < n; ++u)
      for (uint64_t v = u + 1; v < n; ++v)
        if (rng() % 100 < 20 + 3 * trial) e.emplace_back(u, v);
    const auto g = graph::from_edges(n, e);  // may be disconnected
    // A rank-one part and explicit demands at once: out_s in_t + sparse(s, t).
    distance::router_traffic tr;
    std::vector<std::vector<double>> sparse(n, std::vector<double>(n, 0));
    tr.out_weight.resize(n), tr.in_weight.resize(n), tr.demands.resize(n);
    for (uint64_t v = 0; v < n; ++v) tr.out_weight[v] = rng() % 4, tr.in_weight[v] = rng() % 3;
    for (uint64_t s = 0; s < n; ++s) {
      const uint32_t t = static_cast<uint32_t>(rng() % n);
      const double amount = 1 + rng() % 5;
      tr.demands[s].emplace_back(t, amount);
      sparse[s][t] = amount;
    }
    const auto r = distance::split_link_loads(g, tr);
    const auto expected = by_listing_paths(
        g, [&](uint64_t s, uint64_t t) { return tr.out_weight[s] * tr.in_weight[t] + sparse[s][t]; });
    ASSERT_EQ(r.per_arc.size(), expected.size());
    for (size_t a = 0; a < expected.size(); ++a) EXPECT_NEAR(r.per_arc[a], expected[a], 1e-9) << trial << " arc " << a;
    // What is not routed is the demand between nodes in different components.
    double unroutable = 0, routed = 0;
    for (uint64_t s = 0; s < n; ++s) {
      const std::vector<int> d = bfs(g, s);
      for (uint64_t t = 0; t < n; ++t)
        if (t != s) (d[t] < 0 ? unroutable : routed) += tr.out_weight[s] * tr.in_weight[t] + sparse[s][t];
    }
    EXPECT_NEAR(r.unroutable, unroutable, 1e-9) << trial;
    EXPECT_NEAR(r.routed, routed, 1e-9) << trial;
  }
}

TEST(SplitLinkLoads, PermutationOnACycleAndRefusals) {
  // C_8, every node to the opposite one: two shortest paths of 4 arcs, half each way, so
  // the 8 clockwise arcs carry 8 sources x 1/2 x 4 arcs = 16 units, 2 each (and so do
  // the 8 counter-clockwise ones).
  distance::router_traffic tr;
  tr.demands.resize(8);
  for (uint32_t v = 0; v < 8; ++v) tr.demands[v].emplace_back((v + 4) % 8, 1.0);
  const auto r = distance::split_link_loads(cycle(8), tr);
  for (double l : r.per_arc) EXPECT_NEAR(l, 2.0, 1e-12);
  EXPECT_NEAR(max_of(r.per_arc), 2.0, 1e-12);
  EXPECT_NEAR(r.routed, 8.0, 1e-12);
  tr.demands.resize(7);
  EXPECT_THROW(distance::split_link_loads(cycle(8), tr), std::invalid_argument);
  EXPECT_THROW(distance::split_link_loads(graph::from_edges(2, {{0, 1}}, true), {}), std::invalid_argument);
}

}  // namespace
