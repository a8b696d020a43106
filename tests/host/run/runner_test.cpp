// The runner in-process, with a catalog of test checks beside `counts`: limits refuse or
// stop instances with a recorded reason, a signal stops the run after the current step,
// errors and failing claims give their exit codes, and earlier results are never lost.
#include "host/run/runner.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "host/errors.hpp"
#include "host/run/memory_plan.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace tv::host;

// A check that works in 20 ms steps for `steps` steps (option), polling the run
// control between steps as real kernels do.
void slow_check(check_context& ctx, nlohmann::ordered_json& r) {
  const uint64_t steps = ctx.options.value("steps", 10);
  for (uint64_t i = 0; i < steps; ++i) {
    if (ctx.control.stop_requested()) throw tv::core::interrupted("stopped");
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ctx.control.report(i + 1, steps);
  }
  r["slow_steps"] = steps;
}

// Raises SIGINT at its second step: a user pressing Ctrl-C mid-instance.
void interrupting_check(check_context& ctx, nlohmann::ordered_json& r) {
  for (int i = 0; i < 5; ++i) {
    if (ctx.control.stop_requested()) throw tv::core::interrupted("stopped");
    if (i == 1) std::raise(SIGINT);
    ctx.control.report(i + 1, 5);
  }
  r["never"] = true;
}

void failing_check(check_context&, nlohmann::ordered_json&) { throw std::runtime_error("boom"); }

// Stands in for the claims check: a verdict per id in ctx.options["ids"], failing for
// hypercubes of dimension 3.
void fake_claims(check_context& ctx, nlohmann::ordered_json& r) {
  json list = json::array();
  for (const auto& id : ctx.options.at("ids")) {
    const bool fails = ctx.inst.params["n"] == 3;
    list.push_back({{"id", id}, {"verdict", fails ? "fails" : "holds"}, {"claimed", 1}, {"measured", fails ? 2 : 1}});
  }
  r["claims"] = list;
}

std::vector<check_spec> test_catalog() {
  std::vector<check_spec> c;  // the real catalog, its claims check replaced by a fake one
  for (const auto& spec : check_specs())
    if (spec.name != "claims") c.push_back(spec);
  c.push_back({"slow", "test: sleeps in steps", slow_check, [](const graph_shape&, const nlohmann::json&, tv::core::backend) { return uint64_t{1000}; }});
  c.push_back({"interrupting", "test: raises SIGINT", interrupting_check, nullptr});
  c.push_back({"failing", "test: throws", failing_check, nullptr});
  c.push_back({"claims", "test: fake verdicts", fake_claims, [](const graph_shape&, const nlohmann::json&, tv::core::backend) { return uint64_t{0}; }});
  return c;
}

