// The plotting process dies with topoverify: a report killed outright (SIGKILL) leaves no
// plotting process running, and its scratch folder lies inside the output folder, where
// the next report removes it, never in $TMPDIR.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;

/// Running and not a zombie (a killed child waits for its new parent to reap it).
bool alive(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string pid_text, comm, state;
  if (!(stat >> pid_text >> comm >> state)) return false;
  return state != "Z" && state != "X";
}

size_t scratch_folders(const std::string& dir) {
  size_t n = 0;
  for (const auto& e : fs::directory_iterator(dir))
    n += e.path().filename().string().rfind(".plots-tmp-", 0) == 0;
  return n;
}

TEST(PlotsChild, DiesWithItsParentAndLeavesItsScratchInTheOutputFolder) {
  const std::string dir = (fs::temp_directory_path() / ("tv_plots_child_" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..3\"\n";
  ASSERT_EQ(tv::test::run_topoverify("run b.toml --output out --backend cpu --no-report", dir).exit_code, 0);
  // A "python" that records its pid and sleeps: the report waits for it.
  const std::string fake = dir + "/fake-python";
  std::ofstream(fake) << "#!/bin/sh\necho $$ > '" << dir << "/child.pid'\nexec sleep 60\n";
  ::chmod(fake.c_str(), 0755);
  ::setenv("TOPOVERIFY_PYTHON", fake.c_str(), 1);
  const pid_t report = tv::test::spawn_topoverify({"report", "out"}, dir, dir + "/r.out", dir + "/r.err");
  ::unsetenv("TOPOVERIFY_PYTHON");
  pid_t child = 0;
  for (int i = 0; i < 1000 && !child; ++i) {
    std::ifstream in(dir + "/child.pid");
    if (!(in >> child)) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_GT(child, 0) << tv::test::slurp(dir + "/r.err");
  EXPECT_TRUE(alive(child));
  EXPECT_EQ(scratch_folders(dir + "/out"), 1u);
  ::kill(report, SIGKILL);
  tv::test::wait_exit_code(report);
  for (int i = 0; i < 500 && alive(child); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_FALSE(alive(child)) << "the plotting process outlived topoverify";
  if (alive(child)) ::kill(child, SIGKILL);
  // The next report (without plots) clears the scratch folder left behind.
  EXPECT_EQ(scratch_folders(dir + "/out"), 1u);
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  const auto again = tv::test::run_topoverify("report out", dir);
  ::unsetenv("TOPOVERIFY_PYTHON");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(scratch_folders(dir + "/out"), 0u);
  fs::remove_all(dir);
}

}  // namespace
