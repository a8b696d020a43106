// Link loads on each backend against every route listed explicitly: shortest paths walked
// hop by hop on the distance matrix with the lowest-index tie-break, the papers'
// algorithms by route_path's node sequences; loads counted per (from, to) link by hand.
// Closed form: ecube on Q(n) loads every directed link with 2^(n-1) routes.  The parts of
// a partition of the targets (sources) run in one call give each part's listed routes.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "kernels/graph/builders.hpp"
#include "kernels/sim/link_load.hpp"
#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;
using sim::choice_rule;
using sim::routing_algorithm;

using link = std::pair<uint64_t, uint64_t>;  // (from, to) node indices

/// What listing every route gives: the load of each link, the routed pairs, their hops.
struct listed_routes {
  std::map<link, uint64_t> load;
  uint64_t routed = 0, unrouted = 0, hops = 0;
  std::pair<uint64_t, uint64_t> first_unrouted{~uint64_t{0}, 0};

  void add(const std::vector<uint64_t>& path) {  // node indices, source first
    for (size_t i = 0; i + 1 < path.size(); ++i) ++load[{path[i], path[i + 1]}];
    ++routed;
    hops += path.size() - 1;
  }
  void miss(uint64_t s, uint64_t t) {
    if (unrouted++ == 0) first_unrouted = {s, t};
  }
};

/// Every shortest route walked on the distance matrix: from x toward t, among the
/// neighbours one step closer (listed in increasing index), the first, or for the hashed
/// tie-break the (hash4(seed, x, t, 0x4C4C) mod count)-th.
/// Toward the targets in `toward` alone when given.
listed_routes list_shortest_routes(const graph::csr_graph& g, const sim::shortest_path_rule& rule = {},
                                   const std::set<uint64_t>* toward = nullptr) {
  const auto d = test::distance_matrix(g);
  listed_routes r;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint64_t t = 0; t < g.nodes; ++t) {
      if (s == t || (toward && !toward->count(t))) continue;
      if (d[s][t] == test::inf) {
        r.miss(s, t);
        continue;
      }
      std::vector<uint64_t> path{s};
      while (path.back() != t) {
        const uint64_t x = path.back();
        std::set<uint64_t> closer;
        for (uint64_t a = g.offsets[x]; a < g.offsets[x + 1]; ++a)
          if (d[g.targets[a]][t] + 1 == d[x][t]) closer.insert(g.targets[a]);
        uint64_t pick = 0;
        if (rule.tie == sim::tie_break::hashed) pick = sim::hash4(rule.seed, x, t, 0x4C4C) % closer.size();
        path.push_back(*std::next(closer.begin(), static_cast<std::ptrdiff_t>(pick)));
      }
      r.add(path);
    }
  return r;
}

/// Every route of algorithm p by route_path, its labels turned into node indices.
/// From the sources in `from` alone when given.
listed_routes list_algorithm_routes(const families::family& f, const graph::csr_graph& g,
                                    const sim::routing_params& p, const std::set<uint64_t>* from = nullptr) {
  std::map<uint64_t, uint64_t> index;
  for (uint64_t i = 0; i < g.nodes; ++i) index[g.labels[i]] = i;
  listed_routes r;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint64_t t = 0; t < g.nodes; ++t) {
      if (s == t || (from && !from->count(s))) continue;
      const auto labels = sim::route_path(f, p, g.labels[s], g.labels[t]);
      if (labels.back() != g.labels[t]) {
        r.miss(s, t);
        continue;
      }
      std::vector<uint64_t> path;
      for (uint64_t x : labels) path.push_back(index.at(x));
      r.add(path);
    }
  return r;
}

/// `units`: the targets (or sources) routed to (from), every node unless a part.
void expect_loads_equal(const sim::link_loads& got, const listed_routes& want, const graph::csr_graph& g,
                        const std::string& what, uint64_t units = ~uint64_t{0}) {
  if (units == ~uint64_t{0}) units = g.nodes;
  ASSERT_EQ(got.per_arc.size(), g.arcs()) << what;
  uint64_t sum = 0;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const auto it = want.load.find({u, g.targets[a]});
      EXPECT_EQ(got.per_arc[a], it == want.load.end() ? 0 : it->second) << what << ": link " << u << " -> " << g.targets[a];
      sum += got.per_arc[a];
    }
  EXPECT_EQ(got.pairs, g.nodes < 2 ? 0 : units * (g.nodes - 1)) << what;
  EXPECT_EQ(got.routed, want.routed) << what;
  EXPECT_EQ(got.unrouted, want.unrouted) << what;
  EXPECT_EQ(got.routed + got.unrouted, got.pairs) << what;
  EXPECT_EQ(got.hops_sum, want.hops) << what;  // the routes' lengths ...
  EXPECT_EQ(sum, want.hops) << what;           // ... are the sum of the loads
  EXPECT_EQ(got.first_unrouted.has_value(), want.unrouted > 0) << what;
  if (got.first_unrouted) EXPECT_EQ(*got.first_unrouted, want.first_unrouted) << what;
}

class LinkLoadOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(LinkLoadOn);

TEST_P(LinkLoadOn, ShortestPathsEqualEveryRouteListed) {
  std::vector<std::pair<std::string, graph::csr_graph>> graphs;
  for (const families::family& f :
       {families::family{families::hypercube::make(4)}, families::family{families::postal_network::make(2, 6)},
        families::family{families::enhanced_fibonacci_cube::make(6)}, families::family{families::torus::make(3, 2)},
        families::family{families::kautz::make(2, 3)}, families::family{families::de_bruijn::make(4, true)},
        families::family{families::star_graph::make(4)}})
    graphs.emplace_back("family " + std::to_string(f.index()), graph::build_csr(core::backend::cpu, f));
  //  0 - 1 - 2     3 - 4     5      two components and a lone node: unrouted pairs
  graphs.emplace_back("three components", graph::from_edges(6, {{0, 1}, {1, 2}, {3, 4}}));
  //  0 -> 1 -> 2 -> 0, 2 -> 3: node 3 reaches nothing
  graphs.emplace_back("directed", graph::from_edges(4, {{0, 1}, {1, 2}, {2, 0}, {2, 3}}, true));
  graphs.emplace_back("one node", graph::from_edges(1, {}));
  for (const auto& [what, g] : graphs) {
    expect_loads_equal(sim::shortest_path_loads(backend, g), list_shortest_routes(g), g, what);
    for (uint64_t seed : {1, 77}) {
      const sim::shortest_path_rule hashed{sim::tie_break::hashed, seed};
      expect_loads_equal(sim::shortest_path_loads(backend, g, hashed), list_shortest_routes(g, hashed), g,
                         what + ", hashed, seed " + std::to_string(seed));
    }
  }
}

TEST_P(LinkLoadOn, AlgorithmsEqualEveryRouteListed) {
  struct run {
    families::family f;
    sim::routing_params p;
  };
  std::vector<run> runs;
  for (choice_rule c : {choice_rule::lowest, choice_rule::highest, choice_rule::random}) {
    runs.push_back({families::postal_network::make(2, 7), {routing_algorithm::pn_adaptive, c, 5, 1}});
    runs.push_back({families::postal_network::make(3, 8), {routing_algorithm::pn_adaptive, c, 7, 1}});
    runs.push_back({families::postal_network::make(2, 6), {routing_algorithm::pn_nonminimal, c, 3, 2}});
    runs.push_back({families::enhanced_fibonacci_cube::make(7), {routing_algorithm::efc_unicast, c, 9, 1}});
    runs.push_back({families::metacube::make(1, 2), {routing_algorithm::efc_unicast, c, 2, 1}});
    if (c != choice_rule::random) {
      runs.push_back({families::hypercube::make(4), {routing_algorithm::ecube, c, 1, 1}});
      // ecube on a Fibonacci cube gets stuck where the next dimension has no neighbour.
      runs.push_back({families::postal_network::make(2, 6), {routing_algorithm::ecube, c, 1, 1}});
    }
  }
  for (const auto& r : runs) {
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, r.f);
    const std::string what = "family " + std::to_string(r.f.index()) + ", algorithm " +
                             std::to_string(static_cast<int>(r.p.algorithm)) + ", choice " +
                             std::to_string(static_cast<int>(r.p.choice));
    expect_loads_equal(sim::routing_loads(backend, r.f, g, r.p), list_algorithm_routes(r.f, g, r.p), g, what);
  }
}

/// The nodes dealt round-robin into three parts, each in descending order, and an empty
/// fourth: a partition as a sample's batches are (any order within a part).
sim::unit_parts dealt_parts(uint64_t nodes) {
  sim::unit_parts parts(4);
  for (uint64_t v = nodes; v-- > 0;) parts[v % 3].push_back(static_cast<uint32_t>(v));
  return parts;
}

