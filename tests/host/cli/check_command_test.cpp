// `topoverify check` as users meet it: a claim that holds (exit 0), one that fails (exit 3)
// with its failing values compressed and its smallest counterexample in words, patterns that
// name claims of other families only (exit 2, in `check` and in batch files), and the same
// summary from `claims --summarize`, `info --check claims` and the end of `run`.  Expected
// values come from brute force or from the records the run wrote, never from the papers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "host/claims/witness.hpp"
#include "host/records/records.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"
#include "tests/host/run_command.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tv::test::run_topoverify;

std::string scratch(const std::string& name) {
  const std::string dir = "/tmp/tv_check_" + std::to_string(::getpid()) + "_" + name;
  fs::remove_all(dir);
  return dir;
}

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') == std::string::npos ? 0 : t.rfind('\n') + 1);
}

/// "n = 3, 5" / "n = 7..12" written by the test's own rule: runs of three or more
/// consecutive values as a..b.
std::string runs(const std::string& key, std::vector<long long> v) {
  std::sort(v.begin(), v.end());
  std::string s;
  for (size_t i = 0; i < v.size();) {
    size_t j = i;
    while (j + 1 < v.size() && v[j + 1] == v[j] + 1) ++j;
    auto add = [&s](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (j - i >= 2) add(std::to_string(v[i]) + ".." + std::to_string(v[j]));
    else
      for (size_t k = i; k <= j; ++k) add(std::to_string(v[k]));
    i = j + 1;
  }
  return key + " = " + s;
}

/// Diameter of PN_3(n) by brute force: n-bit strings whose 1-bits are at least 3 apart,
/// Hamming-1 edges, BFS from every node.
uint32_t pn3_diameter(int n) {
  std::vector<uint64_t> labels;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x) {
    int last = -100;
    bool ok = true;
    for (int b = 0; b < n; ++b)
      if ((x >> b) & 1) {
        ok = ok && b - last >= 3;
        last = b;
      }
    if (ok) labels.push_back(x);
  }
  const auto g = tv::graph::hamming_graph(labels);
  uint32_t diameter = 0;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint32_t d : tv::test::queue_bfs(g, s)) diameter = std::max(diameter, d);
  return diameter;
}

TEST(CheckCommand, AClaimThatHoldsExitsZero) {
  // Theorem 3's formula for lambda = 3, against brute-force diameters: holds for n = 1..20.
  for (int n = 1; n <= 20; ++n) {
    const long long c = (n + 2) / 3;
    const long long formula = (n - 1) % 3 == 0 ? 2 * c - 1 : 2 * c;
    ASSERT_EQ(pn3_diameter(n), formula) << "n = " << n << ": the claim does not hold here";
  }
  const auto r = run_topoverify("check pn.thm3 postal lambda=3 n=1..20");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  holds        pn.thm3 (Theorem 3): 20 hold\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ran on: lambda = 3, n = 1..20\n"), std::string::npos) << r.out;
  EXPECT_EQ(last_line(r.out), "1 claim holds, over 20 instances (20 ok)");
  EXPECT_EQ(last_line(r.err).rfind("topoverify: 20 instances: 20 ok · 1 claim: 1 holds · ", 0), 0u)
      << r.err;
  EXPECT_EQ(r.out.find("FAILS"), std::string::npos);

  const auto j = run_topoverify("check pn.thm3 postal lambda=3 n=1..20 --json");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const json s = json::parse(j.out);
  EXPECT_EQ(s["claims"]["total"], 1);
  EXPECT_EQ(s["claims"]["holds"], 1);
  EXPECT_EQ(s["instances"]["total"], 20);
  EXPECT_EQ(s["instances"]["ok"], 20);
  ASSERT_EQ(s["papers"].size(), 1u);
  EXPECT_EQ(s["papers"][0]["key"], "000");
  EXPECT_EQ(s["papers"][0]["claims"][0]["verdict"], "holds");
  EXPECT_EQ(s["papers"][0]["claims"][0]["fails_at"], "");
  EXPECT_TRUE(s["papers"][0]["claims"][0]["smallest_failure"].is_null());
}

