// Records read defensively: a JSON line of the wrong shape is skipped with a warning
// naming its line, --resume runs its instance again, and the report counts it, where
// it used to stop both with "[json.exception.type_error.302]".
#include "host/records/record_shape.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace tv::host;

json good() {
  return {{"family", "hypercube"}, {"params", {{"n", 1}}}, {"status", "ok"}, {"job", "j"}};
}

TEST(RecordShape, TheKeysThatIdentifyAnInstanceAreRequiredWithTheirTypes) {
  EXPECT_EQ(record_shape_problem(good()), "");
  EXPECT_EQ(record_shape_problem(json{{"status", nullptr}}), "it has no 'family'");
  json r = good();
  r["status"] = nullptr;
  EXPECT_EQ(record_shape_problem(r), "'status' is null, not a string");
  r = good();
  r["job"] = 1;
  EXPECT_EQ(record_shape_problem(r), "'job' is a number, not a string");
  r = good();
  r["status"] = "done";
  EXPECT_EQ(record_shape_problem(r), "'status' = \"done\" is not one of: ok, not checked, interrupted, error");
  r = good();
  r["params"] = json::array();
  EXPECT_EQ(record_shape_problem(r), "'params' is a list, not an object");
  r = good();
  r["claims"] = json::array({{{"id", 3}}});
  EXPECT_EQ(record_shape_problem(r), "a claim's 'id' is a number, not a string");
  r = good();
  r["claims"] = json::array({{{"id", "mine"}, {"verdict", "holds"}, {"holds", true}}});
  EXPECT_EQ(record_shape_problem(r), "a claim's 'holds' is a boolean, not a string");
  r["claims"] = json::array({{{"id", "mine"}, {"verdict", "holds"}, {"holds", "n > 1"}, {"statement", "words"}}});
  EXPECT_EQ(record_shape_problem(r), "");
  r = good();
  r["requested_checks"] = json::array({"counts", 2});
  EXPECT_EQ(record_shape_problem(r), "'requested_checks' is a list, not a list of strings");
  EXPECT_EQ(record_shape_problem(json::array()), "the line is a list, not a record (an object)");
}

struct OddRecordsTest : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    std::ofstream(dir + "/batch.toml") << "[[job]]\nfamily = \"hypercube\"\nn = \"1..4\"\n";
  }
};

TEST_F(OddRecordsTest, ResumeAndReportSkipOddLinesNamingThemAndRerunTheirInstances) {
  ASSERT_EQ(tv::test::run_topoverify("run batch.toml --output out --backend cpu --no-report", dir).exit_code, 0);
  const std::string path = dir + "/out/results.jsonl";
  // Spoil the record of n=2 (line 2) in place and add two odd lines after the rest.
  std::vector<std::string> lines;
  {
    std::ifstream in(path);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
  }
  ASSERT_EQ(lines.size(), 4u);
  json spoilt = json::parse(lines[1]);
  ASSERT_EQ(spoilt["params"]["n"], 2);
  spoilt["job"] = 1;
  lines[1] = spoilt.dump();
  lines.push_back(R"({"status":null})");
  lines.push_back(R"({"job":1})");
  {
    std::ofstream out(path, std::ios::trunc);
    for (const auto& l : lines) out << l << "\n";
  }
  records_file f = read_records_file(path);
  EXPECT_EQ(f.records.size(), 3u);
  ASSERT_EQ(f.skipped.size(), 3u);
  EXPECT_EQ(describe_skipped(path, f.skipped[0]), path + ":2: skipped (not a record: 'job' is a number, not a string)");
  EXPECT_EQ(f.skipped[1].line, 5u);
  EXPECT_EQ(f.skipped[2].line, 6u);

  const auto report = tv::test::run_topoverify("report out", dir);
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_EQ(report.err.find("json.exception"), std::string::npos) << report.err;
  // The report says how many lines it could not use.
  EXPECT_NE(tv::test::slurp(dir + "/out/report.md").find(" 3 unreadable line(s) skipped"), std::string::npos);

  const auto resumed = tv::test::run_topoverify("run batch.toml --resume --output out --backend cpu --no-report", dir);
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(resumed.err.find("json.exception"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("results.jsonl:2: skipped (not a record: 'job' is a number, not a string)"),
            std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find("results.jsonl:5: skipped (not a record: it has no 'family')"), std::string::npos)
      << resumed.err;
  // n=2 ran again; the odd lines stay where they were (earlier lines are never touched).
  f = read_records_file(path);
  ASSERT_EQ(f.records.size(), 4u);
  EXPECT_EQ(f.records.back()["params"]["n"], 2);
  EXPECT_EQ(f.skipped.size(), 3u);
  EXPECT_EQ(latest_records(f.records).size(), 4u);
}

TEST_F(OddRecordsTest, AResultsFileThatIsNotARegularFileIsRefusedNotReadForever) {
  fs::create_directories(dir + "/out");
  fs::create_symlink("/dev/zero", dir + "/out/results.jsonl");
  const auto r = tv::test::run_topoverify("run batch.toml --resume --output out --backend cpu --no-report", dir);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("'out/results.jsonl' is not a regular file"), std::string::npos) << r.err;
}

}  // namespace
