// The report from a fixed set of records: Markdown, HTML and CSV contents, claims
// aggregated over instances, plots embedded or their absence explained.
#include "host/report/report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "host/errors.hpp"
#include "host/report/model.hpp"
#include "host/report/render.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

json base_record(const std::string& family, json params, uint64_t nodes) {
  return {{"family", family},
          {"params", params},
          {"nodes", nodes},
          {"status", "ok"},
          {"job", "j"},
          {"requested_checks", json::array()},
          {"config", "fixed.toml"},
          {"config_title", "Fixed batch"},
          {"config_hash", "00000000000000aa"},
          {"backend", "cpu"},
          {"device", "2 CPU threads"},
          {"tool", {{"version", "9.9.9"}, {"commit", "abcdef123456"}}},
          {"wall_s", 0.25},
          {"machine",
           {{"cpu", "Test CPU 9000"}, {"cores", 2}, {"threads", 2}, {"memory", "1.0 GiB"},
            {"gpu", "none"}, {"cuda_driver", "none"}, {"os", "Linux test"}}}};
}

std::vector<json> fixed_records() {
  json stale = base_record("hypercube", {{"n", 2}}, 4);
  stale["status"] = "interrupted";
  stale["reason"] = "SIGINT during distances";

  json q2 = base_record("hypercube", {{"n", 2}}, 4);
  q2["edges"] = 4;
  q2["diameter"] = 2;
  q2["distance_counts"] = {4, 8, 4};
  q2["eccentricity_histogram"] = {0, 0, 4};
  q2["broadcast"] = {{"scheme", "binomial"}, {"rounds_min", 2}, {"rounds_max", 2}};
  q2["claims"] = {{{"id", "hc.diameter"}, {"verdict", "holds"}, {"claimed", 2}, {"measured", 2}}};

  json q3 = base_record("hypercube", {{"n", 3}}, 8);
  q3["edges"] = 12;
  q3["diameter"] = 3;
  q3["distance_counts"] = {8, 24, 24, 8};
  q3["eccentricity_histogram"] = {0, 0, 0, 8};
  q3["broadcast"] = {{"scheme", "binomial"}, {"rounds_min", 3}, {"rounds_max", 3},
                     {"rounds_per_source", {3, 3, 3, 3, 3, 3, 3, 3}}};
  q3["claims"] = {{{"id", "hc.diameter"}, {"verdict", "holds"}, {"claimed", 3}, {"measured", 3}},
                  {{"id", "hc.bogus"}, {"verdict", "fails"}, {"claimed", 5}, {"measured", 3},
                   {"counterexample", {{"source", "000"}, {"target", "111"}}}}};

  json q4 = base_record("hypercube", {{"n", 4}}, 16);
  q4["edges"] = 32;
  q4["diameter"] = 4;
  q4["claims"] = {{{"id", "hc.bogus"}, {"verdict", "fails"}, {"claimed", 6}, {"measured", 4}},
                  {{"id", "hc.diameter"}, {"verdict", "not checked"},
                   {"reason", "outside the claim's domain: n <= 3"}}};

  json pn = base_record("postal", {{"lambda", 2}, {"n", 5}}, 13);
  pn["status"] = "not checked";
  pn["reason"] = "time limit 1s reached during distances";
  pn["claims"] = {{{"id", "pn.thm3"}, {"verdict", "not checked"}, {"reason", "time limit"}}};
  // Written in run order: q4 before the resumed q2 re-run, the stale q2 first.
  return {stale, q3, q4, pn, q2};
}

