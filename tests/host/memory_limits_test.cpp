// Memory planned against the process's real limit: under `ulimit -v` an instance whose
// graph cannot fit is refused before it allocates, with the figure it needs and the
// limit it met, instead of ending in std::bad_alloc after minutes of work.
#include "kernels/core/memory_limits.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/records.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;

TEST(MemoryLimits, AnAddressSpaceLimitCapsWhatTheProcessMayAllocate) {
  // In a child, so the test process keeps its own limits.
  const pid_t pid = ::fork();
  if (pid == 0) {
    rlimit rl{};
    ::getrlimit(RLIMIT_AS, &rl);
    rl.rlim_cur = 4ull << 30;
    if (::setrlimit(RLIMIT_AS, &rl) != 0) ::_exit(3);
    const tv::core::memory_cap cap = tv::core::process_memory_cap();
    // Less than the limit (the process maps something already), named as ulimit -v.
    ::_exit(cap.source == "ulimit -v" && cap.bytes < (4ull << 30) && cap.bytes > (1ull << 30) ? 0 : 1);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(MemoryLimits, AnInstanceOverUlimitIsRefusedWithTheFigureAndTheLimit) {
  const std::string dir = (fs::temp_directory_path() / ("tv_mem_" + std::to_string(::getpid()))).string();
  fs::remove_all(dir);
  fs::create_directories(dir);
  // PN_2(39): 165 million nodes, 2.5 GiB of offsets and labels before any arc; counts
  // (which would enumerate them all) are skipped.
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 39\nchecks = [\"diameter\"]\n"
                                    "options = { counts = { max_nodes = 1 } }\n";
  const auto r = tv::test::run_shell("cd " + dir + " && ulimit -v 2000000 && TOPOVERIFY run b.toml --output out --backend cpu --no-report");
  EXPECT_EQ(r.exit_code, 0) << r.err;  // a refusal is not an error
  const auto records = tv::host::read_records(dir + "/out/results.jsonl");
  ASSERT_EQ(records.size(), 1u) << r.err;
  EXPECT_EQ(records[0]["status"], "not checked");
  const std::string reason = records[0].value("reason", "");
  EXPECT_NE(reason.find("needs 2.5 GiB of cpu memory"), std::string::npos) << reason;
  EXPECT_NE(reason.find("(ulimit -v)"), std::string::npos) << reason;
  // `info` refuses the same instance with its own exit code (4), not bad input's 2.
  const auto info = tv::test::run_shell("ulimit -v 2000000 && TOPOVERIFY info postal lambda=2 n=39 --check diameter "
                                        "--set counts.max_nodes=1");
  EXPECT_EQ(info.exit_code, 4) << info.err;
  EXPECT_NE(info.err.find("topoverify: refused: building the graph: N = 165580141 needs 2.5 GiB"), std::string::npos)
      << info.err;
  EXPECT_NE(info.err.find("(ulimit -v)"), std::string::npos) << info.err;
  fs::remove_all(dir);
}

}  // namespace
