// results.jsonl: torn last lines are detected, ignored and repaired without touching a
// complete record; the latest record of an instance wins in the report.
#include "host/records/records.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using namespace tv::host;

struct RecordsTest : tv::test::scratch_folder_test {
  std::string path;
  void SetUp() override {
    scratch_folder_test::SetUp();
    path = dir + "/results.jsonl";
  }
  void write_raw(const std::string& s) { std::ofstream(path, std::ios::binary) << s; }
};

TEST_F(RecordsTest, AppendWritesWholeLines) {
  append_line_durably(path, R"({"family":"hypercube","params":{},"status":"ok","job":"j","a":1})");
  append_line_durably(path, R"({"family":"hypercube","params":{},"status":"ok","job":"j","a":2})");
  EXPECT_EQ(tv::test::slurp(path), "{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}\n");
  const auto r = read_records(path);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[1]["a"], 2);
}

TEST_F(RecordsTest, TornLastLineIsDetectedAndIgnored) {
  const std::string full = R"({"family":"hypercube","params":{"n":1},"status":"ok","job":"j"})";
  write_raw(full + "\n" + full + "\n" + R"({"family":"hyperc)");
  int torn = 0;
  const auto r = read_records(path, &torn);
  EXPECT_EQ(r.size(), 2u);
  EXPECT_EQ(torn, 1);
}

TEST_F(RecordsTest, WholeLastRecordWithoutNewlineIsKept) {
  write_raw("{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}");
  int torn = 0;
  EXPECT_EQ(read_records(path, &torn).size(), 2u);
  EXPECT_EQ(torn, 0);
  const tail_repair fix = repair_torn_tail(path);
  EXPECT_TRUE(fix.repaired);
  EXPECT_TRUE(fix.saved_to.empty());
  EXPECT_EQ(tv::test::slurp(path), "{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}\n");
}

TEST_F(RecordsTest, RepairMovesTheTornBytesAsideAndKeepsCompleteRecords) {
  write_raw("{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}\n{\"a\":3,\"b\":[1,2");
  const tail_repair fix = repair_torn_tail(path);
  EXPECT_TRUE(fix.repaired);
  EXPECT_EQ(fix.torn_bytes, 15u);
  EXPECT_EQ(fix.saved_to, path + ".torn");
  EXPECT_EQ(tv::test::slurp(path), "{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}\n");
  EXPECT_EQ(tv::test::slurp(path + ".torn"), "{\"a\":3,\"b\":[1,2\n");
  // Later appends start on a fresh line.
  append_line_durably(path, "{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":4}");
  int torn = 0;
  const auto r = read_records(path, &torn);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[2]["a"], 4);
  EXPECT_EQ(torn, 0);
}

TEST_F(RecordsTest, RepairOfAFileOfOneTornLineEmptiesIt) {
  write_raw("{\"a\":");
  repair_torn_tail(path);
  EXPECT_EQ(tv::test::slurp(path), "");
  EXPECT_FALSE(repair_torn_tail(path).repaired);
}

TEST_F(RecordsTest, CleanFileIsLeftAlone) {
  write_raw("{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\n");
  EXPECT_FALSE(repair_torn_tail(path).repaired);
  EXPECT_FALSE(fs::exists(path + ".torn"));
}

TEST_F(RecordsTest, GarbageInTheMiddleIsCountedAndSkipped) {
  write_raw("{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":1}\nnot json\n[1,2]\n{\"family\":\"hypercube\",\"params\":{},\"status\":\"ok\",\"job\":\"j\",\"a\":2}\n");
  int torn = 0;
  EXPECT_EQ(read_records(path, &torn).size(), 2u);
  EXPECT_EQ(torn, 2);
}

json rec(const std::string& hash, int n, const std::string& status) {
  return {{"config_hash", hash}, {"job", "j"}, {"family", "hypercube"}, {"params", {{"n", n}}},
          {"requested_checks", json::array()}, {"status", status}};
}

TEST(Records, LatestRecordOfEachInstanceWins) {
  const auto latest = latest_records({rec("h", 1, "interrupted"), rec("h", 2, "ok"),
                                      rec("h", 1, "ok"), rec("other", 1, "error"),
                                      json{{"family", "hypercube"}}});
  ASSERT_EQ(latest.size(), 4u);
  EXPECT_EQ(latest[0]["params"]["n"], 1);
  EXPECT_EQ(latest[0]["status"], "ok");  // replaced in place
  EXPECT_EQ(latest[1]["params"]["n"], 2);
  EXPECT_EQ(latest[2]["config_hash"], "other");
  EXPECT_EQ(record_key(latest[3]), "");
}

TEST(Records, FinalRecordsAreOkOrNotChecked) {
  EXPECT_TRUE(record_is_final(rec("h", 1, "ok")));
  EXPECT_TRUE(record_is_final(rec("h", 1, "not checked")));
  EXPECT_FALSE(record_is_final(rec("h", 1, "error")));
  EXPECT_FALSE(record_is_final(rec("h", 1, "interrupted")));
}

TEST(Records, FailingClaimsAreCounted) {
  json a = rec("h", 1, "ok"), b = rec("h", 2, "ok");
  a["claims"] = {{{"id", "x"}, {"verdict", "holds"}}, {{"id", "y"}, {"verdict", "fails"}}};
  b["claims"] = {{{"id", "y"}, {"verdict", "fails"}}, {{"id", "z"}, {"verdict", "not checked"}}};
  EXPECT_EQ(failing_claims({a, b}), 2u);
  EXPECT_EQ(failing_claims({rec("h", 3, "ok")}), 0u);
}

}  // namespace
