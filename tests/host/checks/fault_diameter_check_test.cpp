// The `fault_diameter` check's record and options: the method label ("exact by orbits",
// or "sampled (K of M failed sets, seed S)" with the job's seed), the worst failed set as
// label bit strings, the value against removing every node with a queue BFS, and every
// bad option refused as input_error before any work.
#include <gtest/gtest.h>

#include <memory>

#include "host/checks/fault_diameter_check.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"

namespace {

using namespace tv;

nlohmann::ordered_json fault_record(const host::instance& inst, const nlohmann::json& options, uint64_t seed) {
  host::check_context ctx{inst, core::backend::cpu};
  ctx.options = options;
  ctx.seed = seed;
  nlohmann::ordered_json rec;
  host::run_fault_diameter(ctx, rec);
  return rec["fault_diameter"];
}

// The folded cube FQ(4): degree 5, so no failed node disconnects it; the worst diameter
// left is found by removing each node and running a BFS from every other.
TEST(FaultDiameterCheck, ExactRecordEqualsRemovingEachNode) {
  const auto inst = host::make_instance("foldedcube", {{"n", "4"}});
  const auto g = graph::build_csr(core::backend::cpu, inst.net);
  uint32_t worst = 0;
  for (uint64_t failed = 0; failed < g.nodes; ++failed) {
    auto keep = [&](uint64_t u, uint64_t v) { return u != failed && v != failed; };
    for (uint64_t s = 0; s < g.nodes; ++s)
      if (s != failed) {
        const auto d = test::queue_bfs_where(g, s, keep);
        for (uint64_t t = 0; t < g.nodes; ++t)
          if (t != failed) worst = std::max(worst, d[t]);
      }
  }
  const auto f = fault_record(inst, nlohmann::json::object(), 1);
  EXPECT_EQ(f["method"], "exact by orbits");
  EXPECT_EQ(f["connected"], true);
  EXPECT_EQ(f["diameter"], worst);
  EXPECT_EQ(f["failures"], 1);
  EXPECT_EQ(f["failed_sets"], 16);
  ASSERT_EQ(f["worst_failed_set"].size(), 1u);
  EXPECT_EQ(f["worst_failed_set"][0].get<std::string>().size(), 4u);  // a 4-bit label
}

TEST(FaultDiameterCheck, SampledRecordNamesItsSampleAndSeed) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "6"}});
  const nlohmann::json options = {{"failures", 2}, {"budget", 5}, {"symmetry", false}};
  const auto f = fault_record(inst, options, 42);
  EXPECT_EQ(f["method"], "sampled (5 of 210 failed sets, seed 42)");  // C(21, 2) = 210
  EXPECT_FALSE(f.contains("classes"));
  EXPECT_EQ(fault_record(inst, options, 42), f);
}

// DDB(4): removing 0001 leaves 0000 without a way out.
TEST(FaultDiameterCheck, DisconnectingFailureIsSaid) {
  const auto f = fault_record(host::make_instance("debruijn", {{"k", "4"}}), nlohmann::json::object(), 1);
  EXPECT_EQ(f["connected"], false);
  EXPECT_TRUE(f["diameter"].is_null());
  EXPECT_TRUE(f.contains("note"));
}

TEST(FaultDiameterCheck, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  for (const nlohmann::json& bad :
       {nlohmann::json{{"failures", 0}}, nlohmann::json{{"failures", 3}}, nlohmann::json{{"failures", "1"}},
        nlohmann::json{{"budget", 0}}, nlohmann::json{{"budget", 1.5}}, nlohmann::json{{"symmetry", 1}},
        nlohmann::json{{"words", 3}}, nlohmann::json{{"seed", 1}}, nlohmann::json::array()}) {
    EXPECT_THROW(host::validate_fault_diameter_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("fault_diameter"), bad, &inst), host::input_error)
        << bad.dump();
  }
  // Q(1) has two nodes: two failures leave nothing to measure.
  const auto q1 = host::make_instance("hypercube", {{"n", "1"}});
  EXPECT_THROW(host::validate_check_options(host::find_check("fault_diameter"), {{"failures", 2}}, &q1),
               host::input_error);
  EXPECT_NO_THROW(host::validate_check_options(host::find_check("fault_diameter"), {{"failures", 1}}, &q1));
  const auto s = host::parse_fault_diameter_options({{"failures", 2}, {"budget", 9}, {"words", 4}});
  EXPECT_EQ(s.failures, 2);
  EXPECT_EQ(s.budget, 9u);
  EXPECT_EQ(s.words, 4);
}

}  // namespace
