// Sampled link loads (host/checks/link_load_sample.hpp, load_sample_interval.hpp): on
// networks small enough to run exactly too, forced to sample, the exact mean and largest
// loads lie inside the sample's 95% intervals over seeds 1..40 at the stated rate or
// above, for the link_load check (targets sampled for shortest paths, sources for a
// routing algorithm, whose loads from parts of the sources add up to the whole) and the
// throughput check (sources);
// the record says exact or sampled, the sample's size and seed, the work bound switches
// to a sample of its size, and the same seed gives the same record.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <tuple>

#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/link_load.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

nlohmann::ordered_json link_load(const host::instance& inst, const json& options) {
  return host::run_checks(inst, {"link_load"}, core::backend::cpu, {{"link_load", options}})["link_load"];
}

const std::vector<std::pair<std::string, std::map<std::string, std::string>>> small_networks = {
    {"dragonfly", {{"a", "6"}, {"h", "3"}}}, {"slimfly", {{"q", "7"}}},   {"torus", {{"k", "12"}, {"n", "2"}}},
    {"hypercube", {{"n", "7"}}},           {"jellyfish", {{"N", "128"}, {"k", "12"}, {"r", "8"}}}};

/// Whether x lies in [low, high]: a vertex-transitive network's units all give the same
/// value, an interval of width 0 equal to the exact value up to rounding.
bool inside(const nlohmann::ordered_json& interval, double x) {
  const double slack = 1e-9 * x;
  return interval[0].get<double>() <= x + slack && x - slack <= interval[1].get<double>();
}

/// The exact run with `options`, then samples of 64 (`sample_key`) for seeds 1..40: how
/// often the exact largest and mean loads lie in their intervals, printed (the figures
/// docs/checks.md and bench/RESULTS.md quote).  95% each: 38 of 40 expected; 34 or more
/// is what 40 draws at 95% give 99% of the time.
void expect_coverage(const host::instance& inst, const json& options, const std::string& sample_key) {
  const auto exact = link_load(inst, options);
  ASSERT_EQ(exact["exact"], true);
  const double m = exact["max_load"].get<double>(), mean = exact["mean_load"].get<double>();
  int max_inside = 0, mean_inside = 0;
  double width = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    json sampled = options;
    sampled[sample_key] = 64;
    sampled["sample_seed"] = seed;
    const auto s = link_load(inst, sampled);
    ASSERT_EQ(s["exact"], false);
    max_inside += inside(s["max_load_ci95"], m);
    mean_inside += inside(s["mean_load_ci95"], mean);
    width += (s["max_load_ci95"][1].get<double>() - s["max_load_ci95"][0].get<double>()) / m / 40;
  }
  std::printf("link_load %s %s (N = %llu), %s = 64: max_load in its interval %d/40, mean_load %d/40, "
              "max interval's width / max_load %.2f\n",
              options.value("algorithm", "shortest_path").c_str(), inst.label().c_str(),
              static_cast<unsigned long long>(inst.nodes()), sample_key.c_str(), max_inside, mean_inside, width);
  EXPECT_GE(max_inside, 34) << inst.label();
  EXPECT_GE(mean_inside, 34) << inst.label();
}

// 64 targets of about 100-144 routers (half or more of them).
TEST(LinkLoadSample, ExactLoadsInsideTheIntervalsOverFortySeeds) {
  for (const auto& [family, params] : small_networks)
    expect_coverage(host::make_instance(family, params), json::object(), "sample_targets");
}

// A routing algorithm's loads from 64 sampled sources, seeds 1..40, on networks the
// papers' algorithms route (random choices of pn_adaptive with its default seed).
TEST(LinkLoadSample, AlgorithmsExactLoadsInsideTheIntervalsOverFortySeeds) {
  const std::vector<std::tuple<std::string, std::map<std::string, std::string>, std::string>> nets = {
      {"postal", {{"lambda", "2"}, {"n", "10"}}, "pn_adaptive"},
      {"efc", {{"n", "12"}}, "efc_unicast"},
      {"hypercube", {{"n", "7"}}, "ecube"}};
  for (const auto& [family, params, algorithm] : nets)
    expect_coverage(host::make_instance(family, params), {{"algorithm", algorithm}}, "sample_sources");
}

