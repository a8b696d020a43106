// What ran against the plan: counts by status, instances never reached, and a headline
// that calls a run complete only when every planned instance has a final record.
#include "host/report/run_state.hpp"

#include <gtest/gtest.h>

#include "host/records/records.hpp"

namespace {

using nlohmann::json;
using tv::host::record_key;
using tv::host::report::count_run;

json rec(int n, const std::string& status, const std::string& reason = "") {
  json r = {{"config_hash", "aa"}, {"job", "j"}, {"family", "hypercube"}, {"params", {{"n", n}}},
            {"requested_checks", {"counts"}}, {"status", status}};
  if (!reason.empty()) r["reason"] = reason;
  return r;
}

std::vector<std::string> plan_of(int count) {
  std::vector<std::string> keys;
  for (int n = 1; n <= count; ++n) keys.push_back(record_key(rec(n, "ok")));
  return keys;
}

TEST(RunState, EveryPlannedInstanceFinishedIsComplete) {
  const auto s = count_run({rec(1, "ok"), rec(2, "ok"), rec(3, "ok")}, plan_of(3));
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.planned, 3u);
  EXPECT_EQ(s.finished, 3u);
  EXPECT_EQ(s.not_run, 0u);
  EXPECT_EQ(s.headline, "Complete run: all 3 planned instances finished.");
}

TEST(RunState, InstancesRefusedByLimitsStillCompleteTheRun) {
  const auto s = count_run({rec(1, "ok"), rec(2, "not checked", "max_nodes limit")}, plan_of(2));
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.refused, 1u);
  EXPECT_EQ(s.headline,
            "Complete run: all 2 planned instances have a record; 1 finished; 1 was refused or stopped by a limit "
            "(not checked).");
}

TEST(RunState, AnInterruptedRunSaysWhatIsMissing) {
  const auto s = count_run({rec(1, "ok"), rec(2, "interrupted", "SIGINT during distances")}, plan_of(5));
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(s.finished, 1u);
  EXPECT_EQ(s.interrupted, 1u);
  EXPECT_EQ(s.not_run, 3u);
  EXPECT_EQ(s.headline,
            "Incomplete run: 1 of 5 planned instances finished; 1 interrupted (SIGINT during distances), 3 not run "
            "yet. Continue it with `topoverify run --resume` (the same batch file and output folder).");
}

TEST(RunState, ErrorsMakeTheRunIncomplete) {
  const auto s = count_run({rec(1, "ok"), rec(2, "error")}, plan_of(2));
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(s.errors, 1u);
  EXPECT_EQ(s.headline.rfind("Incomplete run: 1 of 2 planned instances finished; 1 ended in an error.", 0), 0u)
      << s.headline;
}

TEST(RunState, WithoutAPlanNothingIsCalledComplete) {
  const auto ok = count_run({rec(1, "ok"), rec(2, "ok")}, std::nullopt);
  EXPECT_FALSE(ok.complete);
  EXPECT_EQ(ok.headline,
            "2 instances are recorded; this folder has no plan.json, so how many were planned is unknown.");
  const auto stopped = count_run({rec(1, "ok"), rec(2, "interrupted", "SIGTERM during counts")}, std::nullopt);
  EXPECT_EQ(stopped.headline.rfind("Incomplete run: 2 instances are recorded", 0), 0u) << stopped.headline;
  EXPECT_NE(stopped.headline.find("1 interrupted (SIGTERM during counts)"), std::string::npos);
}

TEST(RunState, RecordsOutsideThePlanAreCountedApart) {
  const auto s = count_run({rec(1, "ok"), rec(9, "ok")}, plan_of(1));
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.recorded, 1u);
  EXPECT_EQ(s.outside_plan, 1u);
}

}  // namespace
