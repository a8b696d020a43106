// The `throughput` and `disjoint_paths` checks (host/checks/throughput_check.hpp,
// disjoint_paths_check.hpp) on instances whose answers are closed forms: the ring
// C_8 (torus k=8 n=1), K_5 with 2 endpoints per router (hyperx S=5, T=2), the hypercube;
// a dragonfly's group shift against a count of its routers' global links; the record's
// exact/sampled wording; options refused with the check's message.
#include <gtest/gtest.h>

#include "host/batch/config.hpp"
#include "host/checks/disjoint_paths_check.hpp"
#include "host/checks/registry.hpp"
#include "host/checks/throughput_check.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/run/memory_plan.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

double number(const nlohmann::ordered_json& record, const std::string& pattern, const std::string& routing,
              const std::string& key) {
  for (const auto& e : record["throughput"]["results"])
    if (e["pattern"] == pattern && e["routing"] == routing) return e[key].get<double>();
  ADD_FAILURE() << "no " << pattern << " " << routing;
  return -1;
}

// C_8, one endpoint per node.  Uniform: each arc carries (1+2+3 + 4/2) / 7 = 8/7, so
// theta = 7/8.  Shift by 4 (E/2): every node to the opposite, half each way round: 2 per
// arc, theta = 1/2.  Shift by 1: one unit on each clockwise arc, theta 1 (the injection's).
TEST(ThroughputCheck, RingClosedForms) {
  const auto ring = host::make_instance("torus", {{"k", "8"}, {"n", "1"}});
  const auto r = host::run_checks(ring, {"throughput"}, core::backend::cpu, {{"throughput", {{"routing", "minimal"}}}});
  const auto& t = r["throughput"];
  EXPECT_EQ(t["endpoints"], 8);
  EXPECT_EQ(t["shift"], 4);
  EXPECT_EQ(t["method"], "exact: every source router's demands routed");
  EXPECT_NEAR(number(r, "uniform", "minimal", "max_load"), 8.0 / 7, 1e-12);
  EXPECT_NEAR(number(r, "uniform", "minimal", "throughput"), 7.0 / 8, 1e-12);
  EXPECT_EQ(t["results"][0]["limited_by"], "links");
  EXPECT_NEAR(number(r, "shift", "minimal", "throughput"), 0.5, 1e-12);
  EXPECT_EQ(t["results"].size(), 3u);
  const auto one = host::run_checks(ring, {"throughput"}, core::backend::cpu,
                                    {{"throughput", {{"patterns", "shift"}, {"shift", 1}}}});
  EXPECT_NEAR(number(one, "shift", "minimal", "max_load"), 1.0, 1e-12);
  EXPECT_NEAR(number(one, "shift", "minimal", "throughput"), 1.0, 1e-12);
  EXPECT_EQ(one["throughput"]["results"][0]["limited_by"], "injection");
  EXPECT_EQ(one["throughput"]["results"].size(), 2u);  // minimal and valiant
}

// K_5 with c = 2 endpoints per router: minimal loads each arc c^2/(cm-1) = 4/9; Valiant
// sends out(s)/m = c(cm-c)/(cm-1)/m to each router and as much on to each destination:
// 2 c^2 (m-1) / (m (cm-1)) = 32/45 per arc.
TEST(ThroughputCheck, CompleteGraphMinimalAndValiant) {
  const auto k5 = host::make_instance("hyperx", {{"S", "5"}, {"T", "2"}});
  const auto r = host::run_checks(k5, {"throughput"}, core::backend::cpu, {{"throughput", {{"patterns", "uniform"}}}});
  EXPECT_EQ(r["throughput"]["endpoints"], 10);
  EXPECT_NEAR(number(r, "uniform", "minimal", "max_load"), 4.0 / 9, 1e-12);
  EXPECT_NEAR(number(r, "uniform", "minimal", "mean_load"), 4.0 / 9, 1e-12);
  EXPECT_NEAR(number(r, "uniform", "valiant", "max_load"), 32.0 / 45, 1e-12);
  EXPECT_NEAR(number(r, "uniform", "valiant", "throughput"), 1.0, 1e-12);
  EXPECT_EQ(number(r, "uniform", "minimal", "unroutable_demand"), 0.0);
}

