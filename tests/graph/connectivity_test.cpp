// Vertex and edge connectivity by max-flow (kernels/graph/connectivity.hpp) against brute
// force (tests/graph/cut_reference.hpp: every node set and every edge set of each size
// tried in turn) on tiny graphs of the families and on graphs drawn below; the witnesses
// checked by removing them; with and without automorphisms.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "kernels/graph/builders.hpp"
#include "kernels/graph/connectivity.hpp"
#include "kernels/graph/max_flow.hpp"
#include "tests/graph/cut_reference.hpp"

namespace {

using namespace tv;

graph::csr_graph csr_of(const families::family& f) { return graph::build_csr(core::backend::cpu, f); }

/// The value equals brute force; the witness has that size, and removing it breaks the
/// graph (and separates its pair, where it names one).
void expect_exact_with_witness(const graph::csr_graph& g, const std::string& what) {
  for (bool symmetry : {true, false}) {
    graph::connectivity_options opt;
    opt.symmetry = symmetry;
    const graph::connectivity_result r = graph::connectivity(g, opt);
    const std::string at = what + (symmetry ? " (orbits)" : " (no orbits)");
    EXPECT_FALSE(r.skipped) << at;
    EXPECT_LE(r.vertex.flows + r.edge.flows, r.flows_planned) << at << ": the plan bounds the run";
    EXPECT_EQ(r.vertex.value, test::brute_vertex_connectivity(g)) << at;
    EXPECT_EQ(r.edge.value, test::brute_edge_connectivity(g)) << at;

    ASSERT_EQ(r.vertex.nodes.size(), r.vertex.value) << at;
    std::vector<char> removed(g.nodes, 0);
    for (uint32_t v : r.vertex.nodes) removed[v] = 1;
    EXPECT_FALSE(test::stays_connected(g, removed)) << at;
    if (r.vertex.from_pair) {
      EXPECT_FALSE(removed[r.vertex.source] || removed[r.vertex.target]) << at;
      auto keep = [&](uint64_t u, uint64_t v) { return !removed[u] && !removed[v]; };
      EXPECT_EQ(test::queue_bfs_where(g, r.vertex.source, keep)[r.vertex.target], test::inf) << at;
    }

    ASSERT_EQ(r.edge.arcs.size(), r.edge.value) << at;
    const std::set<test::arc> cut(r.edge.arcs.begin(), r.edge.arcs.end());
    if (g.nodes > 1) EXPECT_FALSE(test::stays_connected(g, std::vector<char>(g.nodes, 0), cut)) << at;
    if (r.edge.from_pair) {
      auto keep = [&](uint64_t u, uint64_t v) {
        const test::arc a{static_cast<uint32_t>(u), static_cast<uint32_t>(v)};
        return !cut.count(a) && (g.directed || !cut.count({a.second, a.first}));
      };
      EXPECT_EQ(test::queue_bfs_where(g, r.edge.source, keep)[r.edge.target], test::inf) << at;
    }
  }
}

TEST(Connectivity, FamiliesEqualBruteForce) {
  namespace f = families;
  const std::vector<std::pair<std::string, f::family>> cases = {
      {"Q(2)", f::hypercube::make(2)},         {"Q(3)", f::hypercube::make(3)},
      {"Q(4)", f::hypercube::make(4)},         {"PN_2(6)", f::postal_network::make(2, 6)},
      {"PN_3(5)", f::postal_network::make(3, 5)}, {"C_3^2", f::torus::make(3, 2)},
      {"C_4^2", f::torus::make(4, 2)},         {"K(2,3)", f::kautz::make(2, 3)},
      {"K(3,2)", f::kautz::make(3, 2)},        {"DDB(4)", f::de_bruijn::make(4)},
      {"UDB(4)", f::de_bruijn::make(4, false)}, {"FQ(3)", f::folded_hypercube::make(3)},
      {"S_4", f::star_graph::make(4)},         {"EFC_6", f::enhanced_fibonacci_cube::make(6)},
  };
  for (const auto& [name, family] : cases) expect_exact_with_witness(csr_of(family), name);
}

// Closed forms the brute force is checked by in turn: Q(n) has vertex and edge
// connectivity n, the Kautz digraph K(d, k) d (strongly), the binary de Bruijn digraph 1
// (0...0 has a loop and one arc out).
TEST(Connectivity, ClosedForms) {
  for (int n = 2; n <= 6; ++n) {
    const auto r = graph::connectivity(csr_of(families::hypercube::make(n)));
    EXPECT_EQ(r.vertex.value, n);
    EXPECT_EQ(r.edge.value, n);
  }
  const auto kautz = graph::connectivity(csr_of(families::kautz::make(3, 3)));
  EXPECT_EQ(kautz.vertex.value, 3);
  EXPECT_EQ(kautz.edge.value, 3);
  const auto debruijn = graph::connectivity(csr_of(families::de_bruijn::make(5)));
  EXPECT_EQ(debruijn.vertex.value, 1);
  EXPECT_EQ(debruijn.edge.value, 1);
}

// Graphs by hand:
//   path      0 - 1 - 2 - 3                       vertex 1, edge 1
//   two K4    {0,1,2,3} and {4,5,6,7}, joined by 0 - 4 and 0 - 5:
//             vertex 1 (node 0), edge 2, least degree 3
//   pieces    0 - 1 - 2   3 - 4                   0, 0
//   K5                                            4, 4 (complete)
//   one way   0 -> 1 -> 2 -> 3                    0, 0 (not strongly connected)
//   cycle     0 -> 1 -> 2 -> 3 -> 0               1, 1
//   hub       node 0 joined to two nodes of a K5 {1..5} and two of a K5 {6..10}: node 0
//             has the least degree (4) and lies in every minimum vertex cut ({0}: vertex
//             1, edge 2), so its own flows (0, w) all exceed 1 and only a pair of its
//             neighbors, (1, 6), finds the cut
//   Q(4) with three nodes punched out (tests/distance/reference.hpp), a single node
TEST(Connectivity, DrawnGraphsEqualBruteForce) {
  graph::edge_list two_k4 = {{0, 4}, {0, 5}};
  for (uint64_t base : {0, 4})
    for (uint64_t u = 0; u < 4; ++u)
      for (uint64_t v = u + 1; v < 4; ++v) two_k4.push_back({base + u, base + v});
  graph::edge_list k5;
  for (uint64_t u = 0; u < 5; ++u)
    for (uint64_t v = u + 1; v < 5; ++v) k5.push_back({u, v});
  graph::edge_list hub = {{0, 1}, {0, 2}, {0, 6}, {0, 7}};
  for (uint64_t base : {1, 6})
    for (uint64_t u = 0; u < 5; ++u)
      for (uint64_t v = u + 1; v < 5; ++v) hub.push_back({base + u, base + v});
  const std::vector<std::pair<std::string, graph::csr_graph>> graphs = {
      {"path", graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}})},
      {"two K4", graph::from_edges(8, two_k4)},
      {"pieces", graph::from_edges(5, {{0, 1}, {1, 2}, {3, 4}})},
      {"K5", graph::from_edges(5, k5)},
      {"one way", graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}}, true)},
      {"cycle", graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}, true)},
      {"hub", graph::from_edges(11, hub)},
      {"punched Q(4)", test::hypercube_with_a_hole()},
      {"one node", graph::from_edges(1, {})},
  };
  for (const auto& [name, g] : graphs) expect_exact_with_witness(g, name);
  const auto two = graph::connectivity(graphs[1].second);
  EXPECT_EQ(two.vertex.value, 1);
  EXPECT_EQ(two.vertex.nodes, std::vector<uint32_t>{0});
  EXPECT_EQ(two.edge.value, 2);
  EXPECT_TRUE(graph::connectivity(graphs[3].second).complete);
  const auto through_hub = graph::connectivity(graphs[6].second);
  EXPECT_EQ(through_hub.vertex.value, 1);
  EXPECT_EQ(through_hub.vertex.nodes, std::vector<uint32_t>{0});
  EXPECT_EQ(through_hub.edge.value, 2);
}

