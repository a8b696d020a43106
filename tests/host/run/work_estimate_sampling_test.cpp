// The ETA's work model (host/run/work_estimate.hpp) for the checks that run every source
// router (paths, endpoints, throughput) or pair of routers (disjoint_paths) up to a work
// bound and a seeded sample above it: the model charges the sample the job's options
// plan, by the check's own planning function.  The model used to charge the default
// bound's sample (256 sources or pairs, the bound's sources for throughput, 9 passes)
// whatever the options said, so every ratio to the default below was 1 there.
#include "host/run/work_estimate.hpp"

#include <gtest/gtest.h>

#include "host/checks/registry.hpp"
#include "host/families.hpp"
#include "kernels/core/backend.hpp"

namespace tv::host {
namespace {

using json = nlohmann::json;

double work(const std::string& check, int n, const json& options = json::object()) {
  const instance q = make_instance("hypercube", {{"n", std::to_string(n)}});
  return estimated_check_work(q, check, {"counts", check}, {{check, options}});
}

// Q(16): N (N + arcs) = 2^16 x 17 x 2^16, over the default bound 2^32: 256 sources.
// Q(10): 2^20 x 11, within it: every one of the 1,024 routers.
TEST(WorkEstimate, PathsAndEndpointsChargeTheSourcesTheOptionsAskFor) {
  for (const std::string check : {"paths", "endpoints"}) {
    const double q16 = work(check, 16), q10 = work(check, 10);
    EXPECT_DOUBLE_EQ(work(check, 16, {{"sample_sources", 1024}}) / q16, 4.0) << check;
    EXPECT_DOUBLE_EQ(work(check, 16, {{"sources", 64}}) / q16, 0.25) << check;
    EXPECT_DOUBLE_EQ(work(check, 16, {{"exact_max_work", uint64_t{1} << 40}}) / q16, 65536.0 / 256) << check;
    // `sources` samples whatever the size; sample_sources only above the bound.
    EXPECT_DOUBLE_EQ(work(check, 10, {{"sources", 64}}) / q10, 64.0 / 1024) << check;
    EXPECT_DOUBLE_EQ(work(check, 10, {{"sample_sources", 64}}), q10) << check;
    EXPECT_DOUBLE_EQ(work(check, 10, {{"exact_max_work", 1000}, {"sample_sources", 64}}) / q10, 64.0 / 1024) << check;
    EXPECT_DOUBLE_EQ(work(check, 10, {{"sources", 5000}}), q10) << check;  // N or more: every router
  }
}

// One pass serves both checks only when their sources agree (path_diversity_check.cpp):
// endpoints then costs nothing more, otherwise its own sample (the model charged it
// nothing whenever paths ran).
TEST(WorkEstimate, EndpointsSharePathsPassOnlyWithTheSameSources) {
  const instance q = make_instance("hypercube", {{"n", "16"}});
  const std::vector<std::string> both{"counts", "paths", "endpoints"};
  const json o = {{"sources", 64}};
  EXPECT_EQ(estimated_check_work(q, "endpoints", both, json::object()), 0.0);
  EXPECT_EQ(estimated_check_work(q, "endpoints", both, {{"paths", o}, {"endpoints", o}}), 0.0);
  EXPECT_DOUBLE_EQ(estimated_check_work(q, "endpoints", both, {{"endpoints", o}}), work("endpoints", 16, o));
  EXPECT_DOUBLE_EQ(estimated_check_work(q, "endpoints", both, {{"paths", o}}), work("endpoints", 16));
}

// Q(16): 2^32 / (2^16 x 17) = 3,855.06 sources the bound allows, 3,855 rounded up to 16
// batches of 241: 3,856.  A pass per pattern for minimal routing, two for valiant: 9.
TEST(WorkEstimate, ThroughputChargesTheSourcesAndPassesTheOptionsAskFor) {
  const double q16 = work("throughput", 16), q10 = work("throughput", 10);
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"sample_sources", 256}}) / q16, 256.0 / 3856);
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"sources", 100}}) / q16, 112.0 / 3856);  // 16 batches of 7
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"exact_max_work", uint64_t{1} << 40}}) / q16, 65536.0 / 3856);
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"exact_max_work", uint64_t{1} << 26}}) / q16, 64.0 / 3856);  // 64 at least
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"patterns", "uniform"}}) / q16, 3.0 / 9);
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"routing", "minimal"}}) / q16, 3.0 / 9);
  EXPECT_DOUBLE_EQ(work("throughput", 16, {{"patterns", json::array({"uniform", "shift"})}, {"routing", "valiant"}}) / q16,
                   4.0 / 9);
  EXPECT_DOUBLE_EQ(work("throughput", 10, {{"sources", 64}}) / q10, 64.0 / 1024);
  // The default charges the sample the check runs: at Q(20) 2^32 / (2^20 x 21) = 195.04
  // sources, 208 in 16 batches of 13 (the model charged 195.04).
  EXPECT_DOUBLE_EQ(work("throughput", 20) / q16, (208.0 * 21 * 1048576) / (3856.0 * 17 * 65536));
}

// Q(10): 523,776 pairs of (10 + 1) x (2^10 x 11) each, 6.5e10 over 2^32: 256 pairs.
// Q(6): 2,016 pairs, 6.3e6 within it: every one.
TEST(WorkEstimate, DisjointPathsChargesThePairsTheOptionsAskFor) {
  const double q10 = work("disjoint_paths", 10), q6 = work("disjoint_paths", 6);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 10, {{"sample_pairs", 1024}}) / q10, 4.0);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 10, {{"pairs", 64}}) / q10, 0.25);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 10, {{"exact_max_work", uint64_t{1} << 40}}) / q10, 523776.0 / 256);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 6, {{"pairs", 100}}) / q6, 100.0 / 2016);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 6, {{"exact_max_work", 1000}}) / q6, 256.0 / 2016);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 6, {{"pairs", 5000}}), q6);  // every pair
}

// What the model charges is what the checks run: their records' counts on small
// instances, against the model's ratio to every source (or pair).
TEST(WorkEstimate, SamplingChecksChargeWhatTheirRecordsSay) {
  const instance q7 = make_instance("hypercube", {{"n", "7"}}), q5 = make_instance("hypercube", {{"n", "5"}});
  const json paths = {{"exact_max_work", 1000}, {"sample_sources", 20}};
  const auto p = run_checks(q7, {"paths"}, core::backend::cpu, {{"paths", paths}});
  EXPECT_EQ(p["path_diversity"]["sources"], 20);
  EXPECT_DOUBLE_EQ(work("paths", 7, paths) / work("paths", 7), 20.0 / 128);
  const json tp = {{"sources", 20}, {"patterns", "uniform"}, {"routing", "minimal"}};
  const auto t = run_checks(q7, {"throughput"}, core::backend::cpu, {{"throughput", tp}});
  EXPECT_EQ(t["throughput"]["sample_sources"], 32);  // 20 rounded up to 16 batches
  EXPECT_DOUBLE_EQ(work("throughput", 7, tp) / work("throughput", 7), 32.0 / 128 / 9);
  const json dp = {{"pairs", 20}};
  const auto d = run_checks(q5, {"disjoint_paths"}, core::backend::cpu, {{"disjoint_paths", dp}});
  EXPECT_EQ(d["edge_disjoint_paths"]["pairs"], 20);
  EXPECT_DOUBLE_EQ(work("disjoint_paths", 5, dp) / work("disjoint_paths", 5), 20.0 / 496);
}

}  // namespace
}  // namespace tv::host