struct ReportTest : ::testing::Test {
  std::string dir;
  void SetUp() override {
    dir = (fs::temp_directory_path() / ("tv_report_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name()))
              .string();
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream out(dir + "/results.jsonl");
    for (const auto& r : fixed_records()) out << r.dump() << "\n";
    out << R"({"family":"hyper)";  // a torn last line
  }
  void TearDown() override {
    fs::remove_all(dir);
    ::unsetenv("TOPOVERIFY_PYTHON");
  }
  std::string read(const std::string& name) { return tv::test::slurp(dir + "/" + name); }
};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(ReportTest, MarkdownCarriesEnvironmentSummaryClaimsAndStatistics) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  const auto f = tv::host::render_report(dir);
  const std::string md = read("report.md");
  EXPECT_EQ(f.markdown, dir + "/report.md");
  EXPECT_EQ(md.rfind("# topoverify report: Fixed batch\n", 0), 0u) << md;
  EXPECT_TRUE(has(md, "5 record(s), 4 instance(s) after taking the latest record of each. "
                      "1 unreadable line(s) ignored"));
  // Environment first, from the records' machine description.
  EXPECT_LT(md.find("## Environment"), md.find("## Summary"));
  EXPECT_TRUE(has(md, "| CPU | Test CPU 9000 |"));
  EXPECT_TRUE(has(md, "| GPU | none |"));
  EXPECT_TRUE(has(md, "| backend | cpu |"));
  EXPECT_TRUE(has(md, "| tool | topoverify 9.9.9 (abcdef123456) |"));
  // The resumed q2 replaced its interrupted record.
  EXPECT_TRUE(has(md, "| ok | 3 |\n| not checked | 1 |\n| total | 4 |"));
  EXPECT_FALSE(has(md, "interrupted |"));
  EXPECT_TRUE(has(md, "| fixed.toml | Fixed batch | 00000000000000aa | 4 |"));
  // Claims: aggregated verdict, domain covered, smallest counterexample.
  EXPECT_TRUE(has(md,
                  "| hc.bogus | fails | 0 | 2 | 0 | 0 | hypercube n=3..4 (2) | hypercube n=3: claimed 5, "
                  "measured 3, {\"source\":\"000\",\"target\":\"111\"} |"))
      << md;
  EXPECT_TRUE(has(md, "| hc.diameter | holds | 2 | 0 | 0 | 1 | hypercube n=2..3 (2) |  |"));
  EXPECT_TRUE(has(md, "| pn.thm3 | not checked | 0 | 0 | 1 | 0 | none | not checked: time limit |"));
  EXPECT_TRUE(has(md, "| postal lambda=2 n=5 | j | not checked | time limit 1s reached during distances |"));
  // Per-family statistics with whatever fields the records carry, in parameter order.
  EXPECT_TRUE(has(md, "### hypercube (3 instances)"));
  EXPECT_TRUE(has(md, "| n | nodes | edges | diameter | broadcast.rounds_max | broadcast.rounds_min | "
                      "broadcast.scheme | time (s) |"))
      << md;
  EXPECT_TRUE(has(md, "| 2 | 4 | 4 | 2 | 2 | 2 | binomial | 0.250 |\n| 3 | 8 | 12 | 3 | 3 | 3 | binomial | 0.250 |"));
  EXPECT_TRUE(has(md, "| lambda | n | nodes | status | time (s) |"));
  EXPECT_TRUE(has(md, "*plots were skipped: /nonexistent/python3 could not be started"));
  EXPECT_EQ(f.plots, 0u);
  EXPECT_EQ(f.failing_claims, 2u);
}

TEST_F(ReportTest, CsvTablesHoldFullValues) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  tv::host::render_report(dir);
  EXPECT_EQ(read("claims.csv"),
            "claim,verdict,holds,fails,not checked,outside domain,domain covered,counterexample (smallest failing instance)\r\n"
            "hc.bogus,fails,0,2,0,0,hypercube n=3..4 (2),\"hypercube n=3: claimed 5, measured 3, "
            "{\"\"source\"\":\"\"000\"\",\"\"target\"\":\"\"111\"\"}\"\r\n"
            "hc.diameter,holds,2,0,0,1,hypercube n=2..3 (2),\r\n"
            "pn.thm3,not checked,0,0,1,0,none,not checked: time limit\r\n");
  const std::string stats = read("stats-hypercube.csv");
  EXPECT_EQ(stats.substr(0, stats.find("\r\n")),
            "n,nodes,edges,diameter,broadcast.rounds_max,broadcast.rounds_min,broadcast.scheme,time (s)");
  EXPECT_TRUE(has(stats, "\r\n4,16,32,4,,,,0.25\r\n"));
  EXPECT_TRUE(has(read("claims-instances.csv"), "hc.bogus,hypercube n=4,16,fails,6,4,,\r\n"));
  EXPECT_TRUE(has(read("problems.csv"), "postal lambda=2 n=5,j,not checked,time limit 1s reached during distances"));
  EXPECT_TRUE(has(read("environment.csv"), "Test CPU 9000,2,2,1.0 GiB,none,none,Linux test,cpu"));
}