// Random small graphs and digraphs (seeded): 7 nodes, arc probability 0.3 to 0.7, so
// that every case turns up, disconnected ones and cuts through a node of least degree.
TEST(Connectivity, RandomSmallGraphsEqualBruteForce) {
  std::mt19937_64 random(18);
  for (int round = 0; round < 60; ++round) {
    const bool directed = round % 2 == 1;
    const double p = 0.3 + 0.1 * (round % 5);
    graph::edge_list edges;
    for (uint64_t u = 0; u < 7; ++u)
      for (uint64_t v = directed ? 0 : u + 1; v < 7; ++v)
        if (u != v && std::uniform_real_distribution<double>(0, 1)(random) < p) edges.push_back({u, v});
    expect_exact_with_witness(graph::from_edges(7, edges, directed), "random graph " + std::to_string(round));
  }
}

// Orbits cut the flows: Q(6) is vertex-transitive, and the maps fixing node 0 (bit swaps,
// reversal) leave one partner per Hamming weight, so at most 6 flows each way.
TEST(Connectivity, OrbitsNeedFewPairsOnVertexTransitiveGraphs) {
  const auto g = csr_of(families::hypercube::make(6));
  const auto with = graph::connectivity(g);
  graph::connectivity_options off;
  off.symmetry = false;
  const auto without = graph::connectivity(g, off);
  EXPECT_EQ(with.orbits, 1u);
  EXPECT_LE(with.vertex.flows, 6u);
  EXPECT_LE(with.edge.flows, 6u);
  EXPECT_GT(without.vertex.flows, 60u);
  EXPECT_EQ(with.vertex.value, without.vertex.value);
  EXPECT_EQ(with.edge.value, without.edge.value);
}

// The flow network alone: in the two K4 above, 3 arc-disjoint paths join 1 and 2 (inside
// their K4: the arc 1 - 2, and through 0 and 3), 2 join 1 and 6; a limit stops the count.
TEST(MaxFlow, CountsDisjointPathsUpToTheLimit) {
  graph::edge_list two_k4 = {{0, 4}, {0, 5}};
  for (uint64_t base : {0, 4})
    for (uint64_t u = 0; u < 4; ++u)
      for (uint64_t v = u + 1; v < 4; ++v) two_k4.push_back({base + u, base + v});
  const auto g = graph::from_edges(8, two_k4);
  auto edges = graph::unit_flow_network::for_edges(g);
  EXPECT_EQ(edges.max_flow(1, 2, 100), 3u);
  EXPECT_EQ(edges.max_flow(1, 6, 100), 2u);
  EXPECT_EQ(edges.max_flow(1, 2, 2), 2u);
  auto vertices = graph::unit_flow_network::for_vertices(g);
  EXPECT_EQ(vertices.max_flow(1, 6, 100), 1u);
  EXPECT_EQ(vertices.cut_nodes(), std::vector<uint32_t>{0});
}

}  // namespace
