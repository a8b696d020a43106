// A dry run refuses a backend this machine lacks as the run itself would.  Its own file
// because CI's second pass (the nvcc-free build, .ci/run) links it into tv_backend_tests
// beside the kernel tests, without compiling every host test a second time.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/host/run_command.hpp"

namespace fs = std::filesystem;

namespace {

TEST(DryRun, ExitsAsTheRunWouldWhenTheBackendIsMissing) {
  if (tv::test::run_topoverify("info hypercube n=1 --backend cuda").exit_code == 0)
    GTEST_SKIP() << "a CUDA device answered: the run would not refuse";
  const std::string dir = (fs::temp_directory_path() / ("tv_dry_" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  std::ofstream(dir + "/b.toml") << "backend = \"cuda\"\n[[job]]\nfamily = \"hypercube\"\nn = 3\n";
  const auto dry = tv::test::run_topoverify("run --dry-run b.toml --output out", dir);
  const auto real = tv::test::run_topoverify("run b.toml --output out", dir);
  EXPECT_EQ(real.exit_code, 2) << real.err;
  EXPECT_EQ(dry.exit_code, real.exit_code) << dry.err;
  EXPECT_NE(dry.err.find("backend 'cuda' is not usable here"), std::string::npos) << dry.err;
  EXPECT_NE(dry.err.find("dry run: b.toml: 1 instance(s)"), std::string::npos) << "the plan is still printed";
  EXPECT_FALSE(fs::exists(dir + "/out/results.jsonl"));
  fs::remove_all(dir);
}

}  // namespace
