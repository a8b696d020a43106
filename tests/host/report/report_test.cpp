// The report from a fixed set of records: Markdown and HTML lead with the answer (what
// ran, then the verdicts per paper in catalog order), every in-page link resolves, no raw
// JSON outside the collapsed details, CSV holds full values, plots are embedded or their
// absence explained.
#include "host/report/report.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "host/errors.hpp"
#include "host/report/render.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

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
          {"timings", {{"counts_s", 0.01}, {"total_s", 0.25}}},
          {"machine",
           {{"cpu", "Test CPU 9000"}, {"cores", 2}, {"threads", 2}, {"memory", "1.0 GiB"},
            {"gpu", "none"}, {"cuda_driver", "none"}, {"os", "Linux test"}}}};
}

json claim(const std::string& id, const std::string& verdict, json claimed = nullptr, json measured = nullptr,
           json witness = nullptr, json reason = nullptr) {
  return {{"id", id}, {"verdict", verdict}, {"claimed", claimed}, {"measured", measured},
          {"counterexample", witness}, {"reason", reason}};
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

  json q3 = base_record("hypercube", {{"n", 3}}, 8);
  q3["edges"] = 12;
  q3["diameter"] = 3;
  q3["distance_counts"] = {8, 24, 24, 8};
  q3["eccentricity_histogram"] = {0, 0, 0, 8};
  q3["broadcast"] = {{"scheme", "binomial"}, {"rounds_min", 3}, {"rounds_max", 3}};

  json q4 = base_record("hypercube", {{"n", 4}}, 16);
  q4["edges"] = 32;
  q4["diameter"] = 4;

  // The records list pn.thm10 before pn.thm2; the report follows the catalog.
  json p3 = base_record("postal", {{"lambda", 2}, {"n", 3}}, 5);
  p3["claims"] = {claim("pn.thm10", "fails", false, true,
                        {{"host", "PN_2(3)"}, {"guest", "PN_1(3)"}, {"edge", {"000", "001"}}}),
                  claim("pn.thm2", "holds", true, true)};
  json p4 = base_record("postal", {{"lambda", 2}, {"n", 4}}, 8);
  p4["claims"] = {claim("pn.thm10", "holds", true, true), claim("pn.thm2", "holds", true, true)};
  json p5 = base_record("postal", {{"lambda", 2}, {"n", 5}}, 13);
  p5["status"] = "not checked";
  p5["reason"] = "time limit 1s reached during distances";
  p5["claims"] = {claim("pn.thm2", "not checked", nullptr, nullptr, nullptr, "time limit")};

  json db = base_record("debruijn", {{"k", 2}, {"directed", true}}, 4);
  db["distance_counts"] = {4, 6, 6};
  // Written in run order: the resumed q2 re-run last, the stale q2 first.
  return {stale, q3, q4, p3, p4, p5, db, q2};
}

struct ReportTest : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    std::ofstream out(dir + "/results.jsonl");
    for (const auto& r : fixed_records()) out << r.dump() << "\n";
    out << R"({"family":"hyper)";  // a torn last line
  }
  void TearDown() override {
    scratch_folder_test::TearDown();
    ::unsetenv("TOPOVERIFY_PYTHON");
  }
  std::string read(const std::string& name) { return tv::test::slurp(dir + "/" + name); }
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

/// Positions of the parts in the text, in order; fails the test for a missing part.
void expect_in_order(const std::string& text, const std::vector<std::string>& parts) {
  size_t at = 0;
  for (const auto& p : parts) {
    const size_t found = text.find(p, at);
    ASSERT_NE(found, std::string::npos) << "'" << p << "' missing after position " << at << " in:\n" << text;
    at = found + p.size();
  }
}

