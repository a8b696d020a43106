// Partials of the all-pairs engine (kernels/distance/all_pairs_partial.hpp): the sources
// split into 1, 2, 3 and an uneven number of ranges, run apart, merged forward, backward
// and as a tree, finish to the one-call result field by field (the run's timings, and its
// batch count where ranges cut batches, aside), with and without symmetry, the Hamming
// counterexample included; merges that would count a source twice, mix graphs or
// options, and finishing with sources missing are refused.
#include "kernels/distance/all_pairs_partial.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <stdexcept>
#include <optional>
#include <string>
#include <tuple>

#include "tests/backends.hpp"
#include "tests/distance/reference.hpp"
#include "tests/partial_splits.hpp"
#include "tests/refusal.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using distance::all_pairs_options;
using distance::all_pairs_partial;
using distance::source_range;

using test::splits;

/// What a one-call run found and how it chose its sources, for comparison.
auto statistics(const distance::all_pairs_result& r) {
  return std::tie(r.nodes, r.sources, r.diameter, r.radius, r.distance_counts, r.unreachable_pairs,
                  r.eccentricity_histogram, r.distance_sum, r.hamming_paths, r.eccentricity,
                  r.per_node_distance_sum, r.automorphisms, r.orbits, r.sources_run);
}
std::optional<std::tuple<uint32_t, uint32_t, uint32_t, uint32_t>> counterexample(
    const distance::all_pairs_result& r) {
  if (!r.counterexample) return std::nullopt;
  const auto& c = *r.counterexample;
  return std::tuple(c.source, c.target, c.distance, c.hamming);
}

/// Every field a one-call run reports, but its level timings; its batch count and W
/// only where `same_batches` and `same_words` say the runs cut the sources alike.
void expect_same_result(const distance::all_pairs_result& a, const distance::all_pairs_result& b,
                        bool same_batches, bool same_words, const std::string& what) {
  EXPECT_TRUE(statistics(a) == statistics(b)) << what;
  EXPECT_EQ(counterexample(a), counterexample(b)) << what;
  if (same_words) EXPECT_EQ(a.words, b.words) << what;
  if (same_batches) EXPECT_EQ(a.batches, b.batches) << what;
}

/// Every statistic the engine has, the Hamming check on undirected graphs.
all_pairs_options every_statistic(const graph::csr_graph& g, bool symmetry, int words) {
  all_pairs_options opt;
  opt.symmetry = symmetry;
  opt.per_node = true;
  opt.words = words;
  opt.hamming = !g.directed;
  return opt;
}

class AllPairsPartialOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(AllPairsPartialOn);

TEST_P(AllPairsPartialOn, AnySplitMergedInAnyOrderFinishesToTheOneCallResult) {
  std::vector<graph::csr_graph> graphs;
  for (const auto& fam : test::small_instances()) graphs.push_back(graph::build_csr(core::backend::cpu, fam));
  graphs.push_back(test::hypercube_with_a_hole());
  int counterexamples = 0, symmetric_runs = 0;
  for (const auto& g : graphs)
    for (bool symmetry : {false, true})
      for (int W : {0, 1}) {
        const all_pairs_options opt = every_statistic(g, symmetry, W);
        const distance::all_pairs_result one = distance::all_pairs(this->backend, g, opt);
        const uint64_t order = symmetry ? one.orbits : g.nodes;
        counterexamples += one.counterexample.has_value();
        symmetric_runs += symmetry && one.orbits < g.nodes;
        for (const auto& split : splits(order)) {
          std::vector<all_pairs_partial> parts;
          for (const source_range& r : split)
            parts.push_back(distance::run_all_pairs_range(this->backend, g, opt, r));
          const std::string what = "N=" + std::to_string(g.nodes) + (symmetry ? " symmetry" : "") +
                                   " W=" + std::to_string(W) + ", " + std::to_string(split.size()) +
                                   " ranges";
          const bool whole = split.size() == 1;
          const auto merges = test::merged_in_three_orders(
              parts, [](const all_pairs_partial& a, const all_pairs_partial& b) { return distance::merge(a, b); });
          for (const auto& [how, merged] : merges) {
            ASSERT_TRUE(merged.complete()) << what << how;
            expect_same_result(distance::finish(merged), one, whole, whole || W != 0, what + how);
          }
        }
      }
  // The instances exercise what they are there for.
  EXPECT_GT(counterexamples, 0);
  EXPECT_GT(symmetric_runs, 0);
}

