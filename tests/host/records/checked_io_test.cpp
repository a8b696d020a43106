// No silent output loss: a write to a full device, a file over its size limit or a
// closed pipe ends the command with one line naming the file and the error, exit 1;
// the records written before stay whole.
#include "host/records/checked_io.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tv::host;

using CheckedIoTest = tv::test::scratch_folder_test;

TEST_F(CheckedIoTest, StdoutToAFullDeviceIsExitOneWithTheError) {
  for (const std::string cmd : {"info hypercube n=4 --json", "info hypercube n=4", "list", "claims",
                                "claims --json"}) {
    const auto r = tv::test::run_shell("TOPOVERIFY " + cmd + " > /dev/full");
    EXPECT_EQ(r.exit_code, 1) << cmd << ": " << r.err;
    EXPECT_NE(r.err.find("writing standard output failed: No space left on device\n"), std::string::npos)
        << cmd << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << cmd << ": " << r.err;
  }
  // export stops at its own failed write, in one line.
  const auto exported = tv::test::run_shell("TOPOVERIFY export hypercube n=3 > /dev/full");
  EXPECT_EQ(exported.exit_code, 1);
  EXPECT_EQ(exported.err, "topoverify: failed: export: writing the graph failed: No space left on device\n");
  // The same commands into a working stdout exit 0: the check does not cry wolf.
  EXPECT_EQ(tv::test::run_shell("TOPOVERIFY info hypercube n=4 --json > /dev/null").exit_code, 0);
}

TEST_F(CheckedIoTest, ClaimsSummaryToAFullDevice) {
  // A small run's records, summarized into /dev/full.
  std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..5\"\nclaims = [\"*\"]\n";
  ASSERT_EQ(tv::test::run_topoverify("run batch.toml --output out --backend cpu --no-report", dir).exit_code, 0);
  const auto r = tv::test::run_shell("TOPOVERIFY claims --summarize " + dir + "/out/results.jsonl > /dev/full");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("writing standard output failed: No space left on device"), std::string::npos) << r.err;
}

TEST_F(CheckedIoTest, AppendToAFullDeviceRaisesNamingTheFile) {
  try {
    append_line_durably("/dev/full", "{\"a\":1}");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "writing '/dev/full' failed: No space left on device");
  }
}

/// The names in a folder, sorted: a write that failed or finished leaves no temporary.
std::vector<std::string> names_in(const std::string& folder) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(folder)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

TEST_F(CheckedIoTest, WholeFileWriteFailureNamesTheFileAndLeavesNoTemporary) {
  try {
    write_file_whole(dir + "/no/such/folder/x.csv", "a,b\n");
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "writing '" + dir + "/no/such/folder/x.csv' failed: No such file or directory");
  }
  write_file_whole(dir + "/x.csv", "a,b\n");
  EXPECT_EQ(tv::test::slurp(dir + "/x.csv"), "a,b\n");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"x.csv"});
  EXPECT_EQ(fs::status(dir + "/x.csv").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
}

TEST_F(CheckedIoTest, WholeFileWriteThatThrowsKeepsTheOldFileAndNoTemporary) {
  write_file_whole(dir + "/t.csv", "old\n");
  EXPECT_THROW(write_file_whole(dir + "/t.csv",
                                [](std::FILE* f) {
                                  std::fputs("half of the new", f);
                                  throw std::runtime_error("the writer failed");
                                }),
               std::runtime_error);
  EXPECT_EQ(tv::test::slurp(dir + "/t.csv"), "old\n");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"t.csv"});
}

TEST_F(CheckedIoTest, WholeFileWriteThatMayNotReplaceRefusesAnExistingFile) {
  const auto write_new = [](std::FILE* f) { std::fputs("new\n", f); };
  write_file_whole(dir + "/g.txt", write_new, existing_file::refuse);  // none there yet
  EXPECT_EQ(tv::test::slurp(dir + "/g.txt"), "new\n");
  write_file_whole(dir + "/g.txt", "old\n");
  EXPECT_THROW(write_file_whole(dir + "/g.txt", write_new, existing_file::refuse), file_exists_error);
  EXPECT_EQ(tv::test::slurp(dir + "/g.txt"), "old\n");
  EXPECT_EQ(names_in(dir), std::vector<std::string>{"g.txt"});
  write_file_whole(dir + "/g.txt", write_new, existing_file::replace);
  EXPECT_EQ(tv::test::slurp(dir + "/g.txt"), "new\n");
}

TEST_F(CheckedIoTest, RecordsOverTheFileSizeLimitStopTheRunLoudlyAndKeepEarlierRecords) {
  // ulimit -f 8: results.jsonl may grow to 8 KiB, a few records; the next append fails
  // with EFBIG (SIGXFSZ, which would kill the process silently, is ignored).
  std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..12\"\n";
  const auto r = tv::test::run_shell("cd " + dir + " && ulimit -f 8 && TOPOVERIFY run batch.toml --output out --backend cpu --no-report");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("writing 'out/results.jsonl' failed: File too large"), std::string::npos) << r.err;
  int skipped = 0;
  const auto partial = read_records(dir + "/out/results.jsonl", &skipped);
  EXPECT_GT(partial.size(), 0u);
  EXPECT_LT(partial.size(), 12u);
  EXPECT_EQ(skipped, 0);  // the failed append was cut back: no torn line
  const std::string text = tv::test::slurp(dir + "/out/results.jsonl");
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  // Without the limit, --resume completes it with one record per instance.
  const auto resumed = tv::test::run_topoverify("run batch.toml --resume --output out --backend cpu --no-report", dir);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(read_records(dir + "/out/results.jsonl").size(), 12u);
}

TEST_F(CheckedIoTest, AClosedStderrPipeLeavesTheRecordsAndExitsOne) {
  // `run ... 2>&1 | head -3` once head is gone: every write to the pipe fails with
  // EPIPE; the run goes on, records everything, and says so with exit 1 (not 141).
  // The reader (`true`) has surely ended when the run starts half a second later.
  std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..10\"\n";
  const auto r = tv::test::run_shell("cd " + dir + " && { sleep 0.5; TOPOVERIFY run batch.toml --output out --backend cpu --no-report 2>&1; "
                                     "echo $? > code; } | true");
  EXPECT_EQ(tv::test::slurp(dir + "/code"), "1\n");
  EXPECT_EQ(read_records(dir + "/out/results.jsonl").size(), 10u);
}

}  // namespace
