// The ETA's work model (host/run/work_estimate.hpp) for the link load: every target up to
// the check's default bound, a sample of them above it, as the check runs.
#include "host/run/work_estimate.hpp"

#include <gtest/gtest.h>

#include "host/families.hpp"

namespace tv::host {
namespace {

double link_load_work(int n) {
  const instance q = make_instance("hypercube", {{"n", std::to_string(n)}});
  return estimated_check_work(q, "link_load", {"counts", "link_load"});
}

TEST(WorkEstimate, LinkLoadChargesEveryTargetUpToTheBoundAndTheSampleAbove) {
  // Up to 2^16 nodes every target: doubling N doubles the targets and the edges.
  EXPECT_DOUBLE_EQ(link_load_work(12) / link_load_work(11), 2.0 * 2.0 * 12 / 11);
  // Q(20): 2^32 / (2^20 - 1) pairs a target, 4,096 targets where every one was 2^20.
  EXPECT_DOUBLE_EQ(link_load_work(20) / link_load_work(12), 4096.0 / 4096 * 256 * 20 / 12);
  // Far above it the sample is 64 targets at least.
  EXPECT_DOUBLE_EQ(link_load_work(28) / link_load_work(20), 64.0 / 4096 * 256 * 28 / 20);
}

}  // namespace
}  // namespace tv::host