TEST(LinkLoadSample, ThroughputLargestLoadInsideItsIntervalOverFortySeeds) {
  for (const auto& [family, params] : small_networks) {
    const auto inst = host::make_instance(family, params);
    const json uniform = {{"patterns", "uniform"}, {"routing", "minimal"}};
    const auto exact = host::run_checks(inst, {"throughput"}, core::backend::cpu, {{"throughput", uniform}});
    const double m = exact["throughput"]["results"][0]["max_load"];
    int max_inside = 0;
    double width = 0;
    for (int seed = 1; seed <= 40; ++seed) {
      host::check_hooks hooks;
      hooks.seed = static_cast<uint64_t>(seed);
      json options = uniform;
      options["sources"] = 64;
      nlohmann::ordered_json record;
      host::run_checks_into(record, inst, {"throughput"}, core::backend::cpu, {{"throughput", options}}, hooks);
      const auto& interval = record["throughput"]["results"][0]["max_load_ci95"];
      max_inside += inside(interval, m);
      width += (interval[1].get<double>() - interval[0].get<double>()) / m / 40;
    }
    std::printf("throughput %s, 64 sources: max_load in its interval %d/40, width / max_load %.2f\n",
                inst.label().c_str(), max_inside, width);
    EXPECT_GE(max_inside, 34) << inst.label();
  }
}

// routing_loads_from: the loads from the parts of a partition of the sources add up to
// the loads from all of them, pair counts included.
TEST(LinkLoadSample, AlgorithmLoadsFromAPartitionOfTheSourcesAddUp) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "8"}});
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  sim::routing_params p;
  p.algorithm = sim::routing_algorithm::pn_adaptive;
  const sim::link_loads all = sim::routing_loads(core::backend::cpu, inst.net, g, p);
  std::vector<uint64_t> sum(g.arcs(), 0);
  uint64_t pairs = 0, routed = 0, hops = 0;
  for (uint32_t part = 0; part < 3; ++part) {  // sources by index mod 3
    std::vector<uint32_t> from;
    for (uint32_t v = part; v < g.nodes; v += 3) from.push_back(v);
    const sim::link_loads l = sim::routing_loads_from(core::backend::cpu, inst.net, g, p, from);
    EXPECT_EQ(l.pairs, from.size() * (g.nodes - 1));
    for (size_t a = 0; a < sum.size(); ++a) sum[a] += l.per_arc[a];
    pairs += l.pairs, routed += l.routed, hops += l.hops_sum;
  }
  EXPECT_EQ(sum, all.per_arc);
  EXPECT_EQ(pairs, all.pairs);
  EXPECT_EQ(routed, all.routed);
  EXPECT_EQ(hops, all.hops_sum);
  EXPECT_THROW(sim::routing_loads_from(core::backend::cpu, inst.net, g, p, {1, 1}), std::invalid_argument);
}

