// The `connectivity` check's record and options: values equal to brute force
// (tests/graph/cut_reference.hpp), witnesses as label bit strings that break the graph
// when removed, and every bad option refused as input_error before any work.
#include <gtest/gtest.h>

#include <map>
#include <memory>

#include "host/checks/connectivity_check.hpp"
#include "host/checks/registry.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/graph/cut_reference.hpp"

namespace {

using namespace tv;

TEST(ConnectivityCheck, RecordEqualsBruteForceWithLabelledWitnesses) {
  for (const auto& [family, kv] : std::vector<std::pair<std::string, std::map<std::string, std::string>>>{
           {"hypercube", {{"n", "3"}}}, {"postal", {{"lambda", "2"}, {"n", "5"}}}, {"kautz", {{"d", "2"}, {"k", "2"}}}}) {
    const auto inst = host::make_instance(family, kv);
    const auto rec = host::run_checks(inst, {"connectivity"}, core::backend::cpu);
    const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
    const auto& c = rec["connectivity"];
    EXPECT_EQ(c["strong"], g.directed) << family;
    EXPECT_EQ(c["vertex_connectivity"], test::brute_vertex_connectivity(g)) << family;
    EXPECT_EQ(c["edge_connectivity"], test::brute_edge_connectivity(g)) << family;
    // The witness, read back from its labels, breaks the graph.
    const int width = families::bits_of(inst.net);
    auto node_of = [&](const nlohmann::ordered_json& bits) {
      const uint64_t label = host::parse_bits(bits.get<std::string>());
      EXPECT_EQ(bits.get<std::string>().size(), static_cast<size_t>(width));
      return static_cast<uint32_t>(std::find(g.labels.begin(), g.labels.end(), label) - g.labels.begin());
    };
    std::vector<char> removed(g.nodes, 0);
    for (const auto& v : c["vertex_cut"]) removed[node_of(v)] = 1;
    EXPECT_EQ(c["vertex_cut"].size(), c["vertex_connectivity"].get<size_t>()) << family;
    EXPECT_FALSE(test::stays_connected(g, removed)) << family;
    std::set<test::arc> cut;
    for (const auto& a : c["edge_cut"]) cut.insert({node_of(a[0]), node_of(a[1])});
    EXPECT_EQ(cut.size(), c["edge_connectivity"].get<size_t>()) << family;
    EXPECT_FALSE(test::stays_connected(g, std::vector<char>(g.nodes, 0), cut)) << family;
  }
}

TEST(ConnectivityCheck, WithoutSymmetryTheSameValues) {
  const auto inst = host::make_instance("torus", {{"k", "3"}, {"n", "2"}});
  const auto with = host::run_checks(inst, {"connectivity"}, core::backend::cpu)["connectivity"];
  const auto without = host::run_checks(inst, {"connectivity"}, core::backend::cpu,
                                        {{"connectivity", {{"symmetry", false}}}})["connectivity"];
  EXPECT_EQ(with["vertex_connectivity"], 4);
  EXPECT_EQ(without["vertex_connectivity"], 4);
  EXPECT_EQ(with["edge_connectivity"], without["edge_connectivity"]);
  EXPECT_TRUE(without["automorphisms"].empty());
  EXPECT_LT(with["flows"]["vertex"].get<uint64_t>(), without["flows"]["vertex"].get<uint64_t>());
}

TEST(ConnectivityCheck, BadOptionsAreInputErrors) {
  const auto inst = host::make_instance("hypercube", {{"n", "3"}});
  for (const nlohmann::json& bad : {nlohmann::json{{"symmetry", 1}}, nlohmann::json{{"symmetry", "yes"}},
                                    nlohmann::json{{"pairs", 3}}, nlohmann::json::array()}) {
    EXPECT_THROW(host::validate_connectivity_options(bad), host::input_error) << bad.dump();
    EXPECT_THROW(host::validate_check_options(host::find_check("connectivity"), bad, &inst), host::input_error)
        << bad.dump();
  }
  EXPECT_FALSE(host::parse_connectivity_options({{"symmetry", false}}).symmetry);
  try {
    host::validate_connectivity_options({{"pairs", 3}});
  } catch (const host::input_error& e) {
    EXPECT_STREQ(e.what(), "connectivity: unknown option 'pairs' (options: symmetry, max_flows)");
  }
  for (const nlohmann::json& bad : {nlohmann::json{{"max_flows", 0}}, nlohmann::json{{"max_flows", "10"}},
                                    nlohmann::json{{"max_flows", 2.5}}})
    EXPECT_THROW(host::validate_connectivity_options(bad), host::input_error) << bad.dump();
  EXPECT_EQ(host::parse_connectivity_options({{"max_flows", 7}}).max_flows, 7u);
}

// More flows planned than max_flows: the record says so, with no values, and none runs.
TEST(ConnectivityCheck, PlannedFlowsOverTheLimitAreSaid) {
  const auto inst = host::make_instance("postal", {{"lambda", "2"}, {"n", "8"}});
  const auto c = host::run_checks(inst, {"connectivity"}, core::backend::cpu,
                                  {{"connectivity", {{"max_flows", 10}}}})["connectivity"];
  EXPECT_TRUE(c["vertex_connectivity"].is_null());
  EXPECT_TRUE(c["edge_connectivity"].is_null());
  EXPECT_GT(c["flows_planned"].get<uint64_t>(), 10u);
  EXPECT_FALSE(c.contains("flows"));
  EXPECT_NE(c["skipped"].get<std::string>().find("over max_flows = 10"), std::string::npos);
  const auto full = host::run_checks(inst, {"connectivity"}, core::backend::cpu)["connectivity"];
  EXPECT_EQ(full["flows_planned"], c["flows_planned"]);
  EXPECT_LE(full["flows"]["vertex"].get<uint64_t>() + full["flows"]["edge"].get<uint64_t>(),
            full["flows_planned"].get<uint64_t>());
}

}  // namespace