TEST(CheckCommand, AFailingClaimExitsThreeNamingWhereAndTheSmallestCounterexample) {
  const std::string dir = scratch("fails");
  const auto r = run_topoverify("check efc.broadcast.lemma1 efc n=3..14 --output " + dir + " --json");
  ASSERT_EQ(r.exit_code, 3) << r.err;
  const json s = json::parse(r.out);

  // Where it fails and its smallest failure, read from the records the run wrote.
  const auto records = tv::host::read_records(dir + "/results.jsonl");
  ASSERT_EQ(records.size(), 12u);
  std::vector<long long> failing;
  const json* smallest = nullptr;
  const json* smallest_entry = nullptr;
  for (const auto& rec : records)
    for (const auto& c : rec["claims"])
      if (c["verdict"] == "fails") {
        failing.push_back(rec["params"]["n"].get<long long>());
        if (!smallest || rec["nodes"].get<uint64_t>() < (*smallest)["nodes"].get<uint64_t>()) {
          smallest = &rec;
          smallest_entry = &c;
        }
      }
  ASSERT_FALSE(failing.empty()) << "the claim is expected to fail somewhere in n = 3..14";
  ASSERT_LT(failing.size(), 12u) << "... and to hold somewhere, so 'fails at' is not everything";
  const json& c = s["papers"][0]["claims"][0];
  EXPECT_EQ(c["id"], "efc.broadcast.lemma1");
  EXPECT_EQ(c["verdict"], "fails");
  EXPECT_EQ(c["fails_at"], runs("n", failing));
  EXPECT_EQ(c["domain_run"], "n = 3..14");
  EXPECT_EQ(c["instances"]["fails"], failing.size());
  EXPECT_EQ(c["instances"]["holds"], 12 - failing.size());
  EXPECT_EQ(c["smallest_failure"]["nodes"], (*smallest)["nodes"]);
  EXPECT_EQ(c["smallest_failure"]["instance"], "EFC_" + std::to_string((*smallest)["params"]["n"].get<int>()));
  const std::string sentence = tv::host::claims::explain_failure(*smallest, *smallest_entry);
  EXPECT_EQ(c["smallest_failure"]["sentence"], sentence);
  EXPECT_EQ(s["claims"]["fails"], 1);  // one claim, however many instances
  EXPECT_EQ(s["claims"]["failing_instances"], failing.size());
  EXPECT_TRUE(fs::exists(dir + "/report.md"));  // --output keeps a report too

  // The text: FAILS, where, and the sentence (wrapped: compare its words).
  const auto t = run_topoverify("check efc.broadcast.lemma1 efc n=3..14");
  ASSERT_EQ(t.exit_code, 3) << t.err;
  EXPECT_NE(t.out.find("  FAILS        efc.broadcast.lemma1 (Lemma 1): " +
                       std::to_string(12 - failing.size()) + " hold, " + std::to_string(failing.size()) +
                       " fail\n"),
            std::string::npos)
      << t.out;
  EXPECT_NE(t.out.find("fails at: " + runs("n", failing) + "\n"), std::string::npos) << t.out;
  auto words = [](std::string x) {
    std::replace(x.begin(), x.end(), '\n', ' ');
    std::string out;
    for (size_t i = 0; i < x.size(); ++i)
      if (!(x[i] == ' ' && (out.empty() || out.back() == ' '))) out += x[i];
    return out;
  };
  EXPECT_NE(words(t.out).find("smallest counterexample: " + words(sentence)), std::string::npos) << t.out;
  EXPECT_EQ(last_line(t.out), "1 of 1 claim fails, 0 hold, over 12 instances (12 ok)");
  fs::remove_all(dir);
}

TEST(CheckCommand, PatternsOfOtherFamiliesAreBadInputNamingTheirFamilies) {
  const auto r = run_topoverify("check 'efc.*' postal lambda=2 n=3..5");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "topoverify: error: claim pattern 'efc.*' matches no claim of family 'postal' (its "
            "claims apply to: efc)\n");
  EXPECT_EQ(r.out, "");
  const auto none = run_topoverify("check 'zz*' postal lambda=2 n=3");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("no claim matches 'zz*'"), std::string::npos) << none.err;
  for (const char* bad : {"check pn.thm3 postal lambda=2 n=1..70", "check pn.thm3 postal lambda=2 n=3 --set distances.words=8",
                          "check pn.thm3 postal lambda=2 n=3 --time 10x", "check pn.thm3 postal lambda=2 n=3 --set claims.ids=x"}) {
    const auto b = run_topoverify(bad);
    EXPECT_EQ(b.exit_code, 2) << bad << "\n" << b.err;
    EXPECT_EQ(std::count(b.err.begin(), b.err.end(), '\n'), 1) << bad << ": " << b.err;
  }

  // The same rule in a batch file: refused before any work, nothing written.
  const std::string dir = scratch("batch");
  fs::create_directories(dir);
  std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"3..5\"\n"
                                    "claims = [\"pn.thm3\", \"efc.*\"]\n";
  const auto b = run_topoverify("run b.toml --output out", dir);
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("b.toml: job 'postal': claim pattern 'efc.*' matches no claim of family "
                       "'postal' (its claims apply to: efc)"),
            std::string::npos)
      << b.err;
  EXPECT_FALSE(fs::exists(dir + "/out/results.jsonl"));
  fs::remove_all(dir);
}

