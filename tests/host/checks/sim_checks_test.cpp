// The simulation checks as records: the keys of docs/simulations.md, the
// per-family defaults, options from a batch file's [job.options.NAME] tables, and errors
// that name the bad option.
#include <gtest/gtest.h>

#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

nlohmann::ordered_json record(const std::string& fam, std::map<std::string, std::string> kv,
                              const std::vector<std::string>& checks, json options = json::object()) {
  return host::run_checks(host::make_instance(fam, kv), checks, core::backend::cpu, options);
}

TEST(SimChecks, RecordsCarryTheDesignKeys) {
  const auto r = record("postal", {{"lambda", "2"}, {"n", "7"}},
                        {"routing", "broadcast", "postal"});
  for (const char* k : {"algorithm", "choice", "pairs", "stuck", "first_stuck", "max_excess"})
    EXPECT_TRUE(r["routing"].contains(k)) << k;
  for (const char* k : {"scheme", "sources", "rounds_max", "rounds_min", "messages", "duplicates",
                        "unreached"})
    EXPECT_TRUE(r["broadcast"].contains(k)) << k;
  for (const char* k : {"tree", "lambda", "broadcast_time", "barrier_time", "optimum"})
    EXPECT_TRUE(r["postal"].contains(k)) << k;
  EXPECT_EQ(r["routing"]["algorithm"], "pn_adaptive");
  EXPECT_EQ(r["routing"]["pairs"], 34u * 33u);
  EXPECT_EQ(r["broadcast"]["scheme"], "postal_tree");
  EXPECT_EQ(r["broadcast"]["sources"], 34u);
  EXPECT_EQ(r["postal"]["tree"], "postal");
  EXPECT_EQ(r["postal"]["lambda"], 2);
}

TEST(SimChecks, PrefixRunsEveryOperatorAndOrderByDefault) {
  const auto r = record("metacube", {{"k", "1"}, {"m", "2"}}, {"prefix"});
  ASSERT_TRUE(r["prefix"].is_array());
  EXPECT_EQ(r["prefix"].size(), 8u);
  for (const auto& e : r["prefix"])
    for (const char* k : {"algorithm", "operator", "order", "correct", "comm_steps", "comp_steps",
                          "non_edge_messages"})
      EXPECT_TRUE(e.contains(k)) << k;
  // One operator and one order: an object, not a list.
  const auto one = record("metacube", {{"k", "2"}, {"m", "1"}}, {"prefix"},
                          json{{"prefix", {{"operator", "add"}, {"order", "printed"}}}});
  ASSERT_TRUE(one["prefix"].is_object());
  EXPECT_EQ(one["prefix"]["correct"], true);
}

TEST(SimChecks, DefaultsPerFamily) {
  EXPECT_EQ(record("debruijn", {{"k", "5"}}, {"broadcast"})["broadcast"]["scheme"], "debruijn_rule1");
  EXPECT_EQ(record("efc", {{"n", "8"}}, {"broadcast"})["broadcast"]["scheme"], "eft");
  EXPECT_EQ(record("hypercube", {{"n", "4"}}, {"broadcast"})["broadcast"]["scheme"], "binomial_tree");
  EXPECT_EQ(record("lrn", {{"n", "6"}, {"seeds", "0,10"}}, {"broadcast"})["broadcast"]["scheme"],
            "binomial_tree");
  const auto m = record("efc", {{"n", "8"}}, {"multicast"}, json{{"multicast", {{"instances", 20}}}});
  ASSERT_TRUE(m["multicast"].is_array());
  EXPECT_EQ(m["multicast"][0]["scheme"], "eft_tree");
  EXPECT_EQ(m["multicast"][1]["scheme"], "hamiltonian");
  // Not applicable: recorded as skipped, not an error.
  EXPECT_TRUE(record("debruijn", {{"k", "4"}}, {"routing"})["routing"].contains("skipped"));
  EXPECT_TRUE(record("hypercube", {{"n", "4"}}, {"multicast"})["multicast"].contains("skipped"));
}

TEST(SimChecks, OptionsChangeTheRun) {
  const auto r = record("hypercube", {{"n", "6"}}, {"broadcast", "routing"},
                        json{{"broadcast", {{"scheme", "flooding"}, {"sources", 5}, {"seed", 3}}},
                             {"routing", {{"pairs", 100}, {"algorithm", "efc_unicast"}}}});
  EXPECT_EQ(r["broadcast"]["scheme"], "flooding");
  EXPECT_EQ(r["broadcast"]["sources"], 5u);
  EXPECT_EQ(r["broadcast"]["source_selection"], "sample");
  EXPECT_EQ(r["routing"]["pairs"], 100u);
  EXPECT_EQ(r["routing"]["sampled"], true);
  const auto list = record("efc", {{"n", "7"}}, {"broadcast"},
                           json{{"broadcast", {{"sources", {"01000"}}}}});
  EXPECT_EQ(list["broadcast"]["sources"], 1u);
  EXPECT_EQ(list["broadcast"]["rounds_max"], 4u);
}

TEST(SimChecks, BadOptionsNameTheProblem) {
  auto expect_error = [](const std::string& fam, std::map<std::string, std::string> kv,
                         const std::string& check, json opt, const std::string& needle) {
    try {
      record(fam, kv, {check}, json{{check, opt}});
      ADD_FAILURE() << "no error for " << opt.dump();
    } catch (const host::input_error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_error("hypercube", {{"n", "4"}}, "routing", {{"algoritm", "ecube"}}, "unknown option 'algoritm'");
  expect_error("hypercube", {{"n", "4"}}, "routing", {{"algorithm", "xy"}}, "unknown routing algorithm 'xy'");
  expect_error("hypercube", {{"n", "4"}}, "broadcast", {{"scheme", "debruijn_rule1"}}, "directed de Bruijn");
  expect_error("postal", {{"lambda", "2"}, {"n", "5"}}, "prefix", {{"algorithm", "metacube"}}, "Metacube");
  expect_error("efc", {{"n", "7"}}, "multicast", {{"destinations", 100}}, "out of range");
  expect_error("efc", {{"n", "7"}}, "broadcast", {{"sources", {"11000"}}}, "not a node");
}

}  // namespace
