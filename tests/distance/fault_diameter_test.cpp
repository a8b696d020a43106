// Fault diameter (kernels/distance/fault_diameter.hpp) against brute force written apart
// from it: every failed node (and every failed pair) removed in turn, and a plain queue
// BFS from every node left (tests/distance/reference.hpp); exact by orbits equal to the
// exhaustive run; the sampled mode labelled, its sets distinct and fixed by the seed.
// On each backend (the all-pairs runs are the engine's).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "kernels/distance/fault_diameter.hpp"
#include "kernels/families/family.hpp"
#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

/// The diameter left after removing `failed`, by queue BFS; inf when it disconnects.
uint32_t diameter_without(const graph::csr_graph& g, const std::vector<uint32_t>& failed) {
  std::vector<char> gone(g.nodes, 0);
  for (uint32_t v : failed) gone[v] = 1;
  auto keep = [&](uint64_t u, uint64_t v) { return !gone[u] && !gone[v]; };
  uint32_t diameter = 0;
  for (uint64_t s = 0; s < g.nodes; ++s) {
    if (gone[s]) continue;
    const auto d = test::queue_bfs_where(g, s, keep);
    for (uint64_t t = 0; t < g.nodes; ++t)
      if (!gone[t]) diameter = std::max(diameter, d[t]);
  }
  return diameter;
}

/// The worst over every failed set of that size: test::inf when some set disconnects.
uint32_t brute_fault_diameter(const graph::csr_graph& g, int failures) {
  uint32_t worst = 0;
  for (uint32_t a = 0; a < g.nodes; ++a) {
    if (failures == 1) worst = std::max(worst, diameter_without(g, {a}));
    else
      for (uint32_t b = a + 1; b < g.nodes; ++b) worst = std::max(worst, diameter_without(g, {a, b}));
  }
  return worst;
}

uint32_t reported(const distance::fault_diameter_result& r) {
  return r.stays_connected ? r.fault_diameter : test::inf;
}

class FaultDiameterOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(FaultDiameterOn);

// Q(3), Q(4), PN_2(6), C_3^2, C_4^2, FQ(4), S_4, K(2,3) (directed), DDB(4) (directed;
// 0001 is the only way out of 0000, so one failure disconnects), and Q(4) with a hole.
TEST_P(FaultDiameterOn, ExactByOrbitsEqualsRemovingEveryNodeAndPair) {
  namespace f = families;
  const std::vector<std::pair<std::string, graph::csr_graph>> graphs = {
      {"Q(3)", graph::build_csr(backend, f::hypercube::make(3))},
      {"Q(4)", graph::build_csr(backend, f::hypercube::make(4))},
      {"PN_2(6)", graph::build_csr(backend, f::postal_network::make(2, 6))},
      {"C_3^2", graph::build_csr(backend, f::torus::make(3, 2))},
      {"C_4^2", graph::build_csr(backend, f::torus::make(4, 2))},
      {"FQ(4)", graph::build_csr(backend, f::folded_hypercube::make(4))},
      {"S_4", graph::build_csr(backend, f::star_graph::make(4))},
      {"K(2,3)", graph::build_csr(backend, f::kautz::make(2, 3))},
      {"DDB(4)", graph::build_csr(backend, f::de_bruijn::make(4))},
      {"punched Q(4)", test::hypercube_with_a_hole()},
  };
  for (const auto& [name, g] : graphs)
    for (int failures : {1, 2}) {
      const std::string at = name + " failures=" + std::to_string(failures);
      const uint32_t truth = brute_fault_diameter(g, failures);
      for (bool symmetry : {true, false}) {
        distance::fault_diameter_options opt;
        opt.failures = failures;
        opt.symmetry = symmetry;
        opt.budget = 1000;  // every class, and every set without symmetry
        const auto r = distance::fault_diameter(backend, g, opt);
        const std::string how = at + (symmetry ? " by orbits" : " exhaustive");
        EXPECT_TRUE(r.exact) << how;
        EXPECT_EQ(reported(r), truth) << how;
        EXPECT_EQ(r.failed_sets, failures == 1 ? g.nodes : g.nodes * (g.nodes - 1) / 2) << how;
        ASSERT_EQ(r.worst_set.size(), static_cast<size_t>(failures)) << how;
        EXPECT_EQ(diameter_without(g, r.worst_set), truth) << how << ": the set named attains it";
        if (!symmetry && r.stays_connected) EXPECT_EQ(r.runs, r.failed_sets) << how;
      }
    }
}