struct RunnerTest : ::testing::Test {
  std::string dir;
  std::vector<check_spec> catalog = test_catalog();
  std::ostringstream log;
  void SetUp() override {
    dir = (fs::temp_directory_path() / ("tv_runner_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name()))
              .string();
    fs::remove_all(dir);
  }
  void TearDown() override { fs::remove_all(dir); }

  /// A batch of hypercubes n = lo..hi with the given checks and extra job keys.
  batch_config batch(int lo, int hi, std::vector<std::string> checks, const std::string& extra = "") {
    batch_config cfg = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = \"" + std::to_string(lo) + ".." +
                                       std::to_string(hi) + "\"\n" + extra,
                                   "test.toml");
    for (auto& ji : cfg.instances) ji.checks = checks;  // checks outside the real catalog
    return cfg;
  }
  run_options options(bool resume = false) {
    run_options o;
    o.output = dir;
    o.backend = "cpu";
    o.resume = resume;
    o.report = false;
    o.progress = progress_style::plain;
    o.log = &log;
    o.catalog = &catalog;
    return o;
  }
  std::vector<json> records() { return read_records(dir + "/results.jsonl"); }
};

TEST_F(RunnerTest, EveryInstanceGetsOneRecordWithTheDocumentedKeys) {
  EXPECT_EQ(run_batches({batch(1, 3, {})}, options()), exit_ok);
  const auto r = records();
  ASSERT_EQ(r.size(), 3u);
  for (const auto& rec : r) {
    for (const char* k : {"family", "params", "nodes", "edges", "degree_min", "degree_max", "checks",
                          "backend", "device", "timings", "tool", "status", "job", "requested_checks",
                          "config", "config_hash", "wall_s", "machine"})
      EXPECT_TRUE(rec.contains(k)) << k;
    EXPECT_EQ(rec["status"], "ok");
    EXPECT_TRUE(rec["tool"].contains("commit"));
    EXPECT_TRUE(rec["timings"].contains("counts_s"));
    EXPECT_TRUE(rec["machine"].contains("cpu"));
  }
  // Q(n) has 2^n nodes and n 2^(n-1) edges.
  EXPECT_EQ(r[2]["nodes"], 8);
  EXPECT_EQ(r[2]["edges"], 12);
}

TEST_F(RunnerTest, TimeLimitStopsTheInstanceCleanly) {
  auto cfg = batch(2, 2, {"slow"}, "limits = { time = \"100ms\" }\n");
  cfg.instances[0].check_options["slow"] = {{"steps", 500}};  // 10 s without the limit
  const auto t0 = std::chrono::steady_clock::now();
  EXPECT_EQ(run_batches({cfg}, options()), exit_ok);  // a limit is not an error
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5));
  const auto r = records();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0]["status"], "not checked");
  EXPECT_EQ(r[0]["reason"], "time limit 100ms reached during slow");
  EXPECT_EQ(r[0]["checks"], json({"counts"}));  // counts finished before the limit
  EXPECT_EQ(r[0]["nodes"], 4);
  EXPECT_FALSE(r[0].contains("slow_steps"));
  EXPECT_EQ(r[0]["limits"], json({{"time", "100ms"}}));
}