TEST(LinkLoadSample, RecordSaysSampledReproducibleBySeedAndSwitchedOnByTheBound) {
  const auto inst = host::make_instance("dragonfly", {{"a", "6"}, {"h", "3"}});  // 114 routers, 12882 pairs
  const auto a = link_load(inst, {{"sample_targets", 40}, {"sample_seed", 5}});
  EXPECT_EQ(a["exact"], false);
  EXPECT_EQ(a["sample_targets"], 48);  // rounded up to 16 batches of 3
  EXPECT_EQ(a["sample_batches"], 16);
  EXPECT_EQ(a["sample_seed"], 5);
  EXPECT_EQ(a["pairs"], 12882);
  EXPECT_EQ(a["sampled_pairs"], 48 * 113);
  EXPECT_EQ(a["unrouted_pairs_estimate"], 0.0);
  EXPECT_TRUE(a["max_load"].is_null() && a["load_sum"].is_null() && a["histogram"].is_null() &&
              a["max_load_link"].is_null());
  EXPECT_EQ(a["links"], 2 * 114 * 4);  // degree a - 1 + h = 8
  EXPECT_LE(a["max_load_ci95"][0].get<double>(), a["max_load_ci95"][1].get<double>());
  EXPECT_LE(a["mean_load_ci95"][0].get<double>(), a["mean_load"].get<double>());
  EXPECT_NE(a["method"].get<std::string>().find("sample of 48 target routers in 16 batches (seed 5)"), std::string::npos)
      << a["method"];
  const auto again = link_load(inst, {{"sample_targets", 40}, {"sample_seed", 5}});
  EXPECT_EQ(again["max_load_ci95"], a["max_load_ci95"]);  // integer loads: the same sums in any order
  EXPECT_EQ(again["mean_load"], a["mean_load"]);
  EXPECT_NE(link_load(inst, {{"sample_targets", 40}, {"sample_seed", 6}})["max_load_ci95"], a["max_load_ci95"]);
  // A bound of 5000 pairs: 5000 / 113 = 44 targets, 32 as a multiple of 16... below the
  // least of 64 (4 a batch), so 64.
  const auto bound = link_load(inst, {{"max_pairs", 5000}});
  EXPECT_EQ(bound["exact"], false);
  EXPECT_EQ(bound["sample_targets"], 64);
  EXPECT_EQ(bound["sample_seed"], 1);
  EXPECT_NE(bound["method"].get<std::string>().find("(seed 1; N (N - 1) = 12882 is over max_pairs = 5000)"),
            std::string::npos)
      << bound["method"];
  EXPECT_EQ(link_load(inst, {{"max_pairs", 10000}})["sample_targets"], 80);  // 10000 / 113 = 88, down to 80
  EXPECT_EQ(link_load(inst, {{"sample_targets", 114}})["exact"], true);       // the whole network
  // A routing algorithm samples sources (its routes are walked per source).
  const auto q = host::make_instance("hypercube", {{"n", "7"}});
  const auto from = link_load(q, {{"algorithm", "ecube"}, {"max_pairs", 5000}});
  EXPECT_EQ(from["exact"], false);
  EXPECT_EQ(from["sample_sources"], 64);
  EXPECT_FALSE(from.contains("sample_targets"));
  EXPECT_NE(from["method"].get<std::string>().find("sample of 64 source routers in 16 batches (seed 1; N (N - 1) = 16256"),
            std::string::npos)
      << from["method"];
  // ecube loads every link of Q(n) with 2^(n-1) routes, and every source's routes have
  // the same total length: the mean is exact, its interval a point, and the largest
  // load's interval holds 64 (its upper end the worst link's bound).
  EXPECT_NEAR(from["mean_load"].get<double>(), 64, 1e-9);
  EXPECT_NEAR(from["mean_load_ci95"][1].get<double>(), 64, 1e-9);
  EXPECT_LE(from["max_load_ci95"][0].get<double>(), 64 + 1e-9);
  EXPECT_GE(from["max_load_ci95"][1].get<double>(), 64 - 1e-9);
  EXPECT_EQ(link_load(q, {{"algorithm", "ecube"}, {"sample_sources", 16}, {"sample_seed", 3}})["sample_seed"], 3);
  EXPECT_THROW(link_load(q, {{"algorithm", "ecube"}, {"sample_targets", 64}}), host::input_error);
  EXPECT_THROW(link_load(q, {{"sample_sources", 64}}), host::input_error);  // shortest paths sample targets
  EXPECT_THROW(link_load(q, {{"sample_targets", 8}}), host::input_error);
  EXPECT_THROW(link_load(q, {{"sample_seed", -1}}), host::input_error);
}

}  // namespace