// Orbits make symmetric graphs cheap: Q(4) is vertex-transitive (one run for a failed
// node), and the maps fixing 0000 leave one partner per Hamming weight (4 runs for pairs).
TEST_P(FaultDiameterOn, OrbitsOfQ4) {
  const auto g = graph::build_csr(backend, families::hypercube::make(4));
  distance::fault_diameter_options opt;
  auto one = distance::fault_diameter(backend, g, opt);
  EXPECT_EQ(one.planned, 1u);
  EXPECT_EQ(one.fault_diameter, 4u);
  opt.failures = 2;
  auto two = distance::fault_diameter(backend, g, opt);
  EXPECT_TRUE(two.exact);
  EXPECT_EQ(two.planned, 4u);
  EXPECT_EQ(two.runs, 4u);
  EXPECT_FALSE(two.automorphisms.empty());
}

// Beyond the budget: a sample of `budget` distinct sets, the same for the same seed, its
// worst equal to brute force over the sets it names and no more than the exact value.
TEST_P(FaultDiameterOn, SampledModeIsSeededAndLabelled) {
  const auto g = graph::build_csr(backend, families::postal_network::make(2, 7));
  distance::fault_diameter_options opt;
  opt.failures = 2;
  opt.budget = 10;
  opt.seed = 7;
  distance::fault_diameter_result plan;
  const auto sets = distance::failed_sets_to_run(g, opt, plan);
  EXPECT_FALSE(plan.exact);
  EXPECT_EQ(plan.planned, 10u);
  ASSERT_EQ(sets.size(), 10u);
  EXPECT_EQ(std::set<std::vector<uint32_t>>(sets.begin(), sets.end()).size(), 10u);
  for (const auto& s : sets) EXPECT_LT(s[0], s[1]);
  distance::fault_diameter_result again_plan;
  EXPECT_EQ(distance::failed_sets_to_run(g, opt, again_plan), sets);
  opt.seed = 8;
  EXPECT_NE(distance::failed_sets_to_run(g, opt, again_plan), sets);
  opt.seed = 7;

  const auto r = distance::fault_diameter(backend, g, opt);
  const auto again = distance::fault_diameter(backend, g, opt);
  EXPECT_FALSE(r.exact);
  EXPECT_EQ(reported(r), reported(again));
  EXPECT_EQ(r.worst_set, again.worst_set);
  uint32_t worst_of_sample = 0;
  for (const auto& s : sets) worst_of_sample = std::max(worst_of_sample, diameter_without(g, s));
  EXPECT_EQ(reported(r), worst_of_sample);
  EXPECT_LE(reported(r), brute_fault_diameter(g, 2));
}

// Without symmetry and within the budget, the sets run are every pair once: the sampler's
// ranking of pairs (drawn here without leaving any out) is a bijection.
TEST_P(FaultDiameterOn, ExhaustivePlanListsEveryPairOnce) {
  const auto g = graph::build_csr(backend, families::postal_network::make(2, 6));  // 21 nodes
  distance::fault_diameter_options opt;
  opt.failures = 2;
  opt.symmetry = false;
  opt.budget = 210;
  distance::fault_diameter_result plan;
  const auto sets = distance::failed_sets_to_run(g, opt, plan);
  EXPECT_TRUE(plan.exact);
  std::vector<std::vector<uint32_t>> every;
  for (uint32_t a = 0; a < 21; ++a)
    for (uint32_t b = a + 1; b < 21; ++b) every.push_back({a, b});
  EXPECT_EQ(sets, every);
  opt.budget = 209;  // one short: a sample of 209 distinct pairs
  const auto sample = distance::failed_sets_to_run(g, opt, plan);
  EXPECT_FALSE(plan.exact);
  EXPECT_EQ(std::set<std::vector<uint32_t>>(sample.begin(), sample.end()).size(), 209u);
  for (const auto& s : sample) EXPECT_TRUE(s[0] < s[1] && s[1] < 21);
}

TEST_P(FaultDiameterOn, RefusesImpossibleFailures) {
  const auto g = graph::build_csr(backend, families::hypercube::make(1));  // two nodes
  distance::fault_diameter_options opt;
  opt.failures = 2;
  EXPECT_THROW(distance::fault_diameter(backend, g, opt), std::invalid_argument);
  opt.failures = 3;
  EXPECT_THROW(distance::fault_diameter(backend, g, opt), std::invalid_argument);
  opt.failures = 1;  // one node left: diameter 0
  const auto r = distance::fault_diameter(backend, g, opt);
  EXPECT_TRUE(r.stays_connected);
  EXPECT_EQ(r.fault_diameter, 0u);
}

}  // namespace
