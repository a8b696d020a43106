// Bounded expansion: a batch's instances are counted from its sweeps before any is
// materialized, and a batch over the cap is refused with the count; an instance listed
// twice runs once, with a warning.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/batch/config.hpp"
#include "host/errors.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using namespace tv::host;

// 1000 x 1000 values, almost all out of the family's range: expanding them would fail
// on the first bad value, so only a count can give the message below.
const char* kMillion = "[[job]]\nfamily = \"postal\"\nlambda = \"1..1000\"\nn = \"1..1000\"\n";

TEST(ConfigExpansion, AMillionInstancesAreRefusedByCountBeforeExpanding) {
  try {
    parse_batch(kMillion, "big.toml");
    FAIL() << "no refusal";
  } catch (const input_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "big.toml: the batch expands to 1000000 instances, more than the limit of 100000 (counted "
              "before expanding anything); split the batch or raise the limit with --max-instances N");
  }
  // Counts of several jobs add up; lists count their entries.
  try {
    parse_batch("[[job]]\nfamily = \"hypercube\"\nn = [1, 2, 3]\n[[job]]\nfamily = \"postal\"\nlambda = \"1..2\"\nn = \"1..3\"\n",
                "small.toml", 8);
    FAIL() << "no refusal";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("expands to 9 instances, more than the limit of 8"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(parse_batch("[[job]]\nfamily = \"hypercube\"\nn = [1, 2, 3]\n", "ok.toml", 3).instances.size(), 3u);
}

TEST(ConfigExpansion, TheCommandLineRefusesWithExitTwoAndTakesMaxInstances) {
  const std::string dir = (fs::temp_directory_path() / ("tv_expand_" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);
  std::ofstream(dir + "/big.toml") << kMillion;
  const auto r = tv::test::run_topoverify("run --dry-run big.toml", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("big.toml: the batch expands to 1000000 instances"), std::string::npos) << r.err;
  std::ofstream(dir + "/six.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..6\"\n";
  EXPECT_EQ(tv::test::run_topoverify("run --dry-run six.toml --max-instances 5", dir).exit_code, 2);
  EXPECT_EQ(tv::test::run_topoverify("run --dry-run six.toml --max-instances 6", dir).exit_code, 0);
  EXPECT_EQ(tv::test::run_topoverify("run --dry-run six.toml --max-instances 0", dir).exit_code, 2);
  fs::remove_all(dir);
}

TEST(ConfigExpansion, RepeatedInstancesRunOnceWithAWarning) {
  // The same job twice, and a value listed twice within a job.
  const batch_config cfg = parse_batch(
      "[[job]]\nfamily = \"hypercube\"\nn = [1, 2, 2]\n[[job]]\nfamily = \"hypercube\"\nn = [1, 2, 3]\n", "rep.toml");
  ASSERT_EQ(cfg.instances.size(), 3u);
  ASSERT_EQ(cfg.warnings.size(), 1u);
  EXPECT_EQ(cfg.warnings[0],
            "rep.toml: job 'hypercube' repeats 3 instance(s) listed before (first: hypercube n=2); each runs once");
  // Different jobs (names), checks or options are different instances.
  const batch_config distinct = parse_batch(
      "[[job]]\nfamily = \"hypercube\"\nn = 2\n[[job]]\nname = \"again\"\nfamily = \"hypercube\"\nn = 2\n"
      "[[job]]\nfamily = \"hypercube\"\nn = 2\nchecks = [\"distances\"]\n",
      "distinct.toml");
  EXPECT_EQ(distinct.instances.size(), 3u);
  EXPECT_TRUE(distinct.warnings.empty());
}

}  // namespace
