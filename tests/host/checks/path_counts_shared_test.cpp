// The paths and endpoints checks share one pass of shortest-path counts on an instance
// when their sources agree (host/checks/path_diversity_check.cpp): the record of both
// together is the records of each alone, in either order, exact, sampled alike and
// sampled with different sources (then each runs its own pass).
#include <gtest/gtest.h>

#include "host/checks/registry.hpp"
#include "host/families.hpp"

namespace {

using namespace tv;
using json = nlohmann::json;

TEST(PathCountsShared, BothChecksAsEachAlone) {
  const std::vector<json> option_sets = {
      json::object(),
      {{"paths", {{"sources", 9}}}, {"endpoints", {{"sources", 9}}}},
      {{"paths", {{"sources", 9}}}, {"endpoints", {{"sources", 6}}}}};
  for (const auto& [family, params] : std::vector<std::pair<std::string, std::map<std::string, std::string>>>{
           {"dragonfly", {{"a", "4"}, {"h", "2"}}}, {"fattree", {{"k", "4"}, {"n", "3"}}}, {"hypercube", {{"n", "6"}}}}) {
    const auto inst = host::make_instance(family, params);
    for (const json& options : option_sets) {
      const auto alone_paths = host::run_checks(inst, {"paths"}, core::backend::cpu, options);
      const auto alone_endpoints = host::run_checks(inst, {"endpoints"}, core::backend::cpu, options);
      for (const auto& order : {std::vector<std::string>{"paths", "endpoints"}, {"endpoints", "paths"}}) {
        const auto both = host::run_checks(inst, order, core::backend::cpu, options);
        EXPECT_EQ(both["path_diversity"], alone_paths["path_diversity"]) << inst.label() << " " << options.dump();
        EXPECT_EQ(both["endpoints"], alone_endpoints["endpoints"]) << inst.label() << " " << options.dump();
      }
    }
  }
}

}  // namespace
