// The `metrics` check against ground truth computed apart from it: every distance by a
// plain queue BFS, the effective diameter as an order statistic of the sorted pair
// distances, the interpolation by the konect_diameff.m loop on the fractions g(d) of pairs
// within d (tests/distance/metrics_reference.hpp), and the Moore bound against the closed
// forms of Q(n), the cycle C_k (torus k 1) and the Kautz digraph K(d, k), worked out below.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "host/checks/metrics_check.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "kernels/distance/distance_metrics.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/metrics_reference.hpp"

namespace {

using namespace tv;

const nlohmann::json four_percentiles = {{"metrics", {{"percentiles", {10, 50, 90, 100}}}}};

void expect_metrics_equal_brute_force(const nlohmann::ordered_json& rec, const graph::csr_graph& g,
                                      const std::string& what) {
  ASSERT_TRUE(rec.contains("metrics")) << what;
  const auto& m = rec["metrics"];
  const test::pair_distances p = test::brute_force_pair_distances(g);
  EXPECT_EQ(m["reachable_pairs"], p.sorted.size()) << what;
  for (int percent : {10, 50, 90, 100}) {
    const std::string key = "effective_diameter_" + std::to_string(percent);
    EXPECT_EQ(m[key], test::order_statistic(p, percent)) << what << " " << key;
    EXPECT_NEAR(m[key + "_interpolated"].get<double>(), test::konect_interpolation(p, percent), 1e-9) << what << " " << key;
  }
  if (p.connected) EXPECT_EQ(m["moore_diameter"], p.diameter) << what;
  EXPECT_EQ(m["moore_diameter"].is_null(), !p.connected) << what;
  EXPECT_EQ(m["moore_bound"].is_null(), !p.connected) << what;
}

TEST(MetricsCheck, EffectiveDiametersEqualBruteForceOverFamilies) {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> cases = {
      {"hypercube", {{"n", "4"}}},        {"postal", {{"lambda", "2"}, {"n", "9"}}},
      {"efc", {{"n", "8"}}},              {"torus", {{"k", "5"}, {"n", "2"}}},
      {"torus", {{"k", "4"}, {"n", "3"}}}, {"foldedcube", {{"n", "5"}}},
      {"kautz", {{"d", "2"}, {"k", "3"}}}, {"kautz", {{"d", "3"}, {"k", "2"}}},
      {"debruijn", {{"k", "6"}}},          {"debruijn", {{"k", "3"}, {"d", "3"}, {"directed", "false"}}},
      {"star", {{"n", "5"}}},
  };
  for (const auto& [family, kv] : cases) {
    const auto inst = host::make_instance(family, kv);
    const auto rec = host::run_checks(inst, {"metrics"}, core::backend::cpu, four_percentiles);
    expect_metrics_equal_brute_force(rec, graph::build_csr(core::backend::cpu, inst.net),
                                     family + " " + nlohmann::json(kv).dump());
  }
}

/// The record of `metrics` on a graph built by hand (the instance only names it).
nlohmann::ordered_json metrics_of(const graph::csr_graph& g, const nlohmann::json& options) {
  const auto inst = host::make_instance("hypercube", {{"n", "2"}});
  host::check_context ctx{inst, core::backend::cpu};
  ctx.set_graph(std::make_shared<graph::csr_graph>(g));
  ctx.options = options;
  nlohmann::ordered_json rec;
  host::run_metrics(ctx, rec);
  return rec;
}

// Graphs that are not (strongly) connected: Q(4) with three nodes punched out; the path
//   0 - 1 - 2 - 3   4 - 5   6
// and the digraph 0 -> 1 -> 2 -> 3 -> 4 with the chord 0 -> 2, where no arc goes back.
TEST(MetricsCheck, PunchedAndDisconnectedGraphsEqualBruteForce) {
  const graph::csr_graph punched = test::hypercube_with_a_hole();
  const graph::csr_graph pieces = graph::from_edges(7, {{0, 1}, {1, 2}, {2, 3}, {4, 5}});
  const graph::csr_graph one_way = graph::from_edges(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 2}}, true);
  for (const auto* g : {&punched, &pieces, &one_way}) {
    const auto rec = metrics_of(*g, four_percentiles["metrics"]);
    expect_metrics_equal_brute_force(rec, *g, "hand graph of " + std::to_string(g->nodes) + " nodes");
  }
  const auto rec = metrics_of(pieces, nlohmann::json::object());
  EXPECT_EQ(rec["metrics"]["moore_efficiency"], nullptr);
  EXPECT_EQ(rec["metrics"]["moore_note"], "not connected: the diameter is infinite, and so is the bound");
  EXPECT_EQ(metrics_of(one_way, nlohmann::json::object())["metrics"]["moore_note"],
            "not strongly connected: the diameter is infinite, and so is the bound");
}

