// The commands as a terminal user meets them: info over sweeps, list --json, --set on run
// (applied to every job, refused before any work when it cannot apply), --quiet, and an
// example in every command's --help.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "host/records/records.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

namespace fs = std::filesystem;
using tv::test::run_topoverify;

TEST(TerminalViews, InfoOverARangePrintsOneRowPerInstance) {
  const auto r = run_topoverify("info postal lambda=2 n=9..11 --backend cpu");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::string title, head, line;
  std::getline(in, title);
  std::getline(in, head);
  EXPECT_EQ(title, "postal lambda=2");
  EXPECT_NE(head.find("N edges degree diameter radius avg distance Wiener index Hamming paths"), std::string::npos)
      << head;
  std::vector<std::string> rows;
  while (std::getline(in, line)) rows.push_back(line);
  ASSERT_EQ(rows.size(), 3u) << r.out;
  // N_2(9..11) = 89, 144, 233 (Fibonacci); PN_2(n) has diameter n.
  EXPECT_EQ(rows[0].rfind("  9   89", 0), 0u) << rows[0];
  EXPECT_NE(rows[2].find(" 233 "), std::string::npos) << rows[2];
  std::istringstream row(rows[1]);
  std::string n, nodes, edges, degree, diameter;
  row >> n >> nodes >> edges >> degree >> diameter;
  EXPECT_EQ(nodes, "144");
  EXPECT_EQ(diameter, "10");
}

TEST(TerminalViews, InfoJsonIsOneExactRecordPerLine) {
  const auto r = run_topoverify("info postal lambda=2,3 n=8 --json --backend cpu");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::istringstream in(r.out);
  std::vector<nlohmann::json> recs;
  for (std::string line; std::getline(in, line);) recs.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(recs.size(), 2u);
  // Small to large: PN_3(8) has 28 nodes (N_3(n) = N_3(n-1) + N_3(n-3) from 2, 3, 4),
  // PN_2(8) has F(10) = 55.
  EXPECT_EQ(recs[0]["params"]["lambda"], 3);
  EXPECT_EQ(recs[0]["nodes"], 28);
  EXPECT_EQ(recs[1]["nodes"], 55);
  // Exact values: average distance is the Wiener index over the ordered pairs, unrounded.
  const double n = recs[1]["nodes"].get<double>();
  EXPECT_DOUBLE_EQ(recs[1]["average_distance"].get<double>(),
                   2 * recs[1]["wiener"].get<double>() / (n * (n - 1)));
}

TEST(TerminalViews, ListJsonNamesFamiliesParametersAndChecks) {
  const auto r = run_topoverify("list --json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::vector<std::string> families, checks;
  for (const auto& f : j["families"]) families.push_back(f["name"]);
  for (const auto& c : j["checks"]) checks.push_back(c["name"]);
  for (const char* f : {"hypercube", "postal", "efc", "metacube", "dualcube", "debruijn", "lrn", "gfc"})
    EXPECT_NE(std::find(families.begin(), families.end(), f), families.end()) << f;
  EXPECT_NE(std::find(checks.begin(), checks.end(), "distances"), checks.end());
  EXPECT_EQ(j["families"][1]["params"][0]["name"], "lambda");
  EXPECT_EQ(j["families"][1]["params"][0]["type"], "integer");
  EXPECT_GT(j["claims"].get<int>(), 0);
}

TEST(TerminalViews, EveryCommandsHelpShowsAnExample) {
  for (const char* cmd : {"", "list", "info", "claims", "run", "report", "export"}) {
    const auto r = run_topoverify(std::string(cmd) + " --help");
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_NE(r.out.find("\n  topoverify "), std::string::npos) << cmd << ":\n" << r.out;
    EXPECT_NE(r.out.find("Example"), std::string::npos) << cmd;
  }
}

struct RunOptions : tv::test::scratch_folder_test {
  void SetUp() override {
    scratch_folder_test::SetUp();
    std::ofstream(dir + "/b.toml") << "[[job]]\nfamily = \"postal\"\nlambda = 2\nn = \"5..7\"\n"
                                      "checks = [\"distances\"]\n"
                                      "[[job]]\nfamily = \"hypercube\"\nn = \"2..3\"\n";
  }
};

TEST_F(RunOptions, SetOverridesEveryJobThatRunsTheCheck) {
  const auto plain = run_topoverify("run b.toml --output a --backend cpu --no-report --quiet", dir);
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto set = run_topoverify(
      "run b.toml --output b --backend cpu --no-report --quiet --set distances.symmetry=false", dir);
  ASSERT_EQ(set.exit_code, 0) << set.err;
  const auto a = tv::host::read_records(dir + "/a/results.jsonl");
  const auto b = tv::host::read_records(dir + "/b/results.jsonl");
  ASSERT_EQ(a.size(), 5u);
  ASSERT_EQ(b.size(), 5u);
  for (size_t i = 0; i < a.size(); ++i) {
    if (!a[i].contains("all_pairs")) continue;  // the hypercube job runs no distances
    // PN_2(n) has the bit-reversal symmetry: fewer sources by default, every one with --set.
    EXPECT_LT(a[i]["all_pairs"]["sources_run"], a[i]["all_pairs"]["sources"]) << a[i].dump();
    EXPECT_EQ(b[i]["all_pairs"]["sources_run"], b[i]["all_pairs"]["sources"]) << b[i].dump();
    EXPECT_EQ(a[i]["wiener"], b[i]["wiener"]);  // the same answer either way
    EXPECT_NE(a[i]["config_hash"], b[i]["config_hash"]);  // another run of the batch
  }
  // --quiet: no progress lines, only the summary line.
  EXPECT_EQ(set.err.find("[1/5]"), std::string::npos) << set.err;
  EXPECT_NE(set.err.find("topoverify: 5 instances: 5 ok"), std::string::npos) << set.err;
}

TEST_F(RunOptions, SetIsValidatedBeforeAnyWork) {
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--set nonsense.x=1", "unknown check 'nonsense'"},
           {"--set distances", "not of the form CHECK.KEY=VALUE"},
           {"--set routing.pairs=all", "no job of the batch runs the 'routing' check"},
           {"--set distances.symmetry=maybe", "--set distances:"},
       }) {
    const auto r = run_topoverify("run b.toml --output c --backend cpu --no-report " + args, dir);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
    EXPECT_FALSE(fs::exists(dir + "/c/results.jsonl")) << args;
  }
}

}  // namespace
