// Partials of the routing simulation (kernels/sim/routing_partial.hpp): for every family
// routing runs on and every algorithm and choice rule that runs there, the sources split
// into 1, 2, 3 and an uneven number of ranges, run apart, merged forward, backward and as
// a tree, finish to route_all()'s result field by field, the first stuck pair included.
// A partial holds exactly its sources' routes; merges that would count a source twice or
// mix runs, finishing with sources missing, ranges outside [0, N) and ranges of a
// sampled run are refused with the reason named.
#include "kernels/sim/routing_partial.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <utility>
#include <string>
#include <tuple>
#include <vector>

#include "tests/backends.hpp"
#include "tests/partial_splits.hpp"
#include "tests/refusal.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using sim::choice_rule;
using sim::routing_algorithm;
using sim::routing_options;
using sim::routing_partial;

/// Every field of a result, the first stuck pair as a tuple (or nothing).
auto outcome(const sim::routing_result& r) {
  std::optional<std::tuple<uint64_t, uint64_t, uint64_t, uint32_t>> first;
  if (r.first_stuck) first = std::tuple(r.first_stuck->source, r.first_stuck->target, r.first_stuck->at, r.first_stuck->hops);
  return std::tuple(r.pairs, r.delivered, r.stuck, first, r.hops_sum, r.excess_sum, r.max_excess,
                    r.hop_histogram, r.excess_histogram);
}

routing_partial merged(const routing_partial& a, const routing_partial& b) { return sim::merge(a, b); }

/// Every family routing runs on, small (the others have no Hamming edges).
std::vector<families::family> instances() {
  std::vector<families::family> out;
  for (const auto& f : test::small_instances())
    if (families::has_hamming_edges(f)) out.push_back(f);
  out.push_back(families::torus::make(2, 6));
  return out;
}

/// Every algorithm and choice rule, pn_nonminimal with 0, 1 and 2 spares.
std::vector<sim::routing_params> rules() {
  std::vector<sim::routing_params> out;
  for (auto a : {routing_algorithm::pn_adaptive, routing_algorithm::pn_nonminimal,
                 routing_algorithm::efc_unicast, routing_algorithm::ecube})
    for (auto c : {choice_rule::lowest, choice_rule::highest, choice_rule::random})
      for (int spares : {0, 1, 2}) {
        if (spares != 1 && a != routing_algorithm::pn_nonminimal) continue;
        sim::routing_params p;
        p.algorithm = a;
        p.choice = c;
        p.seed = 7;
        p.spare_limit = spares;
        out.push_back(p);
      }
  return out;
}

class RoutingPartialOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(RoutingPartialOn);

TEST_P(RoutingPartialOn, AnySplitMergedInAnyOrderFinishesToTheOneCallResult) {
  int runs = 0, stuck_runs = 0, first_stuck_later = 0;
  for (const families::family& f : instances()) {
    const uint64_t n = families::size_of(f);
    for (const sim::routing_params& rule : rules()) {
      if (!sim::routing_unsupported(f, rule).empty()) continue;
      routing_options opt;
      opt.rule = rule;
      const sim::routing_result one = sim::route_all(this->backend, f, opt);
      ++runs;
      stuck_runs += one.stuck > 0;
      for (const auto& split : test::splits(n)) {
        std::vector<routing_partial> parts;
        for (const auto& r : split) parts.push_back(sim::run_routing_range(this->backend, f, opt, r));
        // The first stuck pair comes from a later range than the first.
        first_stuck_later += one.stuck > 0 && !parts.front().totals.first_stuck;
        const std::string what = "N=" + std::to_string(n) + " algorithm " + std::to_string(int(rule.algorithm)) +
                                 " choice " + std::to_string(int(rule.choice)) + " spares " +
                                 std::to_string(rule.spare_limit) + ", " + std::to_string(split.size()) + " ranges";
        for (const auto& [how, m] : test::merged_in_three_orders(parts, merged)) {
          EXPECT_TRUE(m.complete()) << what << how;
          EXPECT_TRUE(outcome(sim::finish(m)) == outcome(one)) << what << how;
        }
      }
    }
  }
  // The runs exercise what they are there for.
  EXPECT_GT(runs, 20);
  EXPECT_GT(stuck_runs, 0);
  EXPECT_GT(first_stuck_later, 0);
}