// The path P4, 0 - 1 - 2 - 3, by hand: ordered pairs s != t at distance 1, 2, 3: 6, 4, 2
// (R = 12).  50% is 6 pairs, reached at d = 1; 90% is 10.8, so 11 pairs, reached at d = 3.
// With the 4 pairs (u, u): C = 4, 10, 14, 16.  50%: T = 8 lies between C(0) = 4 and
// C(1) = 10: 0 + 4/6.  90%: T = 14.4 between C(2) = 14 and C(3) = 16: 2 + 0.4/2 = 2.2.
TEST(MetricsCheck, PathOfFourByHand) {
  const auto rec = metrics_of(graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}}), nlohmann::json::object());
  const auto& m = rec["metrics"];
  EXPECT_EQ(m["reachable_pairs"], 12);
  EXPECT_EQ(m["effective_diameter_50"], 1);
  EXPECT_EQ(m["effective_diameter_90"], 3);
  EXPECT_NEAR(m["effective_diameter_50_interpolated"].get<double>(), 4.0 / 6.0, 1e-12);
  EXPECT_NEAR(m["effective_diameter_90_interpolated"].get<double>(), 2.2, 1e-12);
  // Degree 2, diameter 3: 1 + 2 (1 + 1 + 1) = 7 nodes at most; P4 has 4.
  EXPECT_EQ(m["moore_bound"], 7);
  EXPECT_NEAR(m["moore_efficiency"].get<double>(), 4.0 / 7.0, 1e-12);
}

TEST(MetricsCheck, ReusesTheDistancesOfTheSameRecord) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "9"}});
  auto alone = host::run_checks(inst, {"metrics"}, core::backend::cpu)["metrics"];
  auto after = host::run_checks(inst, {"distances", "metrics"}, core::backend::cpu)["metrics"];
  EXPECT_EQ(alone["distances_from"], "all pairs");
  EXPECT_EQ(after["distances_from"], "distances");
  alone.erase("distances_from");
  after.erase("distances_from");
  EXPECT_EQ(alone, after);
}

// Q(n): degree n, diameter n; 1 + n (1 + (n-1) + ... + (n-1)^(n-1)) = 1 + n ((n-1)^n - 1) / (n-2)
// for n >= 3; Q(1) = K2 meets its bound 2, Q(2) = C4 has bound 1 + 2 * 2 = 5.
TEST(MetricsCheck, MooreBoundOfHypercubes) {
  for (uint64_t n = 1; n <= 8; ++n) {
    uint64_t power = 1;  // (n-1)^n
    for (uint64_t i = 0; i < n; ++i) power *= n - 1;
    const uint64_t bound = n == 1 ? 2 : n == 2 ? 5 : 1 + n * (power - 1) / (n - 2);
    const auto m = host::run_checks(host::make_instance("hypercube", {{"n", std::to_string(n)}}),
                                    {"metrics"}, core::backend::cpu)["metrics"];
    EXPECT_EQ(m["moore_degree"], n);
    EXPECT_EQ(m["moore_bound"], bound) << "n=" << n;
    EXPECT_EQ(m["moore_bound_saturated"], false);
    EXPECT_DOUBLE_EQ(m["moore_efficiency"].get<double>(), static_cast<double>(uint64_t{1} << n) / bound) << "n=" << n;
  }
}

// The cycle C_k (torus k 1): degree 2, diameter floor(k/2), bound 1 + 2 floor(k/2): odd
// cycles are Moore graphs (efficiency 1), even ones miss by one node.
TEST(MetricsCheck, MooreBoundOfCycles) {
  for (uint64_t k = 3; k <= 12; ++k) {
    const auto m = host::run_checks(host::make_instance("torus", {{"k", std::to_string(k)}, {"n", "1"}}),
                                    {"metrics"}, core::backend::cpu)["metrics"];
    EXPECT_EQ(m["moore_bound"], 1 + 2 * (k / 2)) << "k=" << k;
    EXPECT_DOUBLE_EQ(m["moore_efficiency"].get<double>(), k % 2 ? 1.0 : static_cast<double>(k) / (k + 1)) << "k=" << k;
  }
}

