// The ETA's work model (host/run/work_estimate.hpp) for the link load: every target up to
// the check's bound, a sample of them above it, as the check runs with the job's options.
#include "host/run/work_estimate.hpp"

#include <gtest/gtest.h>

#include "host/batch/comparison.hpp"
#include "host/batch/config.hpp"
#include "host/families.hpp"

namespace tv::host {
namespace {

double link_load_work(int n, const nlohmann::json& options = nlohmann::json::object()) {
  const instance q = make_instance("hypercube", {{"n", std::to_string(n)}});
  return estimated_check_work(q, "link_load", {"counts", "link_load"}, {{"link_load", options}});
}

TEST(WorkEstimate, LinkLoadChargesEveryTargetUpToTheBoundAndTheSampleAbove) {
  // Up to 2^16 nodes every target: doubling N doubles the targets and the edges.
  EXPECT_DOUBLE_EQ(link_load_work(12) / link_load_work(11), 2.0 * 2.0 * 12 / 11);
  // Q(20): 2^32 / (2^20 - 1) pairs a target, 4,096 targets where every one was 2^20.
  EXPECT_DOUBLE_EQ(link_load_work(20) / link_load_work(12), 4096.0 / 4096 * 256 * 20 / 12);
  // Far above it the sample is 64 targets at least.
  EXPECT_DOUBLE_EQ(link_load_work(28) / link_load_work(20), 64.0 / 4096 * 256 * 28 / 20);
}

// The options set the sample (link_load_plan, the check's own): Q(20)'s work scales with
// the targets (or sources) its options ask for, against the 4,096 of the default bound.
// The model charged those 4,096 whatever the options said (c246932), so each ratio was 1.
TEST(WorkEstimate, LinkLoadChargesTheSampleTheOptionsAskFor) {
  const double by_default = link_load_work(20);
  EXPECT_DOUBLE_EQ(link_load_work(20, {{"sample_targets", 64}}) / by_default, 64.0 / 4096);
  EXPECT_DOUBLE_EQ(link_load_work(20, {{"sample_targets", 100}}) / by_default, 112.0 / 4096);  // 16 batches of 7
  EXPECT_DOUBLE_EQ(link_load_work(20, {{"algorithm", "ecube"}, {"sample_sources", 256}}) / by_default, 256.0 / 4096);
  // max_pairs = 2^26: 2^26 / (2^20 - 1) = 64.00006 targets, rounded down to the batches.
  EXPECT_DOUBLE_EQ(link_load_work(20, {{"max_pairs", uint64_t{1} << 26}}) / by_default, 64.0 / 4096);
  // Q(12) runs every one of its 4,096 targets by default; a bound one pair short of
  // 4096 x 4095 samples 4,095 rounded down to the batches, 4,080.
  EXPECT_DOUBLE_EQ(link_load_work(12, {{"max_pairs", 4096 * 4095 - 1}}) / link_load_work(12), 4080.0 / 4096);
  EXPECT_DOUBLE_EQ(link_load_work(12, {{"max_pairs", 4096 * 4095}}), link_load_work(12));
  // A sample of N or more is every target.
  EXPECT_DOUBLE_EQ(link_load_work(6, {{"sample_targets", 64}}), link_load_work(6));
}

// A compare over all_pairs_up_to lowers link_load's bound to all_pairs_up_to
// (all_pairs_up_to - 1) pairs (make_comparison_instance): at 2,048 that is 4,192,256,
// 255.9 targets of Q(14) (16,383 pairs each), 240 in 16 batches, where every one of its
// 16,384 targets was charged (its N (N - 1) is within the default 2^32).
TEST(WorkEstimate, LinkLoadChargesACompareItsLowerBound) {
  job_instance ji;
  ji.inst = make_instance("hypercube", {{"n", "14"}});
  comparison_spec c;
  c.name = "c";
  c.metrics = {"link_load"};
  c.all_pairs_up_to = 2048;
  make_comparison_instance(ji, c);
  ASSERT_EQ(ji.check_options["link_load"]["max_pairs"], 2048 * 2047);
  const double compared = estimated_check_work(ji.inst, "link_load", ji.checks, ji.check_options);
  EXPECT_DOUBLE_EQ(compared / link_load_work(14), 240.0 / 16384);
  EXPECT_DOUBLE_EQ(estimated_work(ji.inst, ji.checks, ji.check_options) -
                       estimated_work(ji.inst, ji.checks, nlohmann::json::object()),
                   compared - link_load_work(14));
}

}  // namespace
}  // namespace tv::host
