// One writer per output folder: a run, a resume or a report into a folder another
// process is writing is refused at once (exit 2, naming the holder), and writes
// nothing; a holder that dies leaves no stale lock.
#include "host/records/folder_lock.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "host/errors.hpp"
#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tv::host;

using FolderLockTest = tv::test::scratch_folder_test;

TEST_F(FolderLockTest, ARunIntoAFolderThisProcessHoldsIsRefusedAndWritesNothing) {
  const std::string out = dir + "/out";
  fs::create_directories(out);
  const auto lock = lock_folder(out);  // this test process is the "other" topoverify
  const auto r = tv::test::run_topoverify("run --output '" + out + "' --backend cpu --no-report", dir);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("folder '" + out + "' is in use by topoverify (pid " + std::to_string(::getpid()) +
                       ", started "),
            std::string::npos)
      << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_FALSE(fs::exists(out + "/results.jsonl"));
  // --resume, report and a dry run are refused the same way.
  const auto resumed = tv::test::run_topoverify("run --resume --output '" + out + "' --no-report", dir);
  EXPECT_EQ(resumed.exit_code, 2);
  EXPECT_NE(resumed.err.find("is in use by topoverify"), std::string::npos) << resumed.err;
  std::ofstream(out + "/results.jsonl") << "";
  const auto report = tv::test::run_topoverify("report '" + out + "'", dir);
  EXPECT_EQ(report.exit_code, 2);
  EXPECT_NE(report.err.find("is in use by topoverify"), std::string::npos) << report.err;
  EXPECT_FALSE(fs::exists(out + "/report.md"));
  const auto dry = tv::test::run_topoverify("run --dry-run --resume --output '" + out + "'", dir);
  EXPECT_EQ(dry.exit_code, 2);
  EXPECT_NE(dry.err.find("is in use by topoverify"), std::string::npos) << dry.err;
}

TEST_F(FolderLockTest, TheSameProcessSharesItsOwnLock) {
  const auto a = lock_folder(dir);
  const auto b = lock_folder(dir + "/.");  // the same folder spelt differently
  EXPECT_EQ(a.get(), b.get());
  EXPECT_FALSE(folder_in_use(dir).has_value());  // ours, so not "in use" for us
}

TEST_F(FolderLockTest, TwoConcurrentRunsOneIsRefusedAndNoInstanceIsRecordedTwice) {
  // Small instances, then one that a time limit stops after 3 s: the first run is
  // surely still writing when the second starts.
  std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"postal\"\nlambda = [2, 3]\nn = \"1..12\"\n"
                                        "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 26\n"
                                        "checks = [\"distances\"]\nlimits = { time = \"3s\" }\n";
  const pid_t first = tv::test::spawn_topoverify(
      {"run", "batch.toml", "--output", "out", "--backend", "cpu", "--no-report"}, dir, dir + "/a.out", dir + "/a.err");
  // The lock file names its holder once the first run has the folder.
  const std::string lock_file = dir + "/out/" + lock_file_name;
  for (int i = 0; i < 500 && tv::test::slurp(lock_file).find("pid " + std::to_string(first)) == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_NE(tv::test::slurp(lock_file).find("pid " + std::to_string(first)), std::string::npos);
  const auto second = tv::test::run_topoverify("run batch.toml --output out --backend cpu --no-report", dir);
  const auto resume = tv::test::run_topoverify("run batch.toml --resume --output out --backend cpu --no-report", dir);
  ASSERT_EQ(tv::test::wait_exit_code(first), 0) << tv::test::slurp(dir + "/a.err");
  for (const auto* r : {&second, &resume}) {
    EXPECT_EQ(r->exit_code, 2) << r->err;
    EXPECT_NE(r->err.find("folder 'out' is in use by topoverify (pid " + std::to_string(first) + ", started "),
              std::string::npos)
        << r->err;
  }
  const auto records = read_records(dir + "/out/results.jsonl");
  std::set<std::string> keys;
  for (const auto& r : records) EXPECT_TRUE(keys.insert(record_key(r)).second) << r.dump();
  EXPECT_EQ(records.size(), 25u);
}

// The lock is on the folder too: deleting the lock file under a holder (which let a
// --resume start beside it and record 90 instances twice) does not let a second writer in.
TEST_F(FolderLockTest, DeletingTheLockFileDoesNotLetASecondWriterIn) {
  const std::string out = dir + "/out";
  fs::create_directories(out);
  const auto lock = lock_folder(out);  // this test process is the running topoverify
  fs::remove(out + "/" + lock_file_name);
  const auto resumed = tv::test::run_topoverify("run --resume --output '" + out + "' --backend cpu --no-report", dir);
  EXPECT_EQ(resumed.exit_code, 2) << resumed.err;
  EXPECT_NE(resumed.err.find("folder '" + out + "' is in use by topoverify"), std::string::npos) << resumed.err;
  EXPECT_FALSE(fs::exists(out + "/results.jsonl"));
  EXPECT_TRUE(folder_in_use(out + "/.").has_value() == false) << "ours, in this process";
  const auto dry = tv::test::run_topoverify("run --dry-run --resume --output '" + out + "'", dir);
  EXPECT_EQ(dry.exit_code, 2) << dry.err;
  EXPECT_NE(dry.err.find("is in use by topoverify"), std::string::npos) << dry.err;
}

TEST_F(FolderLockTest, AKilledHolderLeavesNoStaleLock) {
  std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"1..30\"\n";
  const pid_t holder = tv::test::spawn_topoverify(
      {"run", "batch.toml", "--output", "out", "--backend", "cpu", "--no-report"}, dir, dir + "/a.out", dir + "/a.err");
  const std::string lock_file = dir + "/out/" + lock_file_name;
  for (int i = 0; i < 500 && tv::test::slurp(lock_file).find("pid " + std::to_string(holder)) == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ::kill(holder, SIGKILL);
  tv::test::wait_exit_code(holder);
  EXPECT_TRUE(fs::exists(lock_file));  // the file stays; the lock went with the process
  EXPECT_FALSE(folder_in_use(dir + "/out").has_value());
  const auto resumed = tv::test::run_topoverify("run batch.toml --resume --output out --backend cpu --no-report", dir);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(latest_records(read_records(dir + "/out/results.jsonl")).size(), 30u);
}

}  // namespace