TEST_F(RunnerTest, MaxNodesAndMemoryRefuseBeforeWork) {
  auto cfg = batch(2, 5, {"slow"}, "limits = { max_nodes = 16, memory = \"2MiB\" }\n");
  for (auto& ji : cfg.instances) ji.check_options["slow"] = {{"steps", 1}};
  // n = 2..4 fit both limits (counts' 1 MiB estimate is the largest); Q(5) has 32 nodes.
  EXPECT_EQ(run_batches({cfg}, options()), exit_ok);  // refusals are not errors
  const auto r = records();
  ASSERT_EQ(r.size(), 4u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(r[i]["status"], "ok") << i;
  EXPECT_EQ(r[3]["status"], "not checked");
  EXPECT_EQ(r[3]["reason"], "max_nodes limit: N = 32 > 16");
  EXPECT_EQ(r[3]["nodes"], 32);
  EXPECT_EQ(r[3]["checks"], json::array());  // nothing ran

  // A check without an estimate is assumed to build the graph: Q(16) needs
  // 8*65536 + 8*65537 + 4*65536*16 bytes = 5.0 MiB of CSR, over 4 MiB.
  fs::remove_all(dir);
  auto cfg2 = batch(16, 16, {"interrupting"}, "limits = { memory = \"4MiB\" }\n");
  EXPECT_EQ(run_batches({cfg2}, options()), exit_ok);
  const auto r2 = records();
  ASSERT_EQ(r2.size(), 1u);
  EXPECT_EQ(r2[0]["status"], "not checked");
  EXPECT_EQ(r2[0]["reason"], "memory limit: needs about 5.0 MiB, limit 4MiB");
}

TEST_F(RunnerTest, MemoryEstimateIsTheLargestOfTheChecks) {
  const auto cpu = tv::core::backend::cpu;
  const graph_shape q4 = planned_shape(make_instance("hypercube", {{"n", "4"}}));
  EXPECT_EQ(graph_bytes(q4), 520u);  // 8*16 labels + 8*17 offsets + 4*64 arcs
  EXPECT_EQ(estimate_memory(q4, {"slow"}, {}, cpu, catalog), 1u << 20);  // counts' own estimate
  EXPECT_EQ(estimate_memory(q4, {"interrupting"}, {}, cpu, catalog), 1u << 20);
  const graph_shape q20 = planned_shape(make_instance("hypercube", {{"n", "20"}}));
  EXPECT_EQ(estimate_memory(q20, {"interrupting"}, {}, cpu, catalog), graph_bytes(q20));
}

TEST_F(RunnerTest, SignalFinishesTheStepRecordsAndExitsOne) {
  auto cfg = batch(1, 4, {"interrupting"});
  EXPECT_EQ(run_batches({cfg}, options()), exit_instance_error);
  const auto r = records();
  ASSERT_EQ(r.size(), 1u);  // the run stopped after the interrupted instance
  EXPECT_EQ(r[0]["status"], "interrupted");
  EXPECT_EQ(r[0]["reason"], "SIGINT during interrupting");
  EXPECT_EQ(r[0]["checks"], json({"counts"}));
  EXPECT_NE(log.str().find("interrupted by SIGINT"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("--resume"), std::string::npos);

  // Resuming re-runs the interrupted instance (this time the check does not interrupt).
  for (auto& spec : catalog)
    if (spec.name == "interrupting") spec.run = [](check_context&, nlohmann::ordered_json& r) { r["calm"] = true; };
  EXPECT_EQ(run_batches({cfg}, options(true)), exit_ok);
  const auto all = records();
  ASSERT_EQ(all.size(), 5u);  // the interrupted record stays; the report takes the latest
  const auto latest = latest_records(all);
  ASSERT_EQ(latest.size(), 4u);
  for (const auto& rec : latest) EXPECT_EQ(rec["status"], "ok");
}

TEST_F(RunnerTest, ErrorsAreRecordedAndGiveExitOne) {
  EXPECT_EQ(run_batches({batch(1, 2, {"failing"})}, options()), exit_instance_error);
  const auto r = records();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0]["status"], "error");
  EXPECT_EQ(r[0]["error"], "boom");
}

TEST_F(RunnerTest, FailingClaimsExitThreeOnlyWhenAsked) {
  auto cfg = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = \"2..4\"\nclaims = [\"q.*\"]\n", "c.toml");
  EXPECT_EQ(cfg.instances[0].check_options["claims"]["ids"], json({"q.*"}));
  EXPECT_EQ(run_batches({cfg}, options()), exit_ok);  // findings are not errors
  EXPECT_EQ(records()[1]["claims"][0]["verdict"], "fails");
  fs::remove_all(dir);
  auto o = options();
  o.fail_on_claim = true;
  EXPECT_EQ(run_batches({cfg}, o), exit_claim_failed);
  fs::remove_all(dir);
  auto small = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = 2\nclaims = [\"q.*\"]\n", "c.toml");
  EXPECT_EQ(run_batches({small}, o), exit_ok);
}

TEST_F(RunnerTest, ClaimsWithoutAClaimsCheckIsBadInputBeforeWork) {
  auto cfg = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = 2\nclaims = [\"q.*\"]\n", "c.toml");
  auto o = options();
  std::vector<check_spec> plain;  // the real catalog less its claims check
  for (const auto& spec : check_specs())
    if (spec.name != "claims") plain.push_back(spec);
  o.catalog = &plain;
  try {
    run_batches({cfg}, o);
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("asks for claims, but this build has no 'claims' check"),
              std::string::npos)
        << e.what();
  }
  EXPECT_FALSE(fs::exists(dir + "/results.jsonl"));
}

