// The ETA while an instance runs past the time the model gave it (a check whose work
// estimate was wrong: the paths check of efc n=20 in configs/architects.toml): the running
// check's own progress re-estimates its rest, and without progress the line says the
// instance is over its estimate instead of showing a figure that no longer moves.
// Hand-driven clock and progress; nothing is timed.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "host/run/eta.hpp"
#include "host/run/progress.hpp"

namespace {

using tv::host::eta_estimator;
using tv::host::own_progress;
using tv::host::progress_display;
using tv::host::progress_style;

TEST(EtaOverEstimate, PastTheModelTheRunningChecksOwnRateCounts) {
  eta_estimator e;
  e.plan({100, 100, 100});
  e.finished(0, 10, true);  // 10 s per 100 units: b and c are predicted 10 s each
  EXPECT_FALSE(e.over_estimate(1, 10));
  EXPECT_TRUE(e.over_estimate(1, 10.5));
  EXPECT_FALSE(e.over_estimate(eta_estimator::npos, 100));
  // Within the model's time the model and the instance's fraction decide, as before.
  EXPECT_DOUBLE_EQ(e.seconds_left(1, 4, 0, {1, 0}), 16);
  // 30 s into b, its check half done at its own rate (30 s more): 30 s, then c's 10 s.
  EXPECT_DOUBLE_EQ(e.seconds_left(1, 30, 0.5, {30, 0}), 40);
  // With a quarter of b's estimated work in checks after the running one: their share
  // of the model's 10 s.
  EXPECT_DOUBLE_EQ(e.seconds_left(1, 30, 0.5, {30, 0.25}), 42.5);
  // No progress to go by: only what comes after b (the display marks it a least value).
  EXPECT_DOUBLE_EQ(e.seconds_left(1, 30, 0, own_progress{}), 10);
}

class EtaOverEstimateDisplay : public ::testing::Test {
 protected:
  std::ostringstream out;
  double now = 0;
  progress_display d{out, progress_style::tty, [this] { return now; }, 200};

  /// Three like instances, the first of which took 40 s; the second starts at 40 s with
  /// these check weights and enters its check `check` at once.
  void second_of_three_starts(const std::map<std::string, double>& weights, const std::string& check) {
    d.begin({1, 1, 1});
    d.start(0, "efc n=19");
    now = 40;
    d.finish("done", true);
    d.start(1, "efc n=20", weights);
    d.step(check);
  }
  std::string last_line() const {
    const std::string s = out.str();
    return s.substr(s.rfind("\x1b[K") + 3);
  }
};

// The paths check takes 400 s where the model gave the instance 40: at each eighth of it
// the ETA is the check's true rest plus the third instance's 40 s (the old blend floored
// the instance's rest at zero from 80 s on, and showed 40 s throughout).
TEST_F(EtaOverEstimateDisplay, ARunningCheckPastItsEstimateCountsDownByItsOwnRate) {
  second_of_three_starts({{"counts", 0}, {"paths", 1}}, "paths");
  double previous = 1e9;
  for (int k = 1; k < 8; ++k) {
    now = 40 + 400.0 * k / 8;
    d.progress(static_cast<uint64_t>(k), 8);
    const double truth = (440 - now) + 40;
    const double eta = d.eta_seconds();
    EXPECT_NEAR(eta, truth, 1e-6 * truth) << "at " << k << "/8";
    EXPECT_LT(eta, previous);
    previous = eta;
  }
  EXPECT_EQ(last_line().find("over its estimate"), std::string::npos) << last_line();
}

// Checks after the running one keep their share of the model's time for the instance:
// paths at half after 200 s with throughput, three quarters of the estimated work, to
// come: 200 s + 30 s + 40 s for the third instance.
TEST_F(EtaOverEstimateDisplay, ChecksAfterTheRunningOneKeepTheirShareOfTheModel) {
  second_of_three_starts({{"paths", 1}, {"throughput", 3}}, "paths");
  now = 240;
  d.progress(1, 2);
  EXPECT_NEAR(d.eta_seconds(), 270, 1e-9);
}

// A check that reports no progress: within the model's time the ETA counts down as
// before; past it the line says the figure is a least value and why.
TEST_F(EtaOverEstimateDisplay, WithoutProgressTheLineSaysTheInstanceIsOverItsEstimate) {
  second_of_three_starts({}, "claims");
  now = 60;
  d.tick();
  EXPECT_NE(last_line().find("efc n=20 · claims · 20 s · ETA 1m00s"), std::string::npos) << last_line();
  now = 100;
  d.tick();
  EXPECT_NE(last_line().find("efc n=20 · claims · 1m00s · ETA > 40 s (instance over its estimate)"),
            std::string::npos)
      << last_line();
}

// A check whose counts reached their total while it runs on (a phase of it done, the
// rest unreported) has no rate for its rest: past the model's time the line says the
// instance is over its estimate, where it showed "ETA 0.00 s".
TEST_F(EtaOverEstimateDisplay, ACheckAtItsTotalThatRunsOnIsOverItsEstimate) {
  second_of_three_starts({}, "paths");
  now = 41;
  d.progress(8, 8);
  now = 100;
  d.tick();
  EXPECT_NE(last_line().find("efc n=20 · paths 100% · 1m00s · ETA > 40 s (instance over its estimate)"),
            std::string::npos)
      << last_line();
}

// A check the weights give nothing, after every weighted one (its work charged to
// another check): the instance is not done while it runs.  20 s into the second
// instance, within the model's 40 s: 20 s left of it and the third's 40 (the weights'
// fraction, 1, said 0 s left of it).
TEST_F(EtaOverEstimateDisplay, AnUnweightedCheckAfterTheWeightedOnesLeavesTheModelInCharge) {
  second_of_three_starts({{"link_load", 1}}, "link_load");
  now = 50;
  d.progress(64, 64);
  d.step("paths");
  now = 60;
  d.progress(93, 256);
  EXPECT_NEAR(d.eta_seconds(), 60, 1e-9);
}

}  // namespace