// A sample's batches (host/checks/link_load_sample.hpp) run as the parts of one call,
// the graph on the backend once: each part's loads, handed over in part order, are those
// of the routes listed toward (from) that part.
TEST_P(LinkLoadOn, PartsEqualTheRoutesListedTowardOrFromEachPart) {
  std::vector<std::pair<std::string, graph::csr_graph>> graphs;
  graphs.emplace_back("PN_2(6)", graph::build_csr(core::backend::cpu, families::postal_network::make(2, 6)));
  graphs.emplace_back("K(2,3)", graph::build_csr(core::backend::cpu, families::kautz::make(2, 3)));
  graphs.emplace_back("three components", graph::from_edges(6, {{0, 1}, {1, 2}, {3, 4}}));
  const sim::shortest_path_rule hashed{sim::tie_break::hashed, 77};
  for (const auto& [what, g] : graphs) {
    const sim::unit_parts parts = dealt_parts(g.nodes);
    std::vector<size_t> seen;
    sim::shortest_path_loads_toward_parts(backend, g, hashed, parts, [&](size_t i, sim::link_loads&& loads) {
      seen.push_back(i);
      const std::set<uint64_t> toward(parts[i].begin(), parts[i].end());
      expect_loads_equal(loads, list_shortest_routes(g, hashed, &toward), g, what + ", part " + std::to_string(i),
                         toward.size());
    });
    EXPECT_EQ(seen, (std::vector<size_t>{0, 1, 2, 3})) << what;
  }
  const families::family f = families::postal_network::make(2, 7);
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
  const sim::routing_params p{routing_algorithm::pn_adaptive, choice_rule::random, 5, 1};
  const sim::unit_parts parts = dealt_parts(g.nodes);
  std::vector<size_t> seen;
  sim::routing_loads_from_parts(backend, f, g, p, parts, [&](size_t i, sim::link_loads&& loads) {
    seen.push_back(i);
    const std::set<uint64_t> from(parts[i].begin(), parts[i].end());
    expect_loads_equal(loads, list_algorithm_routes(f, g, p, &from), g, "PN_2(7), part " + std::to_string(i),
                       from.size());
  });
  EXPECT_EQ(seen, (std::vector<size_t>{0, 1, 2, 3}));
  EXPECT_THROW(sim::shortest_path_loads_toward_parts(backend, g, {}, {{1, 2}, {3, 3}}, [](size_t, sim::link_loads&&) {}),
               std::invalid_argument);
}

// Dimension-ordered routing on Q(n): the routes through x -> x ^ 2^i are those whose
// source agrees with x above bit i (2^i choices below) and whose target agrees with x ^ 2^i
// up to bit i (2^(n-1-i) choices above): 2^(n-1) on every directed link.
TEST_P(LinkLoadOn, EcubeLoadsEveryHypercubeLinkEqually) {
  for (int n = 1; n <= 7; ++n) {
    const families::family f = families::hypercube::make(n);
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, f);
    const sim::link_loads l = sim::routing_loads(backend, f, g, {routing_algorithm::ecube, choice_rule::lowest, 1, 1});
    for (uint64_t load : l.per_arc) EXPECT_EQ(load, uint64_t{1} << (n - 1)) << "Q(" << n << ")";
    EXPECT_EQ(l.unrouted, 0u);
  }
}

TEST_P(LinkLoadOn, RefusesWhatItCannotRoute) {
  const families::family torus = families::torus::make(3, 2);
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, torus);
  EXPECT_THROW(sim::routing_loads(backend, torus, g, {routing_algorithm::efc_unicast, choice_rule::lowest, 1, 1}),
               std::invalid_argument);
  const families::family q3 = families::hypercube::make(3);
  EXPECT_THROW(sim::routing_loads(backend, q3, graph::build_csr(core::backend::cpu, families::hypercube::make(4)),
                                  {routing_algorithm::ecube, choice_rule::lowest, 1, 1}),
               std::invalid_argument);
}

//   0 -> 1 (load 5), 1 -> 0 (0), 1 -> 2 (130), 2 -> 1 (130): width 4 keeps 130 in 64 bins.
TEST(LinkLoadSummary, MaximumMeanHistogramAndTheLink) {
  const graph::csr_graph g = graph::from_edges(3, {{0, 1}, {1, 2}});
  const sim::link_load_summary s = sim::summarize_loads(g, {5, 0, 130, 130});
  EXPECT_EQ(s.links, 4u);
  EXPECT_EQ(s.load_sum, 265u);
  EXPECT_DOUBLE_EQ(s.mean_load, 265.0 / 4);
  EXPECT_EQ(s.max_load, 130u);
  EXPECT_EQ(s.max_links, 2u);
  EXPECT_EQ(s.max_from, 1u);  // the first link in arc order with the maximum: 1 -> 2
  EXPECT_EQ(s.max_to, 2u);
  EXPECT_EQ(s.bin_width, 4u);
  ASSERT_EQ(s.histogram.size(), 130u / 4 + 1);
  EXPECT_EQ(s.histogram[0], 1u);  // 0
  EXPECT_EQ(s.histogram[1], 1u);  // 5
  EXPECT_EQ(s.histogram[32], 2u);  // 130
  const sim::link_load_summary none = sim::summarize_loads(graph::from_edges(2, {}), {});
  EXPECT_EQ(none.links, 0u);
  EXPECT_EQ(none.max_load, 0u);
  EXPECT_TRUE(none.histogram.empty());
  EXPECT_THROW(sim::summarize_loads(g, {1, 2}), std::invalid_argument);
}

}  // namespace
