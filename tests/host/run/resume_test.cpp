// Crash safety of the built binary: a run killed with SIGKILL at random points and
// resumed ends with the same records, apart from timings, as a run never interrupted;
// SIGTERM stops a run cleanly with exit code 1 and --resume finishes it.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace std::chrono;

// Many small instances and a few of a second or so: kills land between records, inside
// a long instance, and now and then in the middle of a write.
const char* kBatch = R"([[job]]
family = "hypercube"
n = "1..16"
[[job]]
family = "gfc"
n = "1..22"
f = ["11", "101", "111"]
[[job]]
family = "postal"
lambda = [2, 3]
n = "1..26"
)";

struct ResumeTest : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    std::ofstream(dir + "/batch.toml") << kBatch;
  }

  pid_t start(const std::string& out, bool resume) {
    std::vector<std::string> args = {"run", "batch.toml", "--output", out, "--backend", "cpu", "--no-report"};
    if (resume) args.push_back("--resume");
    return tv::test::spawn_topoverify(args, dir, dir + "/stdout", dir + "/stderr");
  }
};

/// A record without what legitimately differs between two runs: how long things took.
json without_timings(json r) {
  r.erase("timings");
  r.erase("wall_s");
  return r;
}

TEST_F(ResumeTest, KilledAtRandomPointsAndResumedEqualsAnUninterruptedRun) {
  const auto t0 = steady_clock::now();
  ASSERT_EQ(tv::test::wait_exit_code(start("whole", false)), 0) << tv::test::slurp(dir + "/stderr");
  const double full_ms = duration<double, std::milli>(steady_clock::now() - t0).count();
  const auto whole = tv::host::read_records(dir + "/whole/results.jsonl");
  ASSERT_GT(whole.size(), 100u);

  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("random seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  // Three kills at random points; a run that finishes first (the machine got faster, or a
  // resume had little left) starts the folder again with a window half as long, so that
  // the kills land whatever the load.
  int killed = 0;
  double window_ms = full_ms * 0.9;
  bool resume = false;
  for (int attempt = 0; killed < 3 && attempt < 12; ++attempt) {
    const pid_t pid = start("killed", resume);
    std::this_thread::sleep_for(microseconds(std::uniform_int_distribution<int>(
        0, static_cast<int>(window_ms * 1000))(rng)));
    ::kill(pid, SIGKILL);
    const int code = tv::test::wait_exit_code(pid);
    if (code == 128 + SIGKILL) {
      ++killed;
      resume = true;
    } else {
      ASSERT_EQ(code, 0) << tv::test::slurp(dir + "/stderr");  // finished before the kill
      fs::remove_all(dir + "/killed");
      resume = false;
      window_ms /= 2;
    }
  }
  EXPECT_GT(killed, 0) << "no kill landed inside a run";
  ASSERT_EQ(tv::test::wait_exit_code(start("killed", true)), 0) << tv::test::slurp(dir + "/stderr");

  int torn = 0;
  const auto resumed = tv::host::read_records(dir + "/killed/results.jsonl", &torn);
  EXPECT_EQ(torn, 0);  // resuming repaired any torn tail
  ASSERT_EQ(resumed.size(), whole.size());
  for (size_t i = 0; i < whole.size(); ++i)
    EXPECT_EQ(without_timings(resumed[i]), without_timings(whole[i])) << "record " << i;
}

TEST_F(ResumeTest, TwentyMixedSignalsAtRandomPointsAndResumedEqualsAnUninterruptedRun) {
  // SIGKILL ends a run with no record of the running instance; SIGTERM and SIGHUP record
  // it "interrupted" and exit 1.  Either way --resume must end where an uninterrupted run
  // ends: the latest record of every instance equal, timings aside.
  const auto t0 = steady_clock::now();
  ASSERT_EQ(tv::test::wait_exit_code(start("whole", false)), 0) << tv::test::slurp(dir + "/stderr");
  const double full_ms = duration<double, std::milli>(steady_clock::now() - t0).count();
  const auto whole = tv::host::read_records(dir + "/whole/results.jsonl");

  const unsigned seed = std::random_device{}();
  SCOPED_TRACE("random seed " + std::to_string(seed));
  std::mt19937 rng(seed);
  const int signals[] = {SIGKILL, SIGTERM, SIGHUP};
  int landed = 0;
  for (int round = 0; round < 20; ++round) {
    const int sig = signals[std::uniform_int_distribution<int>(0, 2)(rng)];
    const pid_t pid = start("mixed", round > 0);
    std::this_thread::sleep_for(microseconds(std::uniform_int_distribution<int>(
        0, static_cast<int>(full_ms * 1000 * 0.3))(rng)));
    ::kill(pid, sig);
    const int code = tv::test::wait_exit_code(pid);
    if (code == 0) continue;  // finished before the signal
    ++landed;
    // SIGTERM / SIGHUP: exit 1 once the run has started; before that (parsing the batch,
    // nothing to record) the signal's default action ends the process.
    EXPECT_TRUE(code == 128 + sig || (sig != SIGKILL && code == 1))
        << "round " << round << ": exit " << code << ": " << tv::test::slurp(dir + "/stderr");
  }
  EXPECT_GT(landed, 0) << "no signal landed inside a run";
  ASSERT_EQ(tv::test::wait_exit_code(start("mixed", true)), 0) << tv::test::slurp(dir + "/stderr");

  int torn = 0;
  const auto resumed = tv::host::latest_records(tv::host::read_records(dir + "/mixed/results.jsonl", &torn));
  EXPECT_EQ(torn, 0);
  ASSERT_EQ(resumed.size(), whole.size());
  for (size_t i = 0; i < whole.size(); ++i)
    EXPECT_EQ(without_timings(resumed[i]), without_timings(whole[i])) << "record " << i;
}

TEST_F(ResumeTest, SigtermStopsCleanlyWithExitOneAndResumeFinishes) {
  const pid_t pid = start("term", false);
  // Wait for the first records, then ask it to stop.
  const auto deadline = steady_clock::now() + seconds(60);
  while (tv::test::count_lines(dir + "/term/results.jsonl") < 5 && steady_clock::now() < deadline)
    std::this_thread::sleep_for(milliseconds(1));
  ::kill(pid, SIGTERM);
  const int code = tv::test::wait_exit_code(pid);
  const std::string err = tv::test::slurp(dir + "/stderr");
  if (code == 0) GTEST_SKIP() << "the run finished before SIGTERM arrived";
  EXPECT_EQ(code, 1) << err;
  EXPECT_NE(err.find("interrupted by SIGTERM"), std::string::npos) << err;
  int torn = 0;
  const auto partial = tv::host::read_records(dir + "/term/results.jsonl", &torn);
  EXPECT_EQ(torn, 0);
  EXPECT_GE(partial.size(), 5u);

  ASSERT_EQ(tv::test::wait_exit_code(start("term", true)), 0) << tv::test::slurp(dir + "/stderr");
  const auto all = tv::host::latest_records(tv::host::read_records(dir + "/term/results.jsonl"));
  EXPECT_EQ(all.size(), 16u + 22u * 3u + 2u * 26u);
  for (const auto& r : all) EXPECT_EQ(r["status"], "ok") << r.dump();
}

}  // namespace