TEST(CheckCommand, SummarizeAndRunEndShowTheSameSummary) {
  const std::string dir = scratch("same");
  const auto c = run_topoverify("check 'efc.p6' efc n=3..8 --output " + dir);
  ASSERT_TRUE(c.exit_code == 0 || c.exit_code == 3) << c.err;
  const auto s = run_topoverify("claims --summarize " + dir + "/results.jsonl");
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(s.out, c.out);

  // `run` prints the summary of the claims that ran on stdout, the totals last on stderr.
  fs::create_directories(dir + "-run");
  std::ofstream(dir + "-run/b.toml") << "[[job]]\nfamily = \"efc\"\nn = \"3..8\"\nclaims = [\"efc.p6\"]\n";
  const auto r = run_topoverify("run b.toml --output out --no-report --fail-on-claim", dir + "-run");
  EXPECT_EQ(r.out, c.out);
  // Claims and instances counted apart, from the records.
  size_t fails = 0;
  for (const auto& rec : tv::host::read_records(dir + "-run/out/results.jsonl"))
    for (const auto& e : rec["claims"]) fails += e["verdict"] == "fails";
  if (fails) {
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("topoverify: 1 claim fails (on " + std::to_string(fails) +
                         (fails == 1 ? " instance" : " instances") + "; --fail-on-claim)"),
              std::string::npos)
        << r.err;
    const auto rep = run_topoverify("report out --fail-on-claim", dir + "-run");
    EXPECT_EQ(rep.exit_code, 3) << rep.err;
    EXPECT_NE(rep.err.find("topoverify: 1 claim fails (on " + std::to_string(fails) +
                           (fails == 1 ? " instance" : " instances") + "; --fail-on-claim)"),
              std::string::npos)
        << rep.err;
  } else {
    EXPECT_EQ(r.exit_code, 0) << r.err;
  }
  EXPECT_NE(r.err.find(std::string("topoverify: 6 instances: 6 ok · 1 claim: 1 ") +
                       (fails ? "fails · " : "holds · ")),
            std::string::npos)
      << r.err;
  fs::remove_all(dir);
  fs::remove_all(dir + "-run");
}

TEST(CheckCommand, InfoCheckClaimsPrintsTheSummaryAndJsonKeepsTheRecord) {
  const auto j = run_topoverify("info efc n=6 --check claims --set claims.ids=efc.p6 --json");
  ASSERT_EQ(j.exit_code, 0) << j.err;
  const json rec = json::parse(j.out);
  ASSERT_EQ(rec["claims"].size(), 1u);
  const std::string verdict = rec["claims"][0]["verdict"];
  const auto t = run_topoverify("info efc n=6 --check claims --set claims.ids=efc.p6");
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_EQ(t.out.find("\"verdict\""), std::string::npos) << t.out;  // no JSON wall
  EXPECT_NE(t.out.find(verdict == "fails" ? "  FAILS        efc.p6 (" : "  " + verdict), std::string::npos) << t.out;
  EXPECT_EQ(last_line(t.out), verdict == "fails" ? "1 of 1 claim fails, 0 hold, over 1 instance (1 ok)"
                                                 : "1 claim holds, over 1 instance (1 ok)");
  // A pattern of another family's claims is bad input here too.
  const auto bad = run_topoverify("info efc n=6 --check claims --set claims.ids=pn.thm3");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("matches no claim of family 'efc' (its claims apply to: postal)"), std::string::npos)
      << bad.err;
}

}  // namespace
