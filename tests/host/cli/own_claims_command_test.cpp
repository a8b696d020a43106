// Claims of the user's own as a new user meets them: `check --claim` and a batch file's
// [[claim]] tables through the built binary.  A claim that holds (exit 0), one that fails
// (exit 3) with its smallest counterexample in words, a per-node statement with its
// failing node, every class of bad input (exit 2, nothing written, the column and the
// nearest names), and the records' claims entries.  Expected verdicts come from brute
// force (BFS on the hypercube and the Fibonacci cube built here), never from the tool.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "host/records/records.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using tv::test::run_topoverify;

class OwnClaims : public tv::test::scratch_folder_test {
 protected:
  /// Running `batch` exits 2 with a message that says `says`, writing nothing.
  void expect_refused(const std::string& batch, const std::string& says) {
    const auto r = run_topoverify("run " + batch + " --output out", dir);
    EXPECT_EQ(r.exit_code, 2) << batch;
    EXPECT_NE(r.err.find(says), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir + "/out")) << batch;
  }
};

/// The Fibonacci cube's radius by brute force: n-bit strings without adjacent ones.
uint32_t fibonacci_cube_radius(int n) {
  std::vector<uint64_t> labels;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
    if ((x & (x >> 1)) == 0) labels.push_back(x);
  const auto g = tv::graph::hamming_graph(labels);
  uint32_t radius = ~0u;
  for (uint64_t s = 0; s < g.nodes; ++s) {
    uint32_t e = 0;
    for (uint32_t d : tv::test::queue_bfs(g, s)) e = std::max(e, d);
    radius = std::min(radius, e);
  }
  return radius;
}