// Dragonfly a=4, p=2, h=2: the default shift a p sends group i's 8 endpoints to group
// i+1.  Each unit crosses from group i to group i+1 over global links, so the global
// arcs out of group i toward other groups carry at least 8 units in all: the most loaded
// link carries at least 8 / (the a h = 8 global arcs leaving a group), and the record's
// seed-fixed permutation is the same on a second run.
TEST(ThroughputCheck, DragonflyGroupShiftAndSeededPermutation) {
  const auto df = host::make_instance("dragonfly", {{"a", "4"}, {"h", "2"}});
  const auto r = host::run_checks(df, {"throughput"}, core::backend::cpu, {{"throughput", {{"routing", "minimal"}}}});
  EXPECT_EQ(r["throughput"]["shift"], 8);
  EXPECT_GE(number(r, "shift", "minimal", "max_load"), 1.0 - 1e-12);
  EXPECT_LT(number(r, "shift", "minimal", "throughput"), number(r, "uniform", "minimal", "throughput"));
  const auto again = host::run_checks(df, {"throughput"}, core::backend::cpu, {{"throughput", {{"routing", "minimal"}}}});
  EXPECT_EQ(number(r, "random_permutation", "minimal", "max_load"),
            number(again, "random_permutation", "minimal", "max_load"));
  EXPECT_EQ(r["throughput"]["seed"], 1);
}

