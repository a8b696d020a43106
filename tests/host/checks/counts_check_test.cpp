// The `counts` check (host/checks/registry.cpp): when a later check builds the graph,
// counts reads its degrees off that graph; alone, it enumerates the labels.  Both must
// give the fields that enumeration (graph::count_degrees) gives, directed families too.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "host/checks/registry.hpp"
#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;

const char* const count_fields[] = {"nodes", "edges", "degree_min", "degree_max", "degree_histogram",
                                    "in_degree_min", "in_degree_max", "in_degree_histogram"};

TEST(CountsCheck, FromTheBuiltGraphEqualsEnumeration) {
  const std::map<std::string, std::map<std::string, std::string>> instances = {
      {"postal", {{"lambda", "2"}, {"n", "13"}}},
      {"efc", {{"n", "14"}}},
      {"debruijn", {{"k", "8"}}},
      {"kautz", {{"d", "3"}, {"k", "4"}}},
  };
  for (const auto& [fam, kv] : instances) {
    const auto inst = host::make_instance(fam, kv);
    const auto alone = host::run_checks(inst, {}, core::backend::cpu);
    const auto with_graph = host::run_checks(inst, {"diameter"}, core::backend::cpu);
    EXPECT_FALSE(alone["timings"].contains("graph_s")) << fam;  // enumerated, no graph built
    EXPECT_TRUE(with_graph["timings"].contains("graph_s")) << fam;
    const graph::degree_summary s = graph::count_degrees(core::backend::cpu, inst.net);
    EXPECT_EQ(alone["nodes"], s.nodes) << fam;
    EXPECT_EQ(alone["edges"], s.edges) << fam;
    EXPECT_EQ(alone["degree_histogram"], s.degree_histogram) << fam;
    if (inst.directed()) EXPECT_EQ(alone["in_degree_histogram"], s.in_degree_histogram) << fam;
    for (const char* key : count_fields) {
      EXPECT_EQ(alone.contains(key), with_graph.contains(key)) << fam << " " << key;
      if (alone.contains(key)) EXPECT_EQ(alone[key], with_graph[key]) << fam << " " << key;
    }
  }
}

}  // namespace