TEST_F(ReportTest, HtmlIsOnePageWithTablesAndTheSkipNote) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  tv::host::render_report(dir);
  const std::string html = read("report.html");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(has(html, "<title>topoverify report: Fixed batch</title>"));
  EXPECT_TRUE(has(html, "<table class=\"claims\">"));
  EXPECT_TRUE(has(html, "<td class=\"verdict-fails\">fails</td>"));
  EXPECT_TRUE(has(html, "<td class=\"verdict-holds\">holds</td>"));
  EXPECT_TRUE(has(html, "{&quot;source&quot;:&quot;000&quot;,&quot;target&quot;:&quot;111&quot;}"));
  size_t tables = 0;
  for (size_t p = 0; (p = html.find("<table", p)) != std::string::npos; ++p) ++tables;
  EXPECT_EQ(tables, 7u);  // environment, status, batch files, claims, problems, 2 families
  EXPECT_TRUE(has(html, "plots were skipped"));
  EXPECT_FALSE(has(html, "<img"));
  // Self-contained: nothing is fetched from elsewhere.
  EXPECT_FALSE(has(html, "src=\"http"));
  EXPECT_FALSE(has(html, "href="));
}

bool matplotlib_available() {
  return std::system("python3 -c 'import matplotlib' 2>/dev/null") == 0 ||
         std::system("/usr/bin/python3 -c 'import matplotlib' 2>/dev/null") == 0;
}

TEST_F(ReportTest, PlotsAreDrawnAndEmbedded) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib is not installed";
  const auto f = tv::host::render_report(dir);
  EXPECT_EQ(f.plots_note, "");
  const std::vector<std::string> want = {"time-vs-n.png", "distances-hypercube.png",
                                         "eccentricity-hypercube.png", "broadcast-hypercube.png"};
  EXPECT_EQ(f.plots, want.size());
  const std::string html = read("report.html");
  for (const auto& name : want) {
    const std::string png = read("plots/" + name);
    ASSERT_GT(png.size(), 8u) << name;
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << name;
    EXPECT_TRUE(has(html, "data:image/png;base64," + tv::host::report::base64(png) + "\"")) << name;
    EXPECT_TRUE(has(read("report.md"), "](plots/" + name + ")")) << name;
  }
  size_t imgs = 0;
  for (size_t p = 0; (p = html.find("<img", p)) != std::string::npos; ++p) ++imgs;
  EXPECT_EQ(imgs, want.size());
}

TEST_F(ReportTest, MissingResultsIsBadInput) {
  EXPECT_THROW(tv::host::render_report(dir + "/nothing-here"), tv::host::input_error);
  fs::remove(dir + "/results.jsonl");
  EXPECT_THROW(tv::host::render_report(dir), tv::host::input_error);
}

TEST(ReportParts, Base64MatchesRfc4648) {
  using tv::host::report::base64;
  EXPECT_EQ(base64(""), "");
  EXPECT_EQ(base64("f"), "Zg==");
  EXPECT_EQ(base64("fo"), "Zm8=");
  EXPECT_EQ(base64("foo"), "Zm9v");
  EXPECT_EQ(base64("foob"), "Zm9vYg==");
  EXPECT_EQ(base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(base64(std::string("\xff\x00\x80", 3)), "/wCA");
}

TEST(ReportParts, DomainsAndVerdicts) {
  using tv::host::report::combine_verdicts;
  using tv::host::report::describe_domain;
  EXPECT_EQ(describe_domain({{{"n", 1}}, {{"n", 2}}, {{"n", 3}}, {{"n", 5}}}), "n=1..3,5");
  EXPECT_EQ(describe_domain({{{"lambda", 2}, {"n", 4}}, {{"lambda", 3}, {"n", 4}}}), "lambda=2..3; n=4");
  EXPECT_EQ(describe_domain({{{"f", "11"}}, {{"f", "101"}}}), "f=\"11\",\"101\"");
  EXPECT_EQ(combine_verdicts(3, 0), "holds");
  EXPECT_EQ(combine_verdicts(3, 1), "fails");
  EXPECT_EQ(combine_verdicts(0, 0), "not checked");
}

}  // namespace
