// METIS's bisection balanced exactly (kernels/graph/bisection_metis.hpp): a split of
// floor(N/2) against ceil(N/2) nodes whose crossing edges it counts, never below the
// exact width the enumeration finds, and below the coordinate cuts' bound where that
// bound says nothing (the Kautz digraph's equals N; a built network's labels are indices).
#include "kernels/graph/bisection_metis.hpp"

#include <gtest/gtest.h>

#include "kernels/graph/bisection.hpp"
#include "kernels/graph/topologies/constructions.hpp"

namespace {

using namespace tv;

void expect_balanced_cut(const graph::csr_graph& g, const graph::multilevel_cut& c) {
  uint64_t first = 0;
  for (char x : c.in_first) first += x != 0;
  EXPECT_EQ(first, g.nodes / 2);
  EXPECT_EQ(c.width, graph::cut_width(g, c.in_first));
}

TEST(MetisBisection, ABalancedCutNeverBelowTheExactWidth) {
  if (!graph::metis_available()) GTEST_SKIP() << "this build has no METIS";
  std::vector<graph::csr_graph> graphs;
  for (int n = 2; n <= 4; ++n) graphs.push_back(graph::build_csr(core::backend::cpu, families::hypercube::make(n)));
  graphs.push_back(graph::build_csr(core::backend::cpu, families::postal_network::make(2, 6)));  // 21 nodes: odd
  graphs.push_back(graph::build_csr(core::backend::cpu, families::kautz::make(2, 3)));          // 12, directed
  graphs.push_back(graph::topologies::slim_fly(3, 1).graph);                                   // 18
  graphs.push_back(graph::topologies::dragonfly(2, 1, 1).graph);                               // 6
  for (const auto& g : graphs) {
    const auto c = graph::metis_bisection(g, 1);
    ASSERT_TRUE(c.has_value());
    expect_balanced_cut(g, *c);
    std::vector<uint32_t> side;
    uint64_t splits = 0;
    EXPECT_GE(c->width, graph::exact_bisection_width(g, side, splits)) << g.nodes;
  }
}

TEST(MetisBisection, BeatsTheCoordinateCutWhereItSaysNothing) {
  if (!graph::metis_available()) GTEST_SKIP() << "this build has no METIS";
  // The Kautz digraph K(2,8), whose labels' cuts all reach N, and a Slim Fly, whose
  // labels are indices (its label-order cut is 729 edges).
  std::vector<std::pair<graph::csr_graph, graph::label_fields>> cases;
  const families::family kautz = families::kautz::make(2, 8);
  cases.emplace_back(graph::build_csr(core::backend::cpu, kautz), graph::label_fields_of(kautz));
  cases.emplace_back(graph::topologies::slim_fly(9, 1).graph, graph::label_fields{0, 1});
  for (const auto& [g, fields] : cases) {
    graph::bisection_options opt;
    opt.coordinates = fields;
    opt.exact_max_nodes = 0;
    const auto coordinate = graph::bisection_width(g, opt);
    const auto c = graph::metis_bisection(g, 1);
    ASSERT_TRUE(c.has_value());
    expect_balanced_cut(g, *c);
    EXPECT_LT(c->width, coordinate.best_cut.width) << g.nodes;
  }
}

TEST(MetisBisection, NothingBelowTwoNodes) {
  if (!graph::metis_available()) GTEST_SKIP() << "this build has no METIS";
  const auto two = graph::metis_bisection(graph::build_csr(core::backend::cpu, families::hypercube::make(1)), 1);
  ASSERT_TRUE(two.has_value());
  EXPECT_EQ(two->width, 1u);
  graph::csr_graph one;
  one.nodes = 1;
  one.offsets = {0, 0};
  one.labels = {0};
  EXPECT_FALSE(graph::metis_bisection(one, 1).has_value());
}

}  // namespace
