// Routing partials through their JSON text and back (host/checks/routing_partial_json):
// every field equal, a first stuck pair and a sample included; a split written apart,
// read back and merged still finishes to route_all()'s result; another version, a
// missing field or a wrong shape is refused in one line.
#include "host/checks/routing_partial_json.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <tuple>

#include "host/errors.hpp"
#include "tests/host/checks/partial_json_support.hpp"

namespace {

using namespace tv;
using sim::routing_partial;

auto fields(const routing_partial& p) {
  const sim::routing_result& t = p.totals;
  std::optional<std::tuple<uint64_t, uint64_t, uint64_t, uint32_t>> first;
  if (const auto& s = t.first_stuck) first = std::tuple(s->source, s->target, s->at, s->hops);
  return std::tuple(p.identity, p.covered, t.pairs, t.delivered, t.stuck, t.hops_sum, t.excess_sum,
                    t.max_excess, first, p.first_stuck_index, t.hop_histogram, t.excess_histogram);
}

routing_partial reread(const routing_partial& p) {
  return host::routing_partial_from_json(nlohmann::json::parse(host::routing_partial_to_json(p).dump()));
}

TEST(RoutingPartialJson, EveryFieldSurvivesTheTextAndASplitStillFinishes) {
  const families::family f = families::postal_network::make(2, 9);
  for (auto algorithm : {sim::routing_algorithm::ecube, sim::routing_algorithm::pn_adaptive}) {
    sim::routing_options opt;
    opt.rule.algorithm = algorithm;
    const auto whole = sim::run_routing_range(core::backend::cpu, f, opt, core::every_source);
    const uint64_t n = whole.order_size();
    const auto head = sim::run_routing_range(core::backend::cpu, f, opt, {0, n / 3});
    const auto tail = sim::run_routing_range(core::backend::cpu, f, opt, {n / 3, n});
    for (const auto* p : {&whole, &head, &tail}) EXPECT_TRUE(fields(reread(*p)) == fields(*p));
    const auto merged = sim::finish(sim::merge(reread(tail), reread(head)));
    const auto one = sim::route_all(core::backend::cpu, f, opt);
    EXPECT_EQ(std::tie(merged.pairs, merged.stuck, merged.hops_sum, merged.hop_histogram),
              std::tie(one.pairs, one.stuck, one.hops_sum, one.hop_histogram));
    EXPECT_EQ(merged.first_stuck.has_value(), algorithm == sim::routing_algorithm::ecube);
  }
  sim::routing_options sample;
  sample.sample_pairs = 300;
  const auto sampled = sim::run_routing_range(core::backend::cpu, f, sample, core::every_source);
  EXPECT_TRUE(fields(reread(sampled)) == fields(sampled));
}

TEST(RoutingPartialJson, RefusesOtherVersionsMissingFieldsAndWrongShapes) {
  const families::family f = families::postal_network::make(2, 7);
  sim::routing_options opt;
  opt.rule.algorithm = sim::routing_algorithm::ecube;
  const nlohmann::json good =
      host::routing_partial_to_json(sim::run_routing_range(core::backend::cpu, f, opt, {2, 9}));
  ASSERT_FALSE(good["first_stuck"].is_null());
  const auto with = [&](const char* key, const nlohmann::json& value) {
    return test::with(good, key, value);
  };
  const auto refusal = [](const nlohmann::json& j) {
    return test::read_refusal(host::routing_partial_from_json, j);
  };
  EXPECT_EQ(refusal(with("version", 0)), "routing partial: version 0, this build reads 1");
  nlohmann::json missing = good;
  missing.erase("hops_sum");
  EXPECT_NE(refusal(missing).find("hops_sum"), std::string::npos);
  EXPECT_EQ(refusal(with("first_stuck", nullptr)),
            "routing partial: a first stuck pair goes with its index and with stuck routes");
  EXPECT_EQ(refusal(with("stuck", good["stuck"].get<uint64_t>() + 1)),
            "routing partial: delivered and stuck routes do not add up to the pairs");
  nlohmann::json more = with("pairs", good["pairs"].get<uint64_t>() + 1);
  more["delivered"] = good["delivered"].get<uint64_t>() + 1;
  EXPECT_NE(refusal(more).find("but the covered sources route"), std::string::npos);
  EXPECT_NE(refusal(with("covered", {{0, 99}})).find("covered ranges are not sorted"), std::string::npos);
  nlohmann::json bad_identity = good;
  bad_identity["identity"][0][1] = "zero";
  EXPECT_EQ(refusal(bad_identity), "routing partial: identity field \"family\" has the value \"zero\"");
  EXPECT_EQ(refusal(good), "(accepted)");
}

}  // namespace
