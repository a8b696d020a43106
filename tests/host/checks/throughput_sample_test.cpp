// The throughput check above its work bound (host/checks/throughput_sample.hpp): on
// networks small enough to run exactly as well, the exact largest load lies in the
// sample's 95% interval for a fixed seed, for every pattern and routing (a pass whose
// routers that send are no more than the sample is exact); the sample is
// the same for the same seed and says so in the record; the work bound switches to a
// sample of its own size.  And the sampling helpers (host/checks/seeded_sample.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "host/checks/registry.hpp"
#include "host/checks/seeded_sample.hpp"
#include "host/families.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

nlohmann::ordered_json throughput(const host::instance& inst, const json& options) {
  return host::run_checks(inst, {"throughput"}, core::backend::cpu, {{"throughput", options}})["throughput"];
}

TEST(ThroughputSample, ExactLargestLoadInsideTheInterval) {
  const std::vector<std::pair<std::string, std::map<std::string, std::string>>> nets = {
      {"dragonfly", {{"a", "6"}, {"h", "3"}}}, {"slimfly", {{"q", "7"}}},     {"polarfly", {{"q", "11"}}},
      {"fattree", {{"k", "4"}, {"n", "4"}}},  {"hypercube", {{"n", "7"}}},  {"torus", {{"k", "12"}, {"n", "2"}}}};
  int exact_results = 0, sampled_results = 0;
  for (const auto& [family, params] : nets) {
    const auto inst = host::make_instance(family, params);
    const auto exact = throughput(inst, json::object());
    const auto sampled = throughput(inst, {{"sources", 64}});
    ASSERT_EQ(exact["exact"], true) << family;
    ASSERT_EQ(sampled["exact"], false) << family;
    EXPECT_EQ(sampled["sample_sources"], 64);
    EXPECT_EQ(sampled["sample_batches"], 16);
    ASSERT_EQ(exact["results"].size(), sampled["results"].size());
    for (size_t i = 0; i < exact["results"].size(); ++i) {
      const auto& e = exact["results"][i];
      const auto& s = sampled["results"][i];
      const std::string what = inst.label() + " " + e["pattern"].get<std::string>() + " " + e["routing"].get<std::string>();
      EXPECT_TRUE(e["max_load_ci95"].is_null()) << what;
      if (s["exact"] == true) {  // no more routers send than the sample holds: all of them ran
        EXPECT_NEAR(s["max_load"].get<double>(), e["max_load"].get<double>(), 1e-12 * e["max_load"].get<double>()) << what;
        EXPECT_TRUE(s["max_load_ci95"].is_null()) << what;
        ++exact_results;
        continue;
      }
      ++sampled_results;
      const double low = s["max_load_ci95"][0], high = s["max_load_ci95"][1], m = e["max_load"];
      EXPECT_LE(low, m * (1 + 1e-12)) << what;
      EXPECT_GE(high, m * (1 - 1e-12)) << what;
      EXPECT_TRUE(s["max_load"].is_null() && s["throughput"].is_null() && s["max_load_link"].is_null()) << what;
      EXPECT_NEAR(s["throughput_ci95"][0].get<double>(), std::min(1.0, 1 / high), 1e-12) << what;
      EXPECT_NEAR(s["throughput_ci95"][1].get<double>(), std::min(1.0, 1 / low), 1e-12) << what;
      // The mean over links is a sum over sources scaled: near the exact one.
      EXPECT_NEAR(s["mean_load"].get<double>(), e["mean_load"].get<double>(), 0.25 * e["mean_load"].get<double>()) << what;
    }
  }
  // The fat tree's 64 leaves, its only routers with endpoints, are all of a sample of 64.
  EXPECT_EQ(exact_results, 3);
  EXPECT_EQ(sampled_results, 33);
}