TEST_F(ReportTest, MarkdownLeadsWithWhatRanAndTheVerdictsInCatalogOrder) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  const auto f = tv::host::render_report(dir);
  const std::string md = read("report.md");
  EXPECT_EQ(f.markdown, dir + "/report.md");
  EXPECT_EQ(md.rfind("# topoverify report: Fixed batch\n\n**", 0), 0u) << md;
  // No plan.json beside these records: the report says it cannot tell what was planned.
  EXPECT_TRUE(has(md, "**7 instances are recorded; this folder has no plan.json, so how many were planned is "
                      "unknown; 1 was refused or stopped by a limit (not checked).**"))
      << md;
  EXPECT_FALSE(has(md, "Complete run"));
  expect_in_order(md, {"**7 instances", "- finished: 6", "## Verdicts", "### Jie Wu and Yuanyuan Yang, The Postal Network",
                       "| pn.thm2 (Theorem 2) |", "| pn.thm10 (Theorem 10) |", "## Instances not finished",
                       "## Statistics by family", "## Environment", "8 record(s), 7 instance(s)"});
  // The failing claim: where it fails, in ranges, and its smallest failing instance.
  expect_in_order(md, {"| pn.thm10 (Theorem 10) | PN_lambda1(n) contains", "| **fails** | 1 hold, 1 fail |",
                       "| at lambda = 2, n = 3: PN_2(3): "});
  EXPECT_TRUE(has(md, "| pn.thm2 (Theorem 2) | There is a Hamming distance path between any two nodes of "
                      "PN_lambda(n). | holds | 2 hold, 0 fail, 1 not checked |"))
      << md;
  EXPECT_TRUE(has(md, "| postal lambda=2 n=5 | j | not checked | time limit 1s reached during distances |"));
  // The resumed q2 replaced its interrupted record.
  EXPECT_FALSE(has(md, "SIGINT"));
  EXPECT_TRUE(has(md, "| CPU | Test CPU 9000 |"));
  EXPECT_TRUE(has(md, "| tool | topoverify 9.9.9 (abcdef123456) |"));
  EXPECT_TRUE(has(md, "| fixed.toml | Fixed batch | 00000000000000aa | 7 |"));
  // Per-family statistics with whatever fields the records carry, in parameter order,
  // and the parameter values as run.
  EXPECT_TRUE(has(md, "### hypercube (3 instances)"));
  EXPECT_TRUE(has(md, "| n | nodes | edges | diameter | broadcast.rounds_max | broadcast.rounds_min | "
                      "broadcast.scheme | time (s) |"))
      << md;
  EXPECT_TRUE(has(md, "| 2 | 4 | 4 | 2 | 2 | 2 | binomial | 0.250 |\n| 3 | 8 | 12 | 3 | 3 | 3 | binomial | 0.250 |"));
  expect_in_order(md, {"### hypercube (3 instances)\n\nRan n = 2..4.\n\n| n |"});
  EXPECT_TRUE(has(md, "| directed | k | nodes | time (s) |\n|---|---|---|---|\n| true | 2 | 4 | 0.250 |")) << md;
  EXPECT_TRUE(has(md, "*plots were skipped: /nonexistent/python3 could not be started"));
  EXPECT_EQ(f.plots, 0u);
}

TEST_F(ReportTest, CsvTablesHoldFullValues) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  tv::host::render_report(dir);
  const std::string claims = read("claims.csv");
  EXPECT_EQ(claims.substr(0, claims.find("\r\n")),
            "paper,claim,source,verdict,holds,fails,not checked,outside domain,ran on,fails at,"
            "smallest counterexample,counterexample (JSON),not checked because");
  expect_in_order(claims, {"\r\n", ",pn.thm2,", "holds,2,0,1,0,", "\r\n", ",pn.thm10,", "fails,1,1,0,0,",
                           "\"{\"\"edge\"\":[\"\"000\"\",\"\"001\"\"],\"\"guest\"\":\"\"PN_1(3)\"\",\"\"host\"\":\"\"PN_2(3)\"\"}\""});
  const std::string stats = read("stats-hypercube.csv");
  EXPECT_EQ(stats.substr(0, stats.find("\r\n")),
            "n,nodes,edges,diameter,broadcast.rounds_max,broadcast.rounds_min,broadcast.scheme,time (s)");
  EXPECT_TRUE(has(stats, "\r\n4,16,32,4,,,,0.25\r\n"));
  EXPECT_TRUE(has(read("claims-instances.csv"), "pn.thm10,postal lambda=2 n=4,8,holds,true,true,,\r\n"));
  EXPECT_TRUE(has(read("problems.csv"), "postal lambda=2 n=5,j,not checked,time limit 1s reached during distances"));
  EXPECT_TRUE(has(read("environment.csv"), "Test CPU 9000,2,2,1.0 GiB,none,none,Linux test,cpu"));
}

