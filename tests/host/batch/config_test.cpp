// Batch files: every key with good and bad values, sweep expansion, file:line:column in
// every message, the default batch and the example batch files.
#include "host/batch/config.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "host/errors.hpp"
#include "tests/host/batch/batch_error.hpp"

namespace {

using tv::host::input_error;
using tv::host::parse_batch;

std::string error_of(const std::string& text) { return tv::test::batch_error(text); }

const char* kJob = "[[job]]\nfamily = \"hypercube\"\nn = 3\n";

TEST(Config, SweepsExpandAsCartesianProductSmallToLarge) {
  const auto cfg = parse_batch(R"(
output = "out"
[[job]]
family = "postal"
lambda = [3, 1]
n = "2..4"
)", "t.toml");
  ASSERT_EQ(cfg.instances.size(), 6u);
  std::set<std::pair<long long, long long>> seen;
  for (const auto& ji : cfg.instances)
    seen.insert({ji.inst.params["lambda"].get<long long>(), ji.inst.params["n"].get<long long>()});
  const std::set<std::pair<long long, long long>> want = {{1, 2}, {1, 3}, {1, 4}, {3, 2}, {3, 3}, {3, 4}};
  EXPECT_EQ(seen, want);
  for (size_t i = 1; i < cfg.instances.size(); ++i)
    EXPECT_LE(tv::families::size_of(cfg.instances[i - 1].inst.net),
              tv::families::size_of(cfg.instances[i].inst.net));
  // PN_1(n) is Q(n) with 2^n nodes, PN_3(2) has 3: the smallest goes first.
  EXPECT_EQ(cfg.instances.front().inst.label(), "postal lambda=3 n=2");
  EXPECT_EQ(cfg.instances.back().inst.label(), "postal lambda=1 n=4");
  EXPECT_EQ(cfg.output, "out");
}

TEST(Config, SweepsOverStringsAndBooleansAndSeveralJobs) {
  const auto cfg = parse_batch(R"(
[[job]]
family = "debruijn"
k = "2..3"
directed = [true, false]
[[job]]
family = "lrn"
n = 4
seeds = ["0,10", "0,10,110"]
)", "t.toml");
  ASSERT_EQ(cfg.instances.size(), 6u);
  int undirected = 0, lrn = 0;
  for (const auto& ji : cfg.instances) {
    if (ji.inst.family == "debruijn" && ji.inst.params["directed"] == false) ++undirected;
    if (ji.inst.family == "lrn") ++lrn;
  }
  EXPECT_EQ(undirected, 2);
  EXPECT_EQ(lrn, 2);
}

TEST(Config, EveryKeyWithGoodValues) {
  const auto cfg = parse_batch(R"(
title = "all keys"
output = "reports/all"
backend = "cpu"
seed = 11
limits = { time = "1h30m", memory = "4GiB", max_nodes = 5000 }

[[job]]
name = "first"
family = "hypercube"
n = [2, 3]
checks = ["counts"]
claims = ["pn.thm3", "efc.*", "q?.x"]

[[job]]
family = "postal"
lambda = 2
n = 5
backend = "auto"
seed = 0
output = "reports/other"
limits = { time = "30s", max_nodes = 10 }
options = { counts = { } }
)", "t.toml");
  EXPECT_EQ(cfg.title, "all keys");
  EXPECT_EQ(cfg.output, "reports/all");
  EXPECT_EQ(cfg.backend, "cpu");
  ASSERT_EQ(cfg.instances.size(), 3u);
  for (const auto& ji : cfg.instances) {
    if (ji.inst.family == "hypercube") {
      EXPECT_EQ(ji.job_name, "first");
      EXPECT_EQ(ji.output, "reports/all");
      EXPECT_EQ(ji.backend, "cpu");
      ASSERT_TRUE(ji.seed.has_value());
      EXPECT_EQ(*ji.seed, 11u);
      EXPECT_DOUBLE_EQ(*ji.limits.time_s, 5400.0);
      EXPECT_EQ(*ji.limits.memory_bytes, 4ull << 30);
      EXPECT_EQ(*ji.limits.max_nodes, 5000u);
      // `claims` implies the claims check and hands it the patterns.
      EXPECT_EQ(ji.checks, (std::vector<std::string>{"counts", "claims"}));
      EXPECT_EQ(ji.check_options["claims"]["ids"],
                nlohmann::json({"pn.thm3", "efc.*", "q?.x"}));
      EXPECT_EQ(ji.limits.to_json(),
                nlohmann::json({{"time", "1h30m"}, {"memory", "4GiB"}, {"max_nodes", 5000}}));
    } else {
      EXPECT_EQ(ji.job_name, "postal");
      EXPECT_EQ(ji.output, "reports/other");
      EXPECT_EQ(ji.backend, "auto");
      EXPECT_EQ(*ji.seed, 0u);
      // The job's limits replace the batch's key by key.
      EXPECT_DOUBLE_EQ(*ji.limits.time_s, 30.0);
      EXPECT_EQ(*ji.limits.memory_bytes, 4ull << 30);
      EXPECT_EQ(*ji.limits.max_nodes, 10u);
      EXPECT_TRUE(ji.checks.empty());
      EXPECT_TRUE(ji.check_options.contains("counts"));
    }
  }
}

TEST(Config, DefaultsWhenKeysAreAbsent) {
  const auto cfg = parse_batch(kJob, "t.toml");
  ASSERT_EQ(cfg.instances.size(), 1u);
  const auto& ji = cfg.instances[0];
  EXPECT_EQ(cfg.output, "reports/default");
  EXPECT_EQ(ji.backend, "auto");
  EXPECT_FALSE(ji.seed.has_value());
  EXPECT_FALSE(ji.limits.any());
  EXPECT_EQ(ji.job_name, "hypercube");
  EXPECT_TRUE(ji.checks.empty());
  EXPECT_EQ(ji.checkpoint_s, 600);
}

TEST(Config, CheckpointIntervalForTheBatchAJobOrOff) {
  const auto cfg = parse_batch("checkpoint = \"5m\"\n" + std::string(kJob) +
                                   "[[job]]\nfamily = \"hypercube\"\nn = 5\ncheckpoint = \"off\"\n"
                                   "[[job]]\nfamily = \"hypercube\"\nn = 6\ncheckpoint = \"90s\"\n",
                               "t.toml");
  ASSERT_EQ(cfg.instances.size(), 3u);
  EXPECT_EQ(cfg.instances[0].checkpoint_s, 300);
  EXPECT_EQ(cfg.instances[1].checkpoint_s, 0);
  EXPECT_EQ(cfg.instances[2].checkpoint_s, 90);
}

TEST(Config, LimitsAsASubTable) {
  const auto cfg = parse_batch(R"([[job]]
family = "hypercube"
n = 4
[job.limits]
memory = "1.5 GB"
)", "t.toml");
  EXPECT_EQ(*cfg.instances[0].limits.memory_bytes, 1500000000ull);
}

TEST(Config, HashFollowsTheText) {
  const auto a = parse_batch(kJob, "a.toml");
  const auto b = parse_batch(kJob, "b.toml");
  const auto c = parse_batch(std::string(kJob) + "# a comment\n", "a.toml");
  EXPECT_EQ(a.hash, b.hash);
  EXPECT_NE(a.hash, c.hash);
  EXPECT_EQ(a.hash.size(), 16u);
  // FNV-1a of the empty text is the offset basis.
  EXPECT_EQ(tv::host::text_hash(""), "cbf29ce484222325");
}

struct bad_case {
  std::string text;
  std::string where;    // "t.toml:LINE:" the message starts with
  std::string message;  // a fragment it contains
};

TEST(Config, BadInputsNameTheProblemAndWhereItIs) {
  const std::string job = kJob;  // lines 1-3
  const bad_case cases[] = {
      {"colour = 1\n" + job, "t.toml:1:1:", "unknown key 'colour'"},
      {job + "size = 3\n", "t.toml:4:1:", "unknown key 'size' in a hypercube job"},
      {"[[job]\nfamily = 1", "t.toml:1:", "malformed TOML"},
      {"backend = \"tpu\"\n" + job, "t.toml:1:", "backend = \"tpu\" is not one of: auto, cpu, cuda"},
      {"backend = 3\n" + job, "t.toml:1:", "'backend' must be a string"},
      {job + "backend = \"gpu\"\n", "t.toml:4:", "backend = \"gpu\" is not one of"},
      {"output = 7\n" + job, "t.toml:1:", "'output' must be a string"},
      {"output = \"\"\n" + job, "t.toml:1:", "'output' is empty"},
      {job + "output = \"\"\n", "t.toml:4:", "'output' is empty"},
      {"title = 5\n" + job, "t.toml:1:", "'title' must be a string"},
      {"seed = -1\n" + job, "t.toml:1:", "'seed' = -1 is negative"},
      {job + "seed = \"abc\"\n", "t.toml:4:", "'seed' must be a non-negative integer"},
      {job + "seed = 1.5\n", "t.toml:4:", "'seed' must be a non-negative integer"},
      {"limits = 5\n" + job, "t.toml:1:", "'limits' must be a table"},
      {job + "limits = { walltime = \"1h\" }\n", "t.toml:4:12:", "unknown key 'walltime' in limits"},
      {job + "limits = { time = \"10 minutes\" }\n", "t.toml:4:", "limits.time = \"10 minutes\" is not a duration"},
      {job + "limits = { time = 600 }\n", "t.toml:4:", "limits.time must be a duration string"},
      {job + "limits = { time = \"0s\" }\n", "t.toml:4:", "must be longer than zero"},
      {job + "limits = { time = \"10y\" }\n", "t.toml:4:", "is not a duration"},
      {job + "limits = { memory = \"4 gigs\" }\n", "t.toml:4:", "limits.memory = \"4 gigs\" is not a size"},
      {job + "limits = { memory = 4096 }\n", "t.toml:4:", "limits.memory must be a size string"},
      {job + "limits = { memory = \"0GiB\" }\n", "t.toml:4:", "must be more than zero"},
      {job + "limits = { max_nodes = 0 }\n", "t.toml:4:", "limits.max_nodes = 0 must be at least 1"},
      {job + "limits = { max_nodes = \"1M\" }\n", "t.toml:4:", "limits.max_nodes must be a positive integer"},
      {job + "checkpoint = \"sometimes\"\n", "t.toml:4:", "checkpoint = \"sometimes\" is not \"off\" or a duration"},
      {"checkpoint = \"0s\"\n" + job, "t.toml:1:", "checkpoint = \"0s\" is not \"off\" or a duration"},
      {job + "checkpoint = 300\n", "t.toml:4:", "'checkpoint' must be a string"},
      {job + "claims = \"pn.thm3\"\n", "t.toml:4:", "'claims' must be a list"},
      {job + "claims = []\n", "t.toml:4:", "'claims' is an empty list"},
      {job + "claims = [3]\n", "t.toml:4:", "'claims' entries must be strings"},
      {job + "claims = [\"pn thm3\"]\n", "t.toml:4:", "claim pattern 'pn thm3' may hold only"},
      {job + "claims = [\"\"]\n", "t.toml:4:", "'claims' holds an empty pattern"},
      {job + "claims = [\"pn.*\", \"pn.*\"]\n", "t.toml:4:", "claim pattern 'pn.*' is listed twice"},
      {job + "checks = \"counts\"\n", "t.toml:4:", "'checks' must be a list"},
      {job + "checks = [\"bogus\"]\n", "t.toml:4:", "unknown check 'bogus'"},
      {job + "checks = [\"counts\", \"counts\"]\n", "t.toml:4:", "check 'counts' is listed twice"},
      {job + "options = 3\n", "t.toml:4:", "'options' must be a table"},
      {job + "options = { bogus = { x = 1 } }\n", "t.toml:4:", "options: unknown check 'bogus'"},
      {job + "options = { counts = 1 }\n", "t.toml:4:", "options.counts must be a table"},
      {job + "name = 4\n", "t.toml:4:", "'name' must be a string"},
      {"[[job]]\nn = 3\n", "t.toml:1:", "job 1 has no 'family'"},
      {"[[job]]\nfamily = \"mesh\"\n", "t.toml:2:", "unknown family 'mesh'"},
      {"[[job]]\nfamily = \"postal\"\nlambda = 0\nn = 3\n", "t.toml:1:", "'lambda' = 0 is out of range 1..64"},
      {"[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"5..x\"\n", "t.toml:4:", "is not an integer range"},
      {"[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"5..3\"\n", "t.toml:4:", "range \"5..3\" is empty"},
      {"[[job]]\nfamily = \"postal\"\nlambda = []\nn = 3\n", "t.toml:3:", "parameter 'lambda' is an empty list"},
      {"[[job]]\nfamily = \"hypercube\"\nn = 2.5\n", "t.toml:3:", "takes integers, booleans or strings"},
      {"[[job]]\nfamily = \"postal\"\nn = 3\n", "t.toml:1:", "missing parameter 'lambda'"},
      {"job = 1\n", "t.toml:1:", "'job' must be an array of tables"},
  };
  EXPECT_GE(sizeof cases / sizeof cases[0], 20u);
  for (const auto& c : cases) {
    const std::string e = error_of(c.text);
    EXPECT_EQ(e.rfind(c.where, 0), 0u) << c.text << "\n-> " << e;
    EXPECT_NE(e.find(c.message), std::string::npos) << c.text << "\n-> " << e;
    EXPECT_EQ(e.find('\n'), std::string::npos) << "one line: " << e;
  }
  // Without any job there is no line to point at: the file is named.
  EXPECT_EQ(error_of("title = \"x\"\n"), "t.toml: no [[job]] or [[compare]] tables: nothing to run");
}

TEST(Config, EmbeddedDefaultParses) {
  const auto cfg = parse_batch(tv::host::embedded_default_config(), "default");
  EXPECT_GT(cfg.instances.size(), 50u);
  EXPECT_EQ(cfg.output, "reports/default");
}

TEST(Config, EveryBatchFileInConfigsParses) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TOPOVERIFY_SOURCE_DIR) + "/configs")) {
    if (entry.path().extension() != ".toml") continue;
    ++files;
    const auto cfg = tv::host::load_batch(entry.path().string());
    EXPECT_FALSE(cfg.instances.empty()) << entry.path();
    if (entry.path().filename() == "compare.toml") {
      EXPECT_EQ(cfg.comparisons.size(), 1u);
      EXPECT_EQ(cfg.instances.size(), 86u);  // as docs/compare.md says
    }
  }
  EXPECT_GE(files, 4);
}

TEST(Config, UnreadableFileIsBadInput) {
  EXPECT_THROW(tv::host::load_batch("/nonexistent/batch.toml"), input_error);
}

}  // namespace