TEST_F(RunnerTest, UnknownClaimIdIsBadInputBeforeWork) {
  // With the real catalog: a pattern that matches no claim is refused before any record.
  auto cfg = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = 2\nclaims = [\"nosuch.*\"]\n", "c.toml");
  auto o = options();
  const std::vector<check_spec>& real = check_specs();
  o.catalog = &real;
  try {
    run_batches({cfg}, o);
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("nosuch.*"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir + "/results.jsonl"));
}

TEST_F(RunnerTest, NonEmptyFolderIsRefusedWithoutResumeAndKeptIntact) {
  ASSERT_EQ(run_batches({batch(1, 2, {})}, options()), exit_ok);
  const std::string before = tv::test::slurp(dir + "/results.jsonl");
  try {
    run_batches({batch(1, 3, {})}, options());
    FAIL() << "expected input_error";
  } catch (const input_error& e) {
    EXPECT_NE(std::string(e.what()).find("is not empty (it holds results.jsonl"), std::string::npos);
  }
  EXPECT_EQ(tv::test::slurp(dir + "/results.jsonl"), before);
  // Any file counts: a folder of someone else's is not written into either.
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir + "/notes.txt") << "mine";
  EXPECT_THROW(run_batches({batch(1, 1, {})}, options()), input_error);
  EXPECT_FALSE(fs::exists(dir + "/results.jsonl"));
}

TEST_F(RunnerTest, ResumeSkipsFinalRecordsOfTheSameContentOnly) {
  ASSERT_EQ(run_batches({batch(1, 2, {})}, options()), exit_ok);
  ASSERT_EQ(run_batches({batch(1, 3, {})}, options(true)), exit_ok);
  // A different text (its hash differs) with the same n = 1, 2: only n = 3 runs.
  auto r = records();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2]["params"]["n"], 3);
  ASSERT_EQ(run_batches({batch(1, 3, {})}, options(true)), exit_ok);
  EXPECT_EQ(records().size(), 3u);
  EXPECT_NE(log.str().find("3 instance(s) already recorded, skipped"), std::string::npos) << log.str();
  // Other content (a seed) is another instance: all three run again.
  ASSERT_EQ(run_batches({batch(1, 3, {}, "seed = 4\n")}, options(true)), exit_ok);
  EXPECT_EQ(records().size(), 6u);
}

TEST_F(RunnerTest, ResumeRepairsATornTail) {
  ASSERT_EQ(run_batches({batch(1, 3, {})}, options()), exit_ok);
  const std::string whole = tv::test::slurp(dir + "/results.jsonl");
  // Cut the last record in half, as a crash in the middle of write() would.
  const size_t last = whole.rfind('\n', whole.size() - 2) + 1;
  std::ofstream(dir + "/results.jsonl", std::ios::binary | std::ios::trunc)
      << whole.substr(0, last + (whole.size() - last) / 2);
  ASSERT_EQ(run_batches({batch(1, 3, {})}, options(true)), exit_ok);
  const std::string after = tv::test::slurp(dir + "/results.jsonl");
  EXPECT_EQ(after.substr(0, last), whole.substr(0, last));  // complete records untouched
  int torn = 0;
  const auto r = read_records(dir + "/results.jsonl", &torn);
  EXPECT_EQ(torn, 0);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2]["params"]["n"], 3);
  EXPECT_TRUE(fs::exists(dir + "/results.jsonl.torn"));
  EXPECT_NE(log.str().find("ended in a torn line"), std::string::npos);
}