// K(d, k): out-degree d, diameter k, so the directed bound 1 + d + ... + d^k =
// (d^(k+1) - 1) / (d - 1) against (d+1) d^(k-1) nodes; k = 1 is the complete digraph, a
// Moore digraph.
TEST(MetricsCheck, DirectedMooreBoundOfKautzDigraphs) {
  for (uint64_t d = 2; d <= 4; ++d)
    for (uint64_t k = 1; k <= 4; ++k) {
      uint64_t dk = 1;  // d^(k-1)
      for (uint64_t i = 1; i < k; ++i) dk *= d;
      if ((d + 1) * dk > 2000) continue;
      const uint64_t bound = (dk * d * d - 1) / (d - 1);
      const auto m = host::run_checks(host::make_instance("kautz", {{"d", std::to_string(d)}, {"k", std::to_string(k)}}),
                                      {"metrics"}, core::backend::cpu)["metrics"];
      const std::string at = "d=" + std::to_string(d) + " k=" + std::to_string(k);
      EXPECT_EQ(m["moore_degree"], d) << at;
      EXPECT_EQ(m["moore_bound"], bound) << at;
      EXPECT_DOUBLE_EQ(m["moore_efficiency"].get<double>(), static_cast<double>((d + 1) * dk) / bound) << at;
      if (k == 1) EXPECT_DOUBLE_EQ(m["moore_efficiency"].get<double>(), 1.0) << at;
    }
}

// Directed degree 3: (3^(D+1) - 1) / 2 is 18236498188585393201 < 2^64 at D = 40 and about
// 5.5e19 at D = 41; undirected degree 2^20 at diameter 10 is about 2^200.
TEST(MetricsCheck, MooreBoundSaturatesPast64Bits) {
  unsigned __int128 power = 1;
  for (int i = 0; i < 41; ++i) power *= 3;
  const auto fits = distance::moore_bound(3, 40, true);
  EXPECT_FALSE(fits.saturated);
  EXPECT_EQ(fits.bound, static_cast<uint64_t>((power - 1) / 2));
  const auto over = distance::moore_bound(3, 41, true);
  EXPECT_TRUE(over.saturated);
  EXPECT_EQ(over.bound, std::numeric_limits<uint64_t>::max());
  EXPECT_NEAR(static_cast<double>(over.approx / ((static_cast<long double>(power) * 3 - 1) / 2)), 1.0, 1e-15);
  const long double d = 1 << 20;
  const auto huge = distance::moore_bound(1 << 20, 10, false);
  EXPECT_TRUE(huge.saturated);
  EXPECT_NEAR(static_cast<double>(huge.approx / (1 + d * (std::pow(d - 1, 10.0L) - 1) / (d - 2))), 1.0, 1e-15);
}

// A broom: a hub with 300 leaves, and a path of 8 nodes hanging from the first leaf.  Degree
// 300, diameter 10 (a second leaf to the path's end), so the bound is above 300 * 299^9 >
// 2^64 and the record says it saturated.
TEST(MetricsCheck, SaturatedBoundIsSaidInTheRecord) {
  graph::edge_list edges;
  for (uint64_t leaf = 1; leaf <= 300; ++leaf) edges.push_back({0, leaf});
  uint64_t last = 1;
  for (uint64_t v = 301; v <= 308; ++v) edges.push_back({last, v}), last = v;
  const auto m = metrics_of(graph::from_edges(309, edges), nlohmann::json::object())["metrics"];
  EXPECT_EQ(m["moore_degree"], 300);
  EXPECT_EQ(m["moore_diameter"], 10);
  EXPECT_EQ(m["moore_bound_saturated"], true);
  EXPECT_EQ(m["moore_bound"], std::numeric_limits<uint64_t>::max());
  const long double bound = 1 + 300 * (std::pow(299.0L, 10.0L) - 1) / 298;
  EXPECT_NEAR(m["moore_efficiency"].get<double>() / static_cast<double>(309 / bound), 1.0, 1e-12);
  EXPECT_TRUE(m.contains("moore_note"));
}

TEST(MetricsCheck, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  for (const nlohmann::json& bad :
       {nlohmann::json{{"percentiles", {0}}}, nlohmann::json{{"percentiles", {101}}},
        nlohmann::json{{"percentiles", {"50"}}}, nlohmann::json{{"percentiles", nlohmann::json::array()}},
        nlohmann::json{{"percentiles", 50}}, nlohmann::json{{"percentiles", {50, 50}}},
        nlohmann::json{{"words", 3}}, nlohmann::json{{"words", 128}}, nlohmann::json{{"words", "x"}},
        nlohmann::json{{"percentile", {50}}}, nlohmann::json::array()}) {
    EXPECT_THROW(host::validate_metrics_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("metrics"), bad, &inst), host::input_error)
        << bad.dump();
  }
  const auto s = host::parse_metrics_options({{"percentiles", {90, 25}}, {"words", 2}});
  EXPECT_EQ(s.percentiles, (std::vector<int>{25, 90}));
  EXPECT_EQ(s.words, 2);
  EXPECT_THROW(distance::effective_diameter({4, 6}, 0), std::invalid_argument);
}

}  // namespace
