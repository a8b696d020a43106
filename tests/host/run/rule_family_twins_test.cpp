// A rule family through the parts of the tool the record equality test
// (tests/host/batch/family_tables_test.cpp) does not reach, each against its built-in twin
// (the Fibonacci cube written as a rule, configs/rules/fibonacci-cube.toml, and postal
// lambda=2): an all-pairs run stopped mid-way on the rule resumes from its checkpoint to
// the built-in family's one call; `export` writes the same graph in every format (its
// comment line names the family); `compare` gives the same row of every metric.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "host/batch/family_tables.hpp"
#include "host/checks/check.hpp"
#include "host/families.hpp"
#include "host/run/ranged_run.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/host/run/same_all_pairs.hpp"
#include "tests/host/run_command.hpp"
#include "tests/host/test_folder.hpp"

namespace {

using namespace tv;

const std::string rule_file = TOPOVERIFY_SOURCE_DIR "/configs/rules/fibonacci-cube.toml";

host::instance rule_instance(int n) {
  (void)host::resolve_family(rule_file);
  return host::make_instance("fibonacci-cube", {{"n", std::to_string(n)}});
}

/// An export without its comment line, the one line that names the family.
std::string without_names(const std::string& text) {
  std::string out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(at, end - at);
    if (line.find("topoverify export ") == std::string::npos) out += line;
    at = end;
  }
  return out;
}

class RuleFamilyTwins : public test::scratch_folder_test {};

TEST_F(RuleFamilyTwins, AStoppedAllPairsRunOnARuleResumesFromItsCheckpointToTheBuiltInResult) {
  const host::instance rule = rule_instance(14), builtin = host::make_instance("postal", {{"lambda", "2"}, {"n", "14"}});
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, rule.net);
  distance::all_pairs_options opt;
  opt.symmetry = false;
  opt.words = 1;  // 10 batches of 64 sources
  opt.per_node = true;
  const distance::all_pairs_result twin =
      distance::all_pairs(core::backend::cpu, graph::build_csr(core::backend::cpu, builtin.net), opt);

  std::vector<std::string> said;
  auto through = [&](bool resume, const distance::all_pairs_options& o) {
    host::ranged_run ranged({dir, "rule-instance", "fibonacci-cube n=14", 1e-9, resume,
                             [&](const std::string& l) { said.push_back(l); }});
    host::check_context ctx(rule, core::backend::cpu);
    ctx.ranges = &ranged;
    return ctx.all_pairs(g, o);
  };
  int seen = 0;
  distance::all_pairs_options stopping = opt;
  stopping.control.progress = [&](uint64_t, uint64_t) { ++seen; };
  stopping.control.should_stop = [&] { return seen >= 4; };
  EXPECT_THROW(through(false, stopping), core::interrupted);

  uint64_t resumed_at = 0;
  distance::all_pairs_options watched = opt;
  watched.control.resumed = [&](uint64_t done, uint64_t) { resumed_at = done; };
  test::expect_same_all_pairs(through(true, watched), twin);
  ASSERT_EQ(said.size(), 1u);
  EXPECT_EQ(said[0].rfind("topoverify: resuming fibonacci-cube n=14 all pairs at ", 0), 0u) << said[0];
  EXPECT_GE(resumed_at, 64u);
  EXPECT_LT(resumed_at, g.nodes);
}

TEST_F(RuleFamilyTwins, ExportWritesTheBuiltInFamilysGraphInEveryFormat) {
  for (const std::string format : {"edgelist", "labelled", "graphml", "mtx"}) {
    const test::command_result r = test::run_topoverify("export " + rule_file + " n=7 --format " + format, dir);
    const test::command_result b = test::run_topoverify("export postal lambda=2 n=7 --format " + format, dir);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_GT(r.out.size(), 100u) << format;
    EXPECT_EQ(without_names(r.out), without_names(b.out)) << format;
  }
}

TEST_F(RuleFamilyTwins, CompareGivesTheBuiltInFamilysRowOfEveryMetric) {
  const test::command_result r =
      test::run_topoverify("compare \"postal lambda=2 n=5..6\" \"" + rule_file + " n=5..6\" --json", dir);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json rows = nlohmann::json::parse(r.out);
  ASSERT_EQ(rows.size(), 4u);
  for (int k = 0; k < 2; ++k) {
    nlohmann::json builtin = rows[2 * k], rule = rows[2 * k + 1];  // by size, then by set
    EXPECT_EQ(builtin["family"], "postal");
    EXPECT_EQ(rule["family"], "fibonacci-cube");
    EXPECT_EQ(rule["network"], "fibonacci-cube n=" + std::to_string(5 + k));
    for (auto* row : {&builtin, &rule}) row->erase("family"), row->erase("network");
    EXPECT_GE(builtin.size(), 8u);  // N, degree, diameter, ... bisection width
    EXPECT_EQ(rule, builtin) << "n=" << 5 + k;
  }
}

// Claims written as expressions (host/claims/expression_claim.hpp) on a rule file, as on
// a built-in family: the Fibonacci cube's diameter is n and its radius ceil(n/2); a
// claim that fails is exit 3 with the smallest counterexample.
TEST_F(RuleFamilyTwins, ClaimsWrittenAsExpressionsCheckARuleFile) {
  test::command_result r = test::run_topoverify(
      "check --claim 'diameter == n && radius == ceil(n / 2)' " + rule_file + " n=1..9", dir);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("claim.1: 9 hold"), std::string::npos) << r.out;
  r = test::run_topoverify("check --claim 'diameter == n - 1' " + rule_file + " n=2..5", dir);
  EXPECT_EQ(r.exit_code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("smallest counterexample: fibonacci-cube n=2: diameter = 2; n - 1 = 1"), std::string::npos)
      << r.out;
}

}  // namespace