TEST(ThroughputCheck, OverTheWorkBoundAndRefusals) {
  // Over the bound a sample of at least 64 source routers: all 32 of Q_5, so exact.
  const auto q5 = host::make_instance("hypercube", {{"n", "5"}});
  const auto r = host::run_checks(q5, {"throughput"}, core::backend::cpu, {{"throughput", {{"exact_max_work", 100}}}});
  EXPECT_EQ(r["throughput"]["exact"], true);
  EXPECT_NEAR(number(r, "uniform", "minimal", "max_load"), 80.0 / 31 / 5, 1e-12);  // sum of distances / links
  auto refusal = [&](const json& options) {
    try {
      host::validate_check_options(host::find_check("throughput"), options, &q5);
    } catch (const host::input_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal({{"patterns", "tornado"}}),
            "throughput: option patterns: \"tornado\" is not one of uniform, shift, random_permutation");
  EXPECT_EQ(refusal({{"routing", json::array()}}), "throughput: option routing names none of minimal, valiant");
  EXPECT_EQ(refusal({{"shift", 0}}), "throughput: option shift = 0 must be an integer from 1 to 1125899906842624");
  EXPECT_EQ(refusal({{"shift", 64}}),
            "throughput: option shift = 64 is a multiple of the 32 endpoints of hypercube n=5: every endpoint would send to itself");
  EXPECT_EQ(refusal({{"pairs", 3}}).rfind("throughput: unknown option 'pairs'", 0), 0u) << refusal({{"pairs", 3}});
}

TEST(DisjointPathsCheck, ExactOnSmallSampledAboveAndRefusals) {
  const auto q4 = host::make_instance("hypercube", {{"n", "4"}});
  const auto r = host::run_checks(q4, {"disjoint_paths"}, core::backend::cpu);
  const auto& d = r["edge_disjoint_paths"];
  EXPECT_EQ(d["exact"], true);
  EXPECT_EQ(d["pairs"], 120);
  EXPECT_EQ(d["min"], 4);
  EXPECT_EQ(d["max"], 4);
  EXPECT_EQ(d["below_degree_bound"], 0);
  EXPECT_TRUE(d["mean_ci95"].is_null());
  const auto k6 = host::make_instance("hyperx", {{"S", "6"}});
  const auto s = host::run_checks(k6, {"disjoint_paths"}, core::backend::cpu, {{"disjoint_paths", {{"pairs", 5}}}});
  EXPECT_EQ(s["edge_disjoint_paths"]["exact"], false);
  EXPECT_EQ(s["edge_disjoint_paths"]["pairs"], 5);
  EXPECT_EQ(s["edge_disjoint_paths"]["min"], 5);  // K_6: m - 1
  EXPECT_EQ(s["edge_disjoint_paths"]["mean_ci95"][0], 5.0);
  EXPECT_NE(s["edge_disjoint_paths"]["method"].get<std::string>().find("sample of 5 distinct unordered router pairs (seed 1)"),
            std::string::npos);
  const auto bound = host::run_checks(q4, {"disjoint_paths"}, core::backend::cpu, {{"disjoint_paths", {{"exact_max_work", 10}}}});
  EXPECT_EQ(bound["edge_disjoint_paths"]["pairs"], 120);  // a sample of 256 is all 120 pairs: exact
  EXPECT_EQ(bound["edge_disjoint_paths"]["exact"], true);
  auto refusal = [&](const std::string& check, const json& options) {
    try {
      host::validate_check_options(host::find_check(check), options, &q4);
    } catch (const host::input_error& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refusal("disjoint_paths", {{"sample_pairs", 0}}),
            "disjoint_paths: option sample_pairs = 0 must be an integer from 1 to 1099511627776");
  EXPECT_EQ(refusal("disjoint_paths", {{"sources", 3}}),
            "disjoint_paths: unknown option 'sources' (options: pairs, exact_max_work, sample_pairs)");
  EXPECT_EQ(refusal("disjoint_paths", 3), "disjoint_paths: options must be a table of key = value");
  EXPECT_EQ(refusal("disjoint_paths", {{"pairs", 7}, {"exact_max_work", 0}}), "accepted");
  EXPECT_EQ(refusal("paths", {{"pairs", 3}}),
            "paths: unknown option 'pairs' (options: sources, exact_max_work, sample_sources)");
  EXPECT_EQ(refusal("paths", {{"exact_max_work", -1}}),
            "paths: option exact_max_work = -1 must be an integer from 0 to 9223372036854775807");
}

// A sample's pairs are held while it is drawn (16 bytes a pair at most: the draws and
// their sorted copy); every pair is streamed, none held.  So 2^30 pairs need 16 x 2^30
// bytes against 16 for one, and the plan refuses a large sample under a memory limit
// before any work, where the exact run of a small instance or a sample as large as all
// its pairs needs nothing for them.
TEST(DisjointPathsCheck, TheMemoryEstimateCountsTheSampleAndNeverEveryPair) {
  const host::graph_shape big{1000000, 10000000, false, true}, small{100, 400, false, true};
  const auto bytes = [](const host::graph_shape& g, const json& options) {
    return host::disjoint_path_memory(g, options, core::backend::cpu);
  };
  EXPECT_EQ(bytes(big, {{"pairs", uint64_t{1} << 30}}) - bytes(big, {{"pairs", 1}}), (uint64_t{16} << 30) - 16);
  EXPECT_EQ(bytes(big, json::object()) - bytes(big, {{"pairs", 1}}), 16u * 256 - 16);  // the default 256
  EXPECT_EQ(bytes(small, json::object()), bytes(small, {{"pairs", 4950}}));  // 4950 = every pair: exact
  EXPECT_EQ(bytes(small, json::object()), bytes(small, {{"pairs", 1}}) - 16);
  host::instance_limits limits;
  limits.memory_bytes = uint64_t{1} << 30;
  limits.memory_text = "1GiB";
  const auto q16 = host::make_instance("hypercube", {{"n", "16"}});  // 2^31 - 2^15 pairs
  const auto refusal = [&](uint64_t pairs) {
    return host::memory_refusal(q16, {"disjoint_paths"}, {{"disjoint_paths", {{"pairs", pairs}}}}, core::backend::cpu,
                                limits, host::check_specs());
  };
  EXPECT_EQ(refusal(256), "");
  EXPECT_EQ(refusal(uint64_t{1} << 26).rfind("memory limit: needs about ", 0), 0u) << refusal(uint64_t{1} << 26);
}

}  // namespace