TEST_F(OwnClaims, AClaimThatHoldsExitsZero) {
  bool all = true;
  for (int n = 2; n <= 12; ++n) all = all && static_cast<int>(fibonacci_cube_radius(n)) == (n + 1) / 2;
  const auto r = run_topoverify("check --claim 'radius == ceil(n/2)' postal lambda=2 n=2..12", dir);
  EXPECT_EQ(r.exit_code, all ? 0 : 3) << r.err;
  EXPECT_NE(r.out.find("Your own claims"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(all ? "holds        claim.1: 11 hold" : "FAILS"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("radius == ceil(n/2)"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::is_empty(dir)) << "check without --output writes nothing";
}

TEST_F(OwnClaims, AClaimThatFailsExitsThreeWithBothSides) {
  // Q(n)'s diameter is n (each coordinate flipped once): "diameter == n - 1" fails at every n.
  const auto r = run_topoverify("check --claim 'diameter == n - 1' hypercube n=2..6", dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.out.find("fails at: every instance it ran on"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("smallest counterexample: Q(2): diameter = 2; n - 1 = 1"), std::string::npos) << r.out;
  // Fails on some n only: compressed ranges.
  const auto s = run_topoverify("check --claim 'diameter != 3 && diameter != 5' hypercube n=1..7", dir);
  EXPECT_EQ(s.exit_code, 3);
  EXPECT_NE(s.out.find("fails at: n = 3, 5"), std::string::npos) << s.out;
  EXPECT_NE(s.out.find("smallest counterexample: Q(3): diameter = 3; 3"), std::string::npos) << s.out;
}

TEST_F(OwnClaims, APerNodeStatementNamesItsFirstFailingNode) {
  // In Q(n) every node has eccentricity n, so all(eccentricity < n) fails at node 0.
  const auto r = run_topoverify("check --claim 'all(eccentricity < n)' hypercube n=3..5", dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.out.find("smallest counterexample: Q(3): at node 000 (node 0): eccentricity = 3; n = 3"),
            std::string::npos)
      << r.out;
  // A label-based count: Q(n) has binomial(n, k) nodes of weight k.
  const auto s = run_topoverify("check --claim 'count(weight == 2) == binomial(n, 2) && all(degree == n)' hypercube n=2..10", dir);
  EXPECT_EQ(s.exit_code, 0) << s.out << s.err;
}

TEST_F(OwnClaims, BadExpressionsExitTwoBeforeAnyWork) {
  struct case_ {
    std::string args, says;
  };
  const case_ cases[] = {
      {"--claim 'radus == ceil(n/2)' efc n=4..8",
       "--claim \"radus == ceil(n/2)\": column 1: unknown name 'radus' (did you mean: radius?)"},
      {"--claim 'radius == ceil(n/2' efc n=4..8", "column 15: '(' of ceil is never closed"},
      {"--claim 'radius = 2' efc n=4..8", "column 8: unexpected character '=' (compare with ==)"},
      {"--claim 'radius && 1' efc n=4..8", "column 1: '&&' takes conditions (bools), but 'radius' is integer"},
      {"--claim 'degree == 2' efc n=4..8", "a per-node condition needs all(...), any(...) or count(...)"},
      {"--claim 'radius > 0' --when 'lamda > 1' postal lambda=2 n=3", "--when \"lamda > 1\": column 1: unknown name 'lamda' (did you mean: lambda"},
      {"--claim 'cel(n) > 0' efc n=4", "unknown function 'cel' (did you mean: ceil"},
      {"--claim 'metrics.effective_diameter > 0' efc n=4", "did you mean: metrics.effective_diameter_1"},
      {"--claim 'radius > 0' nosuch n=4", "unknown family 'nosuch'"},
      {"--claim 'radius > 0'", "--claim needs a FAMILY"},
      {"--when 'n > 1' pn.thm3 postal lambda=2 n=3", "--when gives the domain of --claim expressions"},
  };
  for (const auto& c : cases) {
    const auto r = run_topoverify("check " + c.args + " --output out", dir);
    EXPECT_EQ(r.exit_code, 2) << c.args << "\n" << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    EXPECT_FALSE(fs::exists(dir + "/out")) << c.args;
  }
}

TEST_F(OwnClaims, ABatchFilesClaimTablesAndTheirRecords) {
  const std::string batch = write("mine.toml", R"(output = "out"
[[job]]
family = "hypercube"
n = "1..6"

[[job]]
family = "postal"
lambda = 2
n = "3..8"
claims = ["pn.thm3"]

[[claim]]
id = "cube-diameter"
statement = "The diameter of Q(n) is n."
families = ["hypercube"]
holds = "diameter == n"

[[claim]]
id = "small-radius"
statement = "Radius at most 2, from n = 3 on (false)."
families = ["hypercube", "postal"]
when = "n >= 3"
holds = "radius <= 2"
)");
  const auto r = run_topoverify("run " + batch + " --fail-on-claim", dir);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.out.find("cube-diameter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("The diameter of Q(n) is n."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("holds: radius <= 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("when: n >= 3"), std::string::npos) << r.out;
  const auto records = tv::host::read_records(dir + "/out/results.jsonl");
  ASSERT_EQ(records.size(), 12u);
  int outside = 0;
  for (const auto& rec : records) {
    const int n = rec["params"]["n"].get<int>();
    bool saw_small = false, saw_paper = false;
    for (const auto& c : rec["claims"]) {
      const std::string id = c["id"];
      saw_paper = saw_paper || id == "pn.thm3";
      if (id == "cube-diameter") {
        EXPECT_EQ(c["verdict"], "holds");
        EXPECT_EQ(c["statement"], "The diameter of Q(n) is n.");
        EXPECT_EQ(c["holds"], "diameter == n");
      }
      if (id == "small-radius") {
        saw_small = true;
        const int radius = rec["radius"].get<int>();
        if (n < 3) {
          EXPECT_EQ(c["verdict"], "not checked");
          ++outside;
        } else {
          EXPECT_EQ(c["verdict"], radius <= 2 ? "holds" : "fails") << rec.dump();
        }
      }
    }
    EXPECT_TRUE(saw_small);
    EXPECT_EQ(saw_paper, rec["family"] == "postal");
  }
  EXPECT_EQ(outside, 2);
  EXPECT_NE(tv::test::slurp(dir + "/out/report.md").find("Your own claims"), std::string::npos);
}

TEST_F(OwnClaims, ABatchFilesBadClaimIsRefusedAtItsPlace) {
  // One efc job over n = 4..6, then one [[claim]] (its holds on line 8, column 9).
  const auto one_claim = [](const std::string& id, const std::string& family, const std::string& holds) {
    return "[[job]]\nfamily = \"efc\"\nn = \"4..6\"\n\n[[claim]]\nid = \"" + id + "\"\nfamilies = [\"" + family +
           "\"]\nholds = \"" + holds + "\"\n";
  };
  expect_refused(write("bad.toml", one_claim("typo", "efc", "diamter <= n")),
                 "bad.toml:8:9: claim 'typo' holds = \"diamter <= n\": column 1: unknown name 'diamter' (did you mean: diameter");
  expect_refused(write("orphan.toml", one_claim("x", "hypercube", "n > 0")),
                 "names family 'hypercube', which no [[job]] of this file runs");
}

TEST_F(OwnClaims, TheJsonSummaryCarriesTheGroup) {
  const auto r = run_topoverify("check --claim 'N == pow(2, n)' hypercube n=1..5 --json", dir);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json s = json::parse(r.out);
  ASSERT_EQ(s["papers"].size(), 1u);
  EXPECT_EQ(s["papers"][0]["key"], "own");
  EXPECT_EQ(s["papers"][0]["claims"][0]["holds"], "N == pow(2, n)");
  EXPECT_EQ(s["papers"][0]["claims"][0]["instances"]["holds"], 5);
}

}  // namespace