TEST(ThroughputSample, ReproducibleBySeedAndSwitchedOnByTheWorkBound) {
  const auto inst = host::make_instance("dragonfly", {{"a", "6"}, {"h", "3"}});
  const json opt = {{"sources", 32}, {"patterns", "uniform"}, {"routing", "minimal"}};
  const auto a = throughput(inst, opt), b = throughput(inst, opt);
  EXPECT_EQ(a["sample_seed"], 2);  // the job's seed 1 + 1: the job's own draws the permutation
  EXPECT_EQ(a["method"], b["method"]);
  const double ma = a["results"][0]["max_load_ci95"][1], mb = b["results"][0]["max_load_ci95"][1];
  EXPECT_NEAR(ma, mb, 1e-12 * ma);  // threads add their loads in any order: equal to rounding
  EXPECT_NEAR(a["results"][0]["max_load_ci95"][0].get<double>(), b["results"][0]["max_load_ci95"][0].get<double>(),
              1e-12 * ma);
  host::check_hooks seven;
  seven.seed = 7;
  nlohmann::ordered_json record;
  host::run_checks_into(record, inst, {"throughput"}, core::backend::cpu, {{"throughput", opt}}, seven);
  const auto& other = record["throughput"];
  EXPECT_EQ(other["sample_seed"], 8);
  EXPECT_NE(other["results"][0]["max_load_ci95"][1].get<double>(), ma);
  // 114 routers of degree 8: N (N + arcs) = 114 * 1026 = 116964.  Over a bound of 50000,
  // a sample of max(50000 / 1026, 64) = 64 (4 per batch); over 100000, of 97 rounded up
  // to 112 (7 per batch).
  const auto bound = throughput(inst, {{"exact_max_work", 50000}, {"patterns", "shift"}});
  EXPECT_EQ(bound["exact"], false);
  EXPECT_EQ(bound["sample_sources"], 64);
  EXPECT_EQ(throughput(inst, {{"exact_max_work", 100000}, {"patterns", "shift"}})["sample_sources"], 112);
  EXPECT_NE(bound["method"].get<std::string>().find("sample of 64 source routers (of those that send) in 16 batches (seed 2; N (N + arcs) = "
                                                    "116964 is over exact_max_work = 50000)"),
            std::string::npos)
      << bound["method"];
  // A sample as large as the network is the exact computation.
  EXPECT_EQ(throughput(inst, {{"sources", 114}})["exact"], true);
}

// The check's many kernel calls (3 patterns, 2 routings, Valiant's 2 phases, 16 batches)
// report one progress that only grows and ends at the whole (single-threaded reports
// arrive in order; the kernel's threads report under a lock).
TEST(ThroughputSample, ProgressGrowsOverEveryCallToTheWhole) {
  const auto inst = host::make_instance("dragonfly", {{"a", "6"}, {"h", "3"}});
  for (const json& options : {json::object(), json{{"sources", 32}}}) {
    std::vector<double> seen;
    host::check_hooks hooks;
    hooks.control.progress = [&](uint64_t done, uint64_t total) {
      seen.push_back(static_cast<double>(done) / static_cast<double>(total));
    };
    nlohmann::ordered_json record;
    host::run_checks_into(record, inst, {"throughput"}, core::backend::cpu, {{"throughput", options}}, hooks);
    ASSERT_FALSE(seen.empty());
    for (size_t i = 1; i < seen.size(); ++i) ASSERT_GE(seen[i], seen[i - 1]) << options.dump() << " report " << i;
    EXPECT_DOUBLE_EQ(seen.back(), 1.0) << options.dump();
    EXPECT_LT(seen.front(), 0.01) << options.dump();
  }
}

TEST(SeededSample, DistinctReproducibleAndIntervals) {
  const auto a = host::seeded_sample(1000, 200, 5), b = host::seeded_sample(1000, 200, 5);
  EXPECT_EQ(a, b);
  EXPECT_EQ(std::set<uint32_t>(a.begin(), a.end()).size(), 200u);
  EXPECT_LT(*std::max_element(a.begin(), a.end()), 1000u);
  EXPECT_NE(a, host::seeded_sample(1000, 200, 6));
  EXPECT_EQ(host::seeded_sample(4, 4, 1).size(), 4u);
  // {1, 2, 3}: mean 2, squared deviations 2, standard error sqrt(2 / 2 / 3).
  const auto [low, high] = host::mean_interval(2, 2, 3, 4.303);
  EXPECT_NEAR(high - 2, 4.303 * std::sqrt(1.0 / 3), 1e-12);
  EXPECT_NEAR(2 - low, high - 2, 1e-12);
  // Against quantiles found by bisection on Simpson's integral of Student's density.
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 7), 2.3646, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 15), 2.1314, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 30), 2.0423, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q9875, 7), 2.8412, 2e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q9875, 15), 2.4899, 1e-4);
  // Few degrees of freedom (published tables; df 1 and 2 also closed forms: tan(pi (p - 1/2)),
  // (2p - 1) / sqrt(2p (1 - p))).
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 1), 12.7062, 1e-3);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q9875, 1), std::tan(M_PI * 0.4875), 1e-3);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 2), 0.95 / std::sqrt(2 * 0.975 * 0.025), 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 3), 3.1824, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 5), 2.5706, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 6), 2.4469, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(-host::normal_q975, 4), -2.7764, 1e-4);
  EXPECT_NEAR(host::student_t_quantile(host::normal_q975, 1000000), 1.96, 1e-4);
}

}  // namespace