TEST_F(ReportTest, HtmlLeadsWithTheAnswerAndEveryLinkResolves) {
  ::setenv("TOPOVERIFY_PYTHON", "/nonexistent/python3", 1);
  tv::host::render_report(dir);
  const std::string html = read("report.html");
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_TRUE(has(html, "<title>topoverify report: Fixed batch</title>"));
  // What ran, the answer, contents, then the verdicts; environment last.
  expect_in_order(html, {"<div class=\"run unknown\"", "7 instances are recorded", "<p class=\"answer\"><b>2 claims: 1 hold, 1 fail.</b>",
                         "Failing: <a href=\"#pn.thm10\">pn.thm10</a>", "<nav class=\"toc\"",
                         "id=\"verdicts\"", "id=\"paper-000\"", "<tr id=\"pn.thm2\" class=\"holds\">",
                         "<tr id=\"pn.thm10\" class=\"fails\">", "at lambda = 2, n = 3",
                         "<details><summary>smallest failure as JSON</summary><pre>", "id=\"problems\"",
                         "id=\"statistics\"", "id=\"family-hypercube\"", "id=\"environment\"", "id=\"batches\""});
  EXPECT_TRUE(has(html, "plots were skipped"));
  EXPECT_FALSE(has(html, "<img"));
  EXPECT_FALSE(has(html, "<script"));
  EXPECT_FALSE(has(html, "src=\"http"));  // self-contained
  // Every in-page link has its target, and every claim, paper and family is linked.
  std::set<std::string> ids;
  const std::regex id_attr(" id=\"([^\"]+)\""), href_attr("href=\"#([^\"]+)\"");
  for (auto it = std::sregex_iterator(html.begin(), html.end(), id_attr); it != std::sregex_iterator(); ++it)
    ids.insert((*it)[1]);
  std::set<std::string> targets;
  for (auto it = std::sregex_iterator(html.begin(), html.end(), href_attr); it != std::sregex_iterator(); ++it) {
    targets.insert((*it)[1]);
    EXPECT_TRUE(ids.count((*it)[1])) << "no element with id '" << (*it)[1] << "'";
  }
  for (const char* t : {"pn.thm2", "pn.thm10", "paper-000", "family-hypercube", "family-postal", "family-debruijn",
                        "problems", "environment"})
    EXPECT_TRUE(targets.count(t)) << t;
  // Raw JSON only inside the collapsed details.
  const std::string outside_pre = std::regex_replace(html, std::regex("<pre>[^<]*</pre>"), "");
  EXPECT_FALSE(has(outside_pre, "{&quot;")) << outside_pre;
  EXPECT_TRUE(has(html, "<pre>{\n &quot;instance&quot;: &quot;PN_2(3)&quot;"));
}

bool matplotlib_available() {
  return std::system("python3 -c 'import matplotlib' 2>/dev/null") == 0 ||
         std::system("/usr/bin/python3 -c 'import matplotlib' 2>/dev/null") == 0;
}

TEST_F(ReportTest, PlotsAreDrawnAndEmbedded) {
  if (!matplotlib_available()) GTEST_SKIP() << "python3 with matplotlib is not installed";
  const auto f = tv::host::render_report(dir);
  EXPECT_EQ(f.plots_note, "");
  const std::vector<std::string> want = {"verdicts-000-postal.png", "distances-debruijn.png", "distances-hypercube.png",
                                         "eccentricity-hypercube.png", "time-per-check.png", "broadcast-hypercube.png"};
  EXPECT_EQ(f.plots, want.size());
  const std::string html = read("report.html"), md = read("report.md");
  for (const auto& name : want) {
    const std::string png = read("plots/" + name);
    ASSERT_GT(png.size(), 8u) << name;
    EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << name;
    EXPECT_TRUE(has(html, "data:image/png;base64," + tv::host::report::base64(png) + "\"")) << name;
    EXPECT_TRUE(has(html, "id=\"plot-" + name.substr(0, name.size() - 4) + "\"")) << name;
    EXPECT_TRUE(has(md, "](plots/" + name + ")")) << name;
  }
  size_t imgs = 0;
  for (size_t p = 0; (p = html.find("<img", p)) != std::string::npos; ++p) ++imgs;
  EXPECT_EQ(imgs, want.size());
  // The verdict map sits with its paper's verdicts; the panels are named as the CLI spells
  // values.
  expect_in_order(html, {"id=\"paper-000\"", "id=\"plot-verdicts-000-postal\"", "id=\"problems\""});
  EXPECT_TRUE(has(html, "alt=\"Distance distribution along each k series: debruijn; panels: directed=true\""));
  EXPECT_FALSE(has(html, "True"));
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

TEST(ReportParts, CountsInWords) {
  using tv::host::report::claim_counts_text;
  using tv::host::report::instance_counts_text;
  using tv::host::report::source_within_paper;
  EXPECT_EQ(claim_counts_text({{"total", 3}, {"holds", 2}, {"fails", 1}, {"not_checked", 0}}), "3 claims: 2 hold, 1 fail");
  EXPECT_EQ(claim_counts_text({{"total", 1}, {"holds", 0}, {"fails", 0}, {"not_checked", 1}}),
            "1 claim: 0 hold, 0 fail, 1 not checked");
  EXPECT_EQ(instance_counts_text({{"holds", 10}, {"fails", 2}, {"not_checked", 0}, {"outside_domain", 3}}),
            "10 hold, 2 fail, 3 outside its domain");
  EXPECT_EQ(source_within_paper("papers/000 (Wu, Yang: The Postal Network), Theorem 3"), "Theorem 3");
  EXPECT_EQ(source_within_paper("papers/000 Theorem 3"), "Theorem 3");
  EXPECT_EQ(source_within_paper("Theorem 3"), "Theorem 3");
}

}  // namespace
