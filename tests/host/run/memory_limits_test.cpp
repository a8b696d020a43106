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

#include "host/batch/config.hpp"
#include "host/checks/registry.hpp"
#include "host/records/records.hpp"
#include "host/run/memory_plan.hpp"
#include "host/units.hpp"
#include "kernels/graph/csr.hpp"
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
  // Refused by the plan, before the graph was built (no graph time in the record), with
  // the figure the plan computes from N and PN_2(39)'s arc count.
  const tv::host::instance pn39 = tv::host::make_instance("postal", {{"lambda", "2"}, {"n", "39"}});
  const std::string figure = tv::host::format_bytes(static_cast<double>(tv::host::estimate_memory(
      tv::host::planned_shape(pn39), {"diameter"}, {}, tv::core::backend::cpu, tv::host::check_specs())));
  const std::string reason = records[0].value("reason", "");
  EXPECT_EQ(reason.rfind("too large for this machine: needs about " + figure + "; this process may use ", 0), 0u)
      << reason;
  EXPECT_NE(reason.find("(ulimit -v)"), std::string::npos) << reason;
  EXPECT_FALSE(records[0].contains("timings") && records[0]["timings"].contains("graph_s")) << records[0].dump();
  // `info` refuses the same instance with its own exit code (4), not bad input's 2.
  const auto info = tv::test::run_shell("ulimit -v 2000000 && TOPOVERIFY info postal lambda=2 n=39 --check diameter "
                                        "--set counts.max_nodes=1");
  EXPECT_EQ(info.exit_code, 4) << info.err;
  EXPECT_NE(info.err.find("topoverify: refused: postal lambda=2 n=39: too large for this machine: needs about " + figure),
            std::string::npos)
      << info.err;
  EXPECT_NE(info.err.find("(ulimit -v)"), std::string::npos) << info.err;
  fs::remove_all(dir);
}

TEST(MemoryPlan, LimitsMemoryAndTheFloorOfFamiliesWithoutAnArcFormula) {
  using namespace tv::host;
  const auto cpu = tv::core::backend::cpu;
  instance_limits limits;
  limits.memory_bytes = 1 << 20;
  limits.memory_text = "1MiB";
  // Q(16): 65,536 nodes and 1,048,576 arcs exactly, so the graph alone is 5.0 MiB.
  const instance q16 = make_instance("hypercube", {{"n", "16"}});
  EXPECT_EQ(memory_refusal(q16, {"diameter"}, nlohmann::json::object(), cpu, limits, check_specs()).rfind("memory limit: needs about ", 0), 0u);
  EXPECT_EQ(memory_refusal(q16, {}, nlohmann::json::object(), cpu, instance_limits{}, check_specs()), "");
  // EFC has no arc formula: its bound (N · max degree) is counted down to the real arcs
  // when it alone is over the limit, and the count equals the built graph's.
  const instance efc = make_instance("efc", {{"n", "24"}});
  const graph_shape bound = planned_shape(efc);
  EXPECT_FALSE(bound.arcs_exact);
  const graph_shape counted = counted_shape(efc, cpu);
  EXPECT_TRUE(counted.arcs_exact);
  EXPECT_EQ(counted.arcs, tv::graph::build_csr(cpu, efc.net).arcs());
  EXPECT_LT(counted.arcs, bound.arcs);
  EXPECT_GT(graph_bytes(counted), 1u << 20);  // more than counts' own 1 MiB
  limits.memory_bytes = graph_bytes(counted) + 1;  // fits the counted graph, not the bound
  limits.memory_text = "just enough";
  EXPECT_GT(graph_bytes(bound), *limits.memory_bytes);
  EXPECT_EQ(memory_refusal(efc, {"routing"}, nlohmann::json::object(), cpu, limits, check_specs()), "");
  // Where the nodes alone are over the limit the refusal needs no count: "at least".
  limits.memory_bytes = 1024;
  limits.memory_text = "1KiB";
  EXPECT_EQ(memory_refusal(efc, {"routing"}, nlohmann::json::object(), cpu, limits, check_specs()).rfind("memory limit: needs at least ", 0), 0u);
}

}  // namespace
