// Broadcast partials through their JSON text and back (host/checks/broadcast_partial_json):
// every field equal, for flooding, a tree scheme, a sample with per-source rounds, a trace
// and the all-to-all's link loads; a split written apart, read back and merged still
// finishes to broadcast()'s result; another version, a missing field or a wrong shape is
// refused in one line.
#include "host/checks/broadcast_partial_json.hpp"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "host/errors.hpp"
#include "kernels/graph/csr.hpp"
#include "tests/host/checks/partial_json_support.hpp"

namespace {

using namespace tv;
using sim::broadcast_partial;
using sim::broadcast_scheme;

auto fields(const broadcast_partial& p) {
  return std::tie(p.identity, p.covered, p.sources, p.rounds_max, p.rounds_min, p.active_rounds,
                  p.messages, p.duplicates, p.unreached, p.incomplete_sources,
                  p.first_incomplete_source, p.informed_per_round, p.messages_per_round,
                  p.duplicates_per_round, p.rounds_per_source, p.trace, p.link_loads, p.words,
                  p.batches);
}

broadcast_partial reread(const broadcast_partial& p) {
  return host::broadcast_partial_from_json(nlohmann::json::parse(host::broadcast_partial_to_json(p).dump()));
}

TEST(BroadcastPartialJson, EveryFieldSurvivesTheTextAndASplitStillFinishes) {
  struct run {
    families::family f;
    sim::broadcast_options opt;
  };
  std::vector<run> runs;
  runs.push_back({families::hypercube::make(6), {}});
  runs.back().opt.per_source = true;
  runs.push_back({families::postal_network::make(2, 9), {}});
  runs.back().opt.scheme = broadcast_scheme::postal_tree;
  runs.back().opt.sources = {40, 3, 17, 0, 54};
  runs.back().opt.per_source = true;
  runs.push_back({families::de_bruijn::make(6, true), {}});
  runs.back().opt.scheme = broadcast_scheme::debruijn_all_to_all;
  runs.push_back({families::de_bruijn::make(6, true), {}});
  runs.back().opt.scheme = broadcast_scheme::debruijn_rule1;
  runs.back().opt.sources = {37};
  runs.back().opt.trace = true;
  int loads = 0, traces = 0;
  for (const auto& [f, opt] : runs) {
    const auto g = graph::build_csr(core::backend::cpu, f);
    const auto whole = sim::run_broadcast_range(core::backend::cpu, f, g, opt, sim::every_source);
    const uint64_t order = whole.order_size();
    const auto head = sim::run_broadcast_range(core::backend::cpu, f, g, opt, {0, order / 3});
    const auto tail = sim::run_broadcast_range(core::backend::cpu, f, g, opt, {order / 3, order});
    for (const auto* p : {&whole, &head, &tail}) EXPECT_TRUE(fields(reread(*p)) == fields(*p));
    const auto merged = sim::finish(sim::merge(reread(tail), reread(head)));
    const auto one = sim::broadcast(core::backend::cpu, f, g, opt);
    EXPECT_EQ(std::tie(merged.messages, merged.rounds_per_source, merged.trace, merged.link_load_max),
              std::tie(one.messages, one.rounds_per_source, one.trace, one.link_load_max));
    loads += !whole.link_loads.empty();
    traces += !whole.trace.empty();
  }
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(traces, 1);
}

TEST(BroadcastPartialJson, RefusesOtherVersionsMissingFieldsAndWrongShapes) {
  const families::family f = families::hypercube::make(4);
  const auto g = graph::build_csr(core::backend::cpu, f);
  sim::broadcast_options opt;
  opt.per_source = true;
  const nlohmann::json good =
      host::broadcast_partial_to_json(sim::run_broadcast_range(core::backend::cpu, f, g, opt, {2, 9}));
  const auto with = [&](const char* key, const nlohmann::json& value) {
    return test::with(good, key, value);
  };
  const auto refusal = [](const nlohmann::json& j) {
    return test::read_refusal(host::broadcast_partial_from_json, j);
  };
  EXPECT_EQ(refusal(with("version", 2)), "broadcast partial: version 2, this build reads 1");
  EXPECT_EQ(refusal(nlohmann::json::array()), "broadcast partial: no \"version\" (not a partial)");
  nlohmann::json missing = good;
  missing.erase("messages");
  EXPECT_NE(refusal(missing).find("messages"), std::string::npos);
  EXPECT_EQ(refusal(with("rounds_per_source", std::vector<uint32_t>(15, 0))),
            "broadcast partial: rounds_per_source is not of the run's 16 sources");
  EXPECT_EQ(refusal(with("covered", {{5, 9}, {2, 6}})),
            "broadcast partial: covered ranges are not sorted, disjoint, non-empty and within the "
            "16 sources");
  EXPECT_EQ(refusal(with("sources", 8)), "broadcast partial: sources 8 but the covered ranges hold 7");
  EXPECT_EQ(refusal(with("link_loads", std::vector<uint64_t>(3, 0))),
            "broadcast partial: link_loads is not of 80 entries (iterations x nodes)");
  nlohmann::json bad_checksum = good;
  for (auto& field : bad_checksum["identity"])
    if (field[0] == "graph_checksum") field[1] = "xyz";
  EXPECT_EQ(refusal(bad_checksum), "broadcast partial: checksum \"xyz\" is not 16 hex digits");
  nlohmann::json no_sources = good;
  no_sources["identity"].erase(no_sources["identity"].size() - 2);  // ["sources", 16]
  EXPECT_EQ(refusal(no_sources), "broadcast partial: partial identity has no field \"sources\"");
  EXPECT_EQ(refusal(good), "(accepted)");
}

}  // namespace