// Ranges cut at the plan's batch starts and run with its W run the one call's batches:
// the finished statistics and the record's batch count and W are the one call's, so a
// run split over checkpoints or processes records what one call does.  Each split runs
// with a fresh engine per range and with one kept engine_cache, shared by every graph
// and option here, so that kept engines are both reused and replaced.
TEST_P(AllPairsPartialOn, RangesCutAtThePlansBatchStartsRunTheOneCallsBatches) {
  const auto cache = std::make_shared<distance::engine_cache>();
  std::vector<graph::csr_graph> graphs;
  for (const auto& fam : test::small_instances()) graphs.push_back(graph::build_csr(core::backend::cpu, fam));
  graphs.push_back(graph::build_csr(core::backend::cpu, families::hypercube::make(9)));
  graphs.push_back(graph::build_csr(core::backend::cpu, families::postal_network::make(2, 12)));
  uint64_t most_batches = 0;
  for (const auto& g : graphs)
    for (bool symmetry : {false, true})
      for (int W : {0, 1}) {
        const all_pairs_options opt = every_statistic(g, symmetry, W);
        const distance::all_pairs_result one = distance::all_pairs(this->backend, g, opt);
        const distance::all_pairs_plan plan = distance::plan_all_pairs(this->backend, g, opt);
        const std::string what = "N=" + std::to_string(g.nodes) + (symmetry ? " symmetry" : "") +
                                 " W=" + std::to_string(W);
        ASSERT_EQ(plan.batch_starts.size(), one.batches) << what;
        EXPECT_EQ(plan.words, one.words) << what;
        EXPECT_EQ(plan.identity.order_size, symmetry ? one.orbits : g.nodes) << what;
        most_batches = std::max<uint64_t>(most_batches, one.batches);
        all_pairs_options planned = opt;
        planned.plan_words = plan.words;
        // Every batch its own range, and every second batch start a cut.
        for (size_t step : {size_t{1}, size_t{2}})
          for (bool kept : {false, true}) {
            planned.engines = kept ? cache : nullptr;
            all_pairs_partial merged;
            bool first = true;
            for (size_t i = 0; i < plan.batch_starts.size(); i += step) {
              const uint64_t end = i + step < plan.batch_starts.size() ? plan.batch_starts[i + step]
                                                                       : plan.identity.order_size;
              auto part = distance::run_all_pairs_range(this->backend, g, planned, {plan.batch_starts[i], end});
              merged = first ? std::move(part) : distance::merge(std::move(merged), part);
              first = false;
            }
            ASSERT_TRUE(merged.complete()) << what;
            expect_same_result(distance::finish(std::move(merged)), one, true, true,
                               what + ", a cut every " + std::to_string(step) + " batches" +
                                   (kept ? ", the engine kept" : ""));
          }
      }
  EXPECT_GT(most_batches, 4u);  // some graph has batches enough to cut
  EXPECT_NE(cache->kept, nullptr);
}

// The one-call result on a range of the fixed order, checked against brute force over
// those sources alone: a partial holds exactly its sources' pairs.
TEST_P(AllPairsPartialOn, APartialCountsItsOwnSourcesPairs) {
  const auto g = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 10));
  const auto m = test::distance_matrix(g);
  all_pairs_options opt;
  opt.symmetry = false;
  opt.colour_order = false;  // sources 5 .. 39 are nodes 5 .. 39
  const source_range r{5, 40};
  const auto p = distance::run_all_pairs_range(this->backend, g, opt, r);
  std::vector<uint64_t> counts;
  for (uint64_t s = r.begin; s < r.end; ++s)
    for (uint64_t t = 0; t < g.nodes; ++t) {
      if (counts.size() <= m[s][t]) counts.resize(m[s][t] + 1, 0);
      ++counts[m[s][t]];
    }
  EXPECT_EQ(p.distance_counts, counts);
  EXPECT_EQ(p.sources, r.end - r.begin);
  EXPECT_FALSE(p.complete());
  // An empty range adds nothing, with or without orbits.
  for (bool symmetry : {false, true}) {
    opt.symmetry = symmetry;
    const auto whole = distance::run_all_pairs_range(this->backend, g, opt, distance::every_source);
    const auto none = distance::run_all_pairs_range(this->backend, g, opt, {3, 3});
    EXPECT_TRUE(none.covered.empty());
    EXPECT_EQ(distance::finish(distance::merge(none, whole)).distance_counts,
              distance::finish(whole).distance_counts);
  }
}

TEST_P(AllPairsPartialOn, RefusesOverlapsOtherGraphsOtherOptionsAndMissingSources) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(5));
  const auto h = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 8));
  all_pairs_options opt;
  opt.symmetry = false;
  const auto a = distance::run_all_pairs_range(this->backend, g, opt, {0, 20});
  const auto b = distance::run_all_pairs_range(this->backend, g, opt, {10, 32});
  const auto c = distance::run_all_pairs_range(this->backend, g, opt, {20, 32});
  auto refused = [](const std::function<void()>& f, const std::string& words) {
    const std::string said = test::refusal(f);
    EXPECT_NE(said.find(words), std::string::npos) << said;
  };
  refused([&] { distance::merge(a, b); }, "[0, 20) and [10, 32), which overlap");
  refused([&] { distance::merge(a, a); }, "overlap");
  refused([&] { distance::merge(a, distance::run_all_pairs_range(this->backend, h, opt, {20, 21})); },
          "node counts 32 and 55");
  all_pairs_options with_hamming = opt;
  with_hamming.hamming = true;
  refused([&] { distance::merge(a, distance::run_all_pairs_range(this->backend, g, with_hamming, {20, 32})); },
          "Hamming check");
  all_pairs_options symmetric = opt;
  symmetric.symmetry = true;
  refused([&] { distance::merge(a, distance::run_all_pairs_range(this->backend, g, symmetric, {0, 1})); },
          "symmetry");
  refused([&] { distance::finish(a); }, "sources [20, 32) of 32 are not covered");
  refused([&] { distance::finish(c); }, "sources [0, 20) of 32 are not covered");
  refused([&] { distance::run_all_pairs_range(this->backend, g, opt, {30, 33}); },
          "not within the 32 sources");
  // The refusals leave the good merge working.
  EXPECT_EQ(distance::finish(distance::merge(c, a)).distance_counts,
            distance::all_pairs(this->backend, g, opt).distance_counts);
}

}  // namespace