// A per-node table goes to the run's output folder beside the records, the record names
// it within that folder, and nothing is written to the working directory.
TEST_F(RunnerTest, PerNodeTablesGoToTheOutputFolder) {
  auto cfg = parse_batch("[[job]]\nfamily = \"postal\"\nlambda = 2\nn = 8\nchecks = [\"distances\"]\n"
                         "options = { distances = { per_node = \"csv\" } }\n",
                         "p.toml");
  const std::string in_cwd = "./pernode_postal_lambda2_n8.csv";
  std::remove(in_cwd.c_str());
  ASSERT_EQ(run_batches({cfg}, options()), exit_ok);
  const auto r = records();
  ASSERT_EQ(r.size(), 1u);
  // Named with the instance's content id (its first 8 characters), so two instances of one
  // network never share a table.
  EXPECT_EQ(r[0]["per_node_file"],
            "pernode_postal_lambda2_n8_" + r[0]["instance_id"].get<std::string>().substr(0, 8) + ".csv");
  std::ifstream f(dir + "/" + r[0]["per_node_file"].get<std::string>());
  std::string header;
  std::getline(f, header);
  EXPECT_EQ(header, "index,label,eccentricity,distance_sum");
  EXPECT_FALSE(std::ifstream(in_cwd).good());
}

TEST_F(RunnerTest, PerJobOutputFoldersAndSeed) {
  const std::string other = dir + "-other";
  fs::remove_all(other);
  auto cfg = parse_batch("output = \"" + dir + "\"\nseed = 5\n[[job]]\nfamily = \"hypercube\"\nn = 2\n"
                         "[[job]]\nfamily = \"hypercube\"\nn = 3\noutput = \"" + other + "\"\nseed = 9\n",
                         "o.toml");
  auto o = options();
  o.output.clear();
  ASSERT_EQ(run_batches({cfg}, o), exit_ok);
  const auto a = records();
  const auto b = read_records(other + "/results.jsonl");
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0]["params"]["n"], 2);
  EXPECT_EQ(a[0]["seed"], 5);
  EXPECT_EQ(b[0]["params"]["n"], 3);
  EXPECT_EQ(b[0]["seed"], 9);
  fs::remove_all(other);
}

TEST_F(RunnerTest, ProgressReachesTheDisplay) {
  auto cfg = batch(2, 2, {"slow"});
  cfg.instances[0].check_options["slow"] = {{"steps", 15}};  // 300 ms: several redraws
  auto o = options();
  o.progress = progress_style::tty;
  ASSERT_EQ(run_batches({cfg}, o), exit_ok);
  // The step's own progress went through run_control to the redrawn line.
  EXPECT_NE(log.str().find("hypercube n=2 · slow"), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("\r\x1b[K"), std::string::npos);
}

}  // namespace

namespace {

TEST_F(RunnerTest, DryRunValidatesAndWritesNothing) {
  auto o = options();
  o.dry_run = true;
  EXPECT_EQ(run_batches({batch(1, 3, {"counts"})}, o), exit_ok);
  EXPECT_FALSE(fs::exists(dir));
  EXPECT_NE(log.str().find("dry run: test.toml: 3 instance(s) -> " + dir + "/results.jsonl"), std::string::npos)
      << log.str();
  // Bad input is still refused.
  auto bad = parse_batch("[[job]]\nfamily = \"hypercube\"\nn = 2\nclaims = [\"nosuch.*\"]\n", "c.toml");
  const std::vector<check_spec>& real = check_specs();
  o.catalog = &real;
  EXPECT_THROW(run_batches({bad}, o), input_error);
}

TEST_F(RunnerTest, EveryShippedConfigPassesADryRun) {
  // Every batch file in configs/ parses, names known families, checks and claim ids.
  auto o = options();
  o.dry_run = true;
  const std::vector<check_spec>& real = check_specs();
  o.catalog = &real;
  int files = 0;
  for (const auto& e : fs::directory_iterator(fs::path(TOPOVERIFY_SOURCE_DIR) / "configs")) {
    if (e.path().extension() != ".toml") continue;
    ++files;
    const batch_config cfg = parse_batch(tv::test::slurp(e.path().string()), e.path().filename().string());
    EXPECT_FALSE(cfg.instances.empty()) << e.path();
    EXPECT_EQ(run_batches({cfg}, o), exit_ok) << e.path();
  }
  EXPECT_GE(files, 7);
  EXPECT_FALSE(fs::exists(dir));
}

}  // namespace
