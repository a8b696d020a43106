// Record text that reaches a file name or report.md (issue 33, item 1 and 5): a
// results.jsonl handed over by someone else, with families named "x/../../name", "..",
// 300 bytes or HTML, renders its report inside its folder, one file per family, with
// the text escaped; a comparison named like a path does the same; lines a reader skips
// are named on stderr, and a file of nothing else is an error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using Hostile = tv::test::scratch_folder_test;

/// Every file under `root`, as paths relative to it.
std::set<std::string> files_under(const std::string& root) {
  std::set<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (!e.is_directory()) out.insert(fs::relative(e.path(), root).string());
  return out;
}

/// A real record of a small instance, renamed: what a hand-edited file could hold.
json renamed_record(const std::string& dir, const std::string& family) {
  static json base;
  if (base.is_null()) {
    std::ofstream(dir + "/base.toml") << "[[job]]\nfamily = \"hypercube\"\nn = 3\nchecks = [\"distances\"]\n";
    const auto r = tv::test::run_topoverify("run base.toml --output base --backend cpu --no-report", dir);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    base = json::parse(tv::test::slurp(dir + "/base/results.jsonl"));
    fs::remove_all(dir + "/base");
    fs::remove(dir + "/base.toml");
  }
  json rec = base;
  rec["family"] = family;
  rec.erase("instance_id");  // the content digest of hypercube n=3: each renamed record is its own instance
  rec["status"] = "ok";
  return rec;
}

TEST_F(Hostile, FamilyNamesFromRecordsNeverLeaveTheFolder) {
  const std::string sandbox = dir + "/a/b/c/d", out = sandbox + "/out";
  fs::create_directories(out);
  const std::vector<std::string> families = {"x/../../../../name", "..", ".", "/tmp/abs", std::string(300, 'f'),
                                             "<script>alert(1)</script>", "tab\there", "hypercube"};
  {
    std::ofstream f(out + "/results.jsonl");
    for (const auto& fam : families) f << renamed_record(dir, fam).dump() << "\n";
  }
  const auto r = tv::test::run_topoverify("report '" + out + "'", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Nothing beside the output folder, at any depth above it.
  for (const std::string& f : files_under(dir))
    EXPECT_EQ(f.rfind("a/b/c/d/out/", 0), 0u) << "written outside the output folder: " << f;
  EXPECT_FALSE(fs::exists("/tmp/abs.csv"));
  // One statistics table per family, each a plain file name in the folder.
  size_t stats = 0;
  for (const auto& e : fs::directory_iterator(out)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("stats-", 0) != 0) continue;
    ++stats;
    EXPECT_LE(name.size(), 100u) << name;
    EXPECT_EQ(name.find_first_of("<>\t "), std::string::npos) << name;
  }
  EXPECT_EQ(stats, families.size());
  EXPECT_TRUE(fs::exists(out + "/stats-hypercube.csv")) << "an ordinary name keeps its file name";
  // Plots, where matplotlib is there, stay in plots/ too.
  if (fs::exists(out + "/plots"))
    for (const auto& e : fs::directory_iterator(out + "/plots"))
      EXPECT_EQ(e.path().filename().string().find('/'), std::string::npos);
  // report.md quotes the names as text, never as HTML.
  const std::string md = tv::test::slurp(out + "/report.md");
  EXPECT_EQ(md.find("<script>"), std::string::npos);
  EXPECT_NE(md.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_EQ(tv::test::slurp(out + "/report.html").find("<script>alert"), std::string::npos);
}

TEST_F(Hostile, AComparisonNamedLikeAPathWritesItsTableInsideTheFolder) {
  std::ofstream(dir + "/b.toml") << "[[compare]]\nname = \"../../escape/../<b>x</b>\"\n"
                                    "networks = [ { family = \"hypercube\", n = \"2..3\" } ]\n";
  const auto r = tv::test::run_topoverify("run b.toml --output out --backend cpu", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const std::string& f : files_under(dir))
    EXPECT_TRUE(f == "b.toml" || f.rfind("out/", 0) == 0) << "written outside the output folder: " << f;
  size_t tables = 0;
  for (const auto& e : fs::directory_iterator(dir + "/out"))
    tables += e.path().filename().string().rfind("compare-", 0) == 0;
  EXPECT_EQ(tables, 1u);
  EXPECT_EQ(tv::test::slurp(dir + "/out/report.md").find("<b>x</b>"), std::string::npos);
}

// A per-node table is named after its instance, whose parameters can be a path with
// "..", spaces and quotes: it lands in the output folder all the same.
TEST_F(Hostile, APerNodeTableOfAnInstanceNamedLikeAPathStaysInTheFolder) {
  fs::create_directories(dir + "/sub dir");
  std::ofstream(dir + "/sub dir/g'.txt") << "0 1\n1 2\n2 0\n";
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"edgelist\"\npath = \"sub dir/../sub dir/g'.txt\"\n"
                                    "checks = [\"distances\"]\noptions = { distances = { per_node = \"csv\" } }\n";
  const auto r = tv::test::run_topoverify("run b.toml --output out --backend cpu --no-report", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  size_t tables = 0;
  for (const std::string& f : files_under(dir)) {
    if (f.find("pernode_") == std::string::npos) continue;
    ++tables;
    EXPECT_EQ(f.rfind("out/pernode_", 0), 0u) << f;
    EXPECT_EQ(f.find_first_of("' ", 4), std::string::npos) << f;
  }
  EXPECT_EQ(tables, 1u);
}

TEST_F(Hostile, SkippedLinesAreNamedAndAFileOfNothingElseIsAnError) {
  const std::string out = dir + "/out";
  fs::create_directories(out);
  {
    std::ofstream f(out + "/results.jsonl");
    f << renamed_record(dir, "hypercube").dump() << "\n" << "not json\n" << json{{"family", 1}}.dump() << "\n";
  }
  const auto report = tv::test::run_topoverify("report '" + out + "'", dir);
  EXPECT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.err.find("warning: " + out + "/results.jsonl:2: skipped (not a JSON object)"), std::string::npos)
      << report.err;
  EXPECT_NE(report.err.find("warning: " + out + "/results.jsonl:3: skipped (not a record: "), std::string::npos)
      << report.err;
  const auto summary = tv::test::run_topoverify("claims --summarize '" + out + "/results.jsonl'", dir);
  EXPECT_EQ(summary.exit_code, 0) << summary.err;
  EXPECT_NE(summary.err.find("results.jsonl:2: skipped (not a JSON object)"), std::string::npos) << summary.err;

  std::ofstream(out + "/results.jsonl") << "not json\n{}\n";
  for (const std::string cmd : {"report '" + out + "'", "claims --summarize '" + out + "/results.jsonl'"}) {
    const auto r = tv::test::run_topoverify(cmd, dir);
    EXPECT_EQ(r.exit_code, 2) << cmd << ": " << r.err;
    EXPECT_NE(r.err.find("results.jsonl holds no usable record (2 line(s) skipped; first: "), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "") << "no empty summary: " << r.out;
  }
}

}  // namespace