// A range's partial holds exactly its sources' routes: pairs (s, t) for s in the range
// and every t != s, and their hops as route_path walks them one by one.
TEST_P(RoutingPartialOn, APartialHoldsItsOwnSourcesRoutes) {
  const families::family f = families::postal_network::make(2, 9);
  routing_options opt;
  opt.rule.algorithm = routing_algorithm::ecube;
  const core::source_range r{5, 23};
  const routing_partial p = sim::run_routing_range(this->backend, f, opt, r);
  const uint64_t n = families::size_of(f);
  uint64_t delivered = 0, hops = 0, stuck = 0;
  for (uint64_t s = r.begin; s < r.end; ++s)
    for (uint64_t t = 0; t < n; ++t) {
      if (t == s) continue;
      const auto path = sim::route_path(f, opt.rule, families::unrank(f, s), families::unrank(f, t));
      if (path.back() == families::unrank(f, t)) {
        ++delivered;
        hops += path.size() - 1;
      } else {
        ++stuck;
      }
    }
  const uint64_t pairs = (r.end - r.begin) * (n - 1);
  EXPECT_EQ(std::tie(p.totals.pairs, p.totals.delivered, p.totals.stuck, p.totals.hops_sum),
            std::tie(pairs, delivered, stuck, hops));
  EXPECT_GT(stuck, 0u);
  EXPECT_FALSE(p.complete());
  // An empty range adds nothing.
  const routing_partial none = sim::run_routing_range(this->backend, f, opt, {3, 3});
  EXPECT_TRUE(none.covered.empty());
  const routing_partial whole = sim::run_routing_range(this->backend, f, opt, core::every_source);
  EXPECT_TRUE(outcome(sim::finish(sim::merge(none, whole))) == outcome(sim::finish(whole)));
}

TEST_P(RoutingPartialOn, RefusesOverlapsOtherRunsMissingSourcesAndRangesOfASample) {
  const families::family f = families::hypercube::make(5);
  routing_options opt;
  const auto run = [&](const routing_options& o, core::source_range r) {
    return sim::run_routing_range(this->backend, f, o, r);
  };
  const routing_partial a = run(opt, {0, 20}), b = run(opt, {10, 32}), c = run(opt, {20, 32});
  routing_options highest = opt;
  highest.rule.choice = choice_rule::highest;
  const routing_partial bigger = sim::run_routing_range(this->backend, families::hypercube::make(6), opt, {20, 32});
  const std::vector<std::pair<std::function<void()>, std::string>> refusals = {
      {[&] { sim::merge(a, b); },
       "routing partials cover sources [0, 20) and [10, 32), which overlap: a source would count twice"},
      {[&] { sim::merge(c, c); },
       "routing partials cover sources [20, 32) and [20, 32), which overlap: a source would count twice"},
      {[&] { sim::merge(a, run(highest, {20, 32})); },
       "routing partials of different runs cannot merge: their choice differs: 1 and 2"},
      {[&] { sim::merge(a, bigger); }, "routing partials of different runs cannot merge: their bits differs: 5 and 6"},
      {[&] { sim::finish(a); }, "routing partial is incomplete: sources [20, 32) of 32 are not covered"},
      {[&] { sim::finish(c); }, "routing partial is incomplete: sources [0, 20) of 32 are not covered"},
      {[&] { run(opt, {30, 33}); }, "routing: sources [30, 33) are not within the 32 sources of the run"}};
  for (const auto& [call, words] : refusals) EXPECT_EQ(test::refusal(call), words);
  // A sample runs whole (its pairs' sources are random), to route_all's result.
  routing_options sample = opt;
  sample.sample_pairs = 500;
  sample.sample_seed = 3;
  EXPECT_NE(test::refusal([&] { run(sample, {0, 16}); }).find("takes no source range"), std::string::npos);
  EXPECT_TRUE(outcome(sim::finish(run(sample, core::every_source))) ==
              outcome(sim::route_all(this->backend, f, sample)));
  EXPECT_EQ(sim::finish(run(sample, {0, 32})).pairs, 500u);
  // The refusals leave the good merge working.
  EXPECT_TRUE(outcome(sim::finish(sim::merge(c, a))) == outcome(sim::route_all(this->backend, f, opt)));
}

}  // namespace
