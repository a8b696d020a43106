// Edits that keep work: a batch run, its file edited (a comment, jobs reordered, a job
// appended, one job's range changed) and resumed with --resume re-runs only the
// instances whose content is new; the records and the report list each instance once;
// a folder of a genuinely different batch is still refused.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tv::test::run_topoverify;
using tv::test::slurp;

const char* kFirst = R"([[job]]
name = "cubes"
family = "hypercube"
n = "1..4"
checks = ["counts"]
[[job]]
family = "postal"
lambda = [2]
n = "1..5"
checks = ["counts"]
)";

// The same jobs with a comment, in the other order, postal's range moved from 1..5 to
// 3..7 (3, 4, 5 kept; 6, 7 new; 1, 2 no longer planned) and a gfc job appended.
const char* kEdited = R"(# edited after the first run
[[job]]
family = "postal"
n = "3..7"
lambda = [2]      # keys reordered too
checks = ["counts"]
[[job]]
name = "cubes"
family = "hypercube"
n = "1..4"
checks = ["counts"]
[[job]]
family = "gfc"
n = "1..3"
f = ["11"]
checks = ["counts"]
)";

/// Every test starts from kFirst, run once into out/.
struct EditResumeTest : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    write("batch.toml", kFirst);
    const auto r = run_topoverify("run batch.toml --output out --backend cpu --no-report", dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
  }
  std::vector<json> records() { return tv::host::read_records(dir + "/out/results.jsonl"); }
};

TEST_F(EditResumeTest, AnEditedBatchResumedRunsOnlyItsNewInstances) {
  const auto first = records();
  ASSERT_EQ(first.size(), 9u);  // hypercube 1..4, postal 1..5
  std::set<std::string> ids;
  for (const auto& rec : first) {
    ASSERT_TRUE(rec.contains("instance_id")) << rec.dump();
    ids.insert(rec["instance_id"].get<std::string>());
  }
  EXPECT_EQ(ids.size(), 9u);  // one id per instance
  const std::string first_bytes = slurp(dir + "/out/results.jsonl");

  // A comment alone changes the file's bytes (and its hash) but no instance.
  write("batch.toml", std::string("# only a comment\n") + kFirst);
  auto r = run_topoverify("run batch.toml --output out --backend cpu --no-report --resume", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("9 instance(s) already recorded, skipped"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir + "/out/results.jsonl"), first_bytes);  // nothing appended

  // The real edit: only postal 6, 7 and gfc 1..3 run.
  write("batch.toml", kEdited);
  r = run_topoverify("run batch.toml --output out --backend cpu --resume", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("7 instance(s) already recorded, skipped"), std::string::npos) << r.err;
  const std::string after = slurp(dir + "/out/results.jsonl");
  ASSERT_EQ(after.compare(0, first_bytes.size(), first_bytes), 0);  // earlier records untouched
  const auto all = records();
  ASSERT_EQ(all.size(), 14u);
  std::multiset<std::string> appended;
  for (size_t i = first.size(); i < all.size(); ++i) {
    EXPECT_TRUE(!ids.count(all[i]["instance_id"].get<std::string>())) << all[i].dump();
    appended.insert(all[i]["family"].get<std::string>() + " " + all[i]["params"].dump());
  }
  EXPECT_EQ(appended, (std::multiset<std::string>{
                          R"(postal {"lambda":2,"n":6})", R"(postal {"lambda":2,"n":7})",
                          R"(gfc {"f":"11","n":1})", R"(gfc {"f":"11","n":2})", R"(gfc {"f":"11","n":3})"}));

  // Each instance once in the latest records; the report counts the 12 planned ones
  // (4 hypercube, postal 3..7, 3 gfc) as all finished, the kept ones included.
  const auto latest = tv::host::latest_records(all);
  EXPECT_EQ(latest.size(), 14u);  // postal 1, 2 stay recorded, outside the new plan
  std::set<std::string> latest_ids;
  for (const auto& rec : latest) EXPECT_TRUE(latest_ids.insert(rec["instance_id"].get<std::string>()).second);
  const std::string report = slurp(dir + "/out/report.md");
  EXPECT_NE(report.find("Complete run: all 12 planned instances finished."), std::string::npos) << report;

  // Resuming again changes nothing.
  r = run_topoverify("run batch.toml --output out --backend cpu --no-report --resume", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(dir + "/out/results.jsonl"), after);
}

TEST_F(EditResumeTest, AChangedJobRerunsItsInstancesOnly) {
  // A seed is part of an instance's content: the hypercube job's four instances re-run,
  // postal's five are kept.
  std::string edited = kFirst;
  edited.replace(edited.find("checks = [\"counts\"]"), 0, "seed = 5\n");
  write("batch.toml", edited);
  auto r = run_topoverify("run batch.toml --output out --backend cpu --no-report --resume", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto all = records();
  ASSERT_EQ(all.size(), 13u);
  for (size_t i = 9; i < all.size(); ++i) {
    EXPECT_EQ(all[i]["family"], "hypercube");
    EXPECT_EQ(all[i]["seed"], 5);
  }
}

TEST_F(EditResumeTest, AnotherBatchIsStillRefused) {
  const std::string before = slurp(dir + "/out/results.jsonl");
  // Another file sharing the hypercube job word for word is still another batch.
  write("other.toml", std::string(kFirst) + "[[job]]\nfamily = \"gfc\"\nn = 2\nf = [\"11\"]\n");
  auto r = run_topoverify("run other.toml --output out --backend cpu --no-report --resume", dir);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("holds 9 record(s) of another batch, batch.toml"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir + "/out/results.jsonl"), before);
}

TEST_F(EditResumeTest, RecordsOfOlderBuildsStillCount) {
  // The records as a build before instance_id wrote them.
  std::string older;
  for (auto rec : records()) {
    rec.erase("instance_id");
    older += rec.dump() + "\n";
  }
  std::ofstream(dir + "/out/results.jsonl", std::ios::trunc) << older;
  auto r = run_topoverify("run batch.toml --output out --backend cpu --resume", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("9 instance(s) already recorded, skipped"), std::string::npos) << r.err;
  EXPECT_EQ(slurp(dir + "/out/results.jsonl"), older);
  const std::string report = slurp(dir + "/out/report.md");
  EXPECT_NE(report.find("Complete run: all 9 planned instances finished."), std::string::npos) << report;
}

}  // namespace
