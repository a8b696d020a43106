// Partials of the broadcast engine (kernels/sim/broadcast_partial.hpp): for every family
// and every scheme and tree mode that runs on it, the sources split into 1, 2, 3 and an
// uneven number of ranges, run apart, merged forward, backward and as a tree, finish to
// broadcast()'s result field by field (W and the batch count, which say how the runs
// were cut, for the single range only); source samples in any input order, per-source
// rounds, a trace and the all-to-all's link loads included.  A partial holds exactly its
// sources' broadcasts; merges that would count a source twice or mix runs, finishing with
// sources missing and ranges outside the order are refused with the ranges named.
#include "kernels/sim/broadcast_partial.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "tests/partial_splits.hpp"
#include "tests/refusal.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using sim::broadcast_options;
using sim::broadcast_partial;
using sim::broadcast_scheme;
using sim::tree_mode;

/// Every family the simulators run on, small.
std::vector<families::family> instances() {
  std::vector<families::family> out = test::small_instances();
  out.push_back(families::folded_hypercube::make(5));
  out.push_back(families::torus::make(4, 3));
  out.push_back(families::kautz::make(2, 4));
  out.push_back(families::star_graph::make(5));
  out.push_back(families::dary_de_bruijn::make(3, 4));
  return out;
}

/// Every field of a result but how the runs were cut (W, batches).
auto outcome(const sim::broadcast_result& r) {
  return std::tie(r.scheme, r.mode, r.nodes, r.sources, r.rounds_max, r.rounds_min, r.active_rounds,
                  r.messages, r.duplicates, r.unreached, r.incomplete_sources,
                  r.first_incomplete_source, r.informed_per_round, r.messages_per_round,
                  r.duplicates_per_round, r.rounds_per_source, r.trace, r.link_load_max,
                  r.link_load_min, r.link_load_total);
}

struct named_options {
  std::string name;
  broadcast_options opt;
};

/// Every scheme and tree mode that runs on `f`, with per-source rounds, at W = 0 (from
/// memory) and W = 1 (64 sources a batch, so ranges cut batches); then flooding back to
/// the senders, a shuffled sample of sources, a trace, and the all-to-all relaying new
/// messages only.
std::vector<named_options> runs_on(const families::family& f) {
  std::vector<named_options> out;
  const uint64_t n = families::size_of(f);
  for (auto s : {broadcast_scheme::flooding, broadcast_scheme::binomial_tree, broadcast_scheme::postal_tree,
                 broadcast_scheme::eft, broadcast_scheme::debruijn_rule1, broadcast_scheme::debruijn_all_to_all})
    for (auto m : {tree_mode::automatic, tree_mode::up_down, tree_mode::via_root, tree_mode::translated}) {
      if (!sim::broadcast_unsupported(f, s, m).empty()) continue;
      if (m != tree_mode::automatic && sim::resolve_tree_mode(f, s, m) == tree_mode::automatic) continue;
      for (int W : {0, 1}) {
        named_options r{"scheme " + std::to_string(int(s)) + " mode " + std::to_string(int(m)) +
                            " W=" + std::to_string(W),
                        {}};
        r.opt.scheme = s;
        r.opt.mode = m;
        r.opt.per_source = true;
        r.opt.words = W;
        out.push_back(r);
        if (s == broadcast_scheme::debruijn_all_to_all) {
          r.opt.relay_new_only = true;
          out.push_back({r.name + " relay new only", r.opt});
        }
      }
    }
  named_options back{"flooding to the senders too", {}};
  back.opt.flood_exclude_sender = false;
  out.push_back(back);
  named_options sample{"a shuffled sample, default scheme", {}};
  sample.opt.scheme = sim::default_scheme(f);
  sample.opt.per_source = true;
  sample.opt.words = 1;
  std::vector<uint64_t> picks = {n - 1, 3, 0, n / 2, n / 3 + 1, 7, n - 5};
  for (uint64_t s = 9; s < n - 6; s += 5) picks.push_back(s);
  for (uint64_t s : picks)  // distinct, in this (unsorted) order
    if (std::find(sample.opt.sources.begin(), sample.opt.sources.end(), s) == sample.opt.sources.end())
      sample.opt.sources.push_back(s);
  if (sample.opt.scheme != broadcast_scheme::debruijn_all_to_all) out.push_back(sample);
  named_options trace{"a trace from one source", {}};
  trace.opt.scheme = sample.opt.scheme;
  trace.opt.sources = {n / 2};
  trace.opt.trace = true;
  if (trace.opt.scheme != broadcast_scheme::debruijn_all_to_all) out.push_back(trace);
  return out;
}

sim::broadcast_partial merged(const sim::broadcast_partial& a, const sim::broadcast_partial& b) {
  return sim::merge(a, b);
}

/// Splits the run of `opt` on (f, g) every way, merges the parts in three orders and
/// expects broadcast()'s result from each; returns that result.
sim::broadcast_result expect_every_split_finishes_alike(core::backend b, const families::family& f,
                                                       const graph::csr_graph& g,
                                                       const broadcast_options& opt,
                                                       const std::string& name) {
  const sim::broadcast_result one = sim::broadcast(b, f, g, opt);
  for (const auto& split : test::splits(one.sources)) {
    std::vector<broadcast_partial> parts;
    for (const auto& r : split) parts.push_back(sim::run_broadcast_range(b, f, g, opt, r));
    const std::string what = "N=" + std::to_string(g.nodes) + " " + name + ", " +
                             std::to_string(split.size()) + " ranges";
    for (const auto& [how, m] : test::merged_in_three_orders(parts, merged)) {
      EXPECT_TRUE(m.complete()) << what << how;
      const sim::broadcast_result r = sim::finish(m);
      EXPECT_TRUE(outcome(r) == outcome(one)) << what << how;
      if (split.size() == 1) EXPECT_EQ(std::tie(r.words, r.batches), std::tie(one.words, one.batches)) << what;
    }
  }
  return one;
}

class BroadcastPartialOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(BroadcastPartialOn);

TEST_P(BroadcastPartialOn, AnySplitMergedInAnyOrderFinishesToTheOneCallResult) {
  int traces = 0, loads = 0, tree_runs = 0, samples = 0, runs = 0;
  for (const families::family& f : instances()) {
    const auto g = graph::build_csr(core::backend::cpu, f);
    for (const auto& [name, opt] : runs_on(f)) {
      // Where broadcast() refuses (a tree the family lacks), a range run refuses alike.
      const std::string why = test::refusal([&] { sim::broadcast(this->backend, f, g, opt); });
      if (why != "(accepted)") {
        EXPECT_EQ(test::refusal([&] { sim::run_broadcast_range(this->backend, f, g, opt, {0, 1}); }), why);
        continue;
      }
      const sim::broadcast_result one = expect_every_split_finishes_alike(this->backend, f, g, opt, name);
      traces += !one.trace.empty();
      loads += !one.link_load_total.empty();
      tree_runs += one.mode != tree_mode::automatic;
      samples += one.sources < one.nodes && one.sources > 1;
      ++runs;
    }
  }
  // The runs exercise what they are there for.
  EXPECT_GT(traces, 0);
  EXPECT_GT(loads, 0);
  EXPECT_GT(tree_runs, 0);
  EXPECT_GT(samples, 0);
  EXPECT_GT(runs, 40);
}

// Sources that miss nodes: the directed de Bruijn graph DDB(7) without the out-arcs of
// nodes 70 and 100 (every other node still reaches every node through other paths), so
// the incomplete sources and the first of them sit in some ranges and not in others.
TEST_P(BroadcastPartialOn, TheFirstIncompleteSourceIsTheSmallestOverRanges) {
  const families::family f = families::de_bruijn::make(7, true);
  const auto full = graph::build_csr(core::backend::cpu, f);
  graph::edge_list arcs;
  for (uint64_t u = 0; u < full.nodes; ++u)
    if (u != 70 && u != 100)
      for (uint64_t a = full.offsets[u]; a < full.offsets[u + 1]; ++a) arcs.push_back({u, full.targets[a]});
  const auto g = graph::from_edges(full.nodes, arcs, true, full.labels);
  for (int W : {0, 1}) {
    broadcast_options opt;
    opt.per_source = true;
    opt.words = W;
    const auto one = expect_every_split_finishes_alike(this->backend, f, g, opt, "cut DDB(7)");
    EXPECT_EQ(one.first_incomplete_source, std::optional<uint64_t>(70));
    EXPECT_GE(one.incomplete_sources, 2u);
    EXPECT_LT(one.incomplete_sources, one.sources);
  }
}

// A range's partial holds exactly the broadcasts of its sources: the same counts as a
// one-call run whose sources are those alone.
TEST_P(BroadcastPartialOn, APartialHoldsItsOwnSourcesBroadcasts) {
  const families::family f = families::de_bruijn::make(8, true);
  const auto g = graph::build_csr(core::backend::cpu, f);
  for (auto scheme : {broadcast_scheme::flooding, broadcast_scheme::debruijn_rule1}) {
    broadcast_options opt;
    opt.scheme = scheme;
    const sim::source_range r{37, 150};
    const broadcast_partial p = sim::run_broadcast_range(this->backend, f, g, opt, r);
    broadcast_options alone = opt;
    for (uint64_t s = r.begin; s < r.end; ++s) alone.sources.push_back(s);  // rank order
    const sim::broadcast_result want = sim::broadcast(this->backend, f, g, alone);
    EXPECT_EQ(std::tie(p.sources, p.messages, p.duplicates, p.unreached, p.rounds_max, p.rounds_min),
              std::tie(want.sources, want.messages, want.duplicates, want.unreached, want.rounds_max,
                       want.rounds_min));
    EXPECT_FALSE(p.complete());
    // An empty range adds nothing.
    const broadcast_partial none = sim::run_broadcast_range(this->backend, f, g, opt, {3, 3});
    EXPECT_TRUE(none.covered.empty());
    const broadcast_partial whole = sim::run_broadcast_range(this->backend, f, g, opt, sim::every_source);
    EXPECT_TRUE(outcome(sim::finish(sim::merge(none, whole))) == outcome(sim::finish(whole)));
  }
}

TEST_P(BroadcastPartialOn, RefusesOverlapsOtherRunsAndMissingSources) {
  const families::family f = families::hypercube::make(5);
  const auto g = graph::build_csr(core::backend::cpu, f);
  broadcast_options opt;
  const auto run = [&](const broadcast_options& o, sim::source_range r) {
    return sim::run_broadcast_range(this->backend, f, g, o, r);
  };
  const broadcast_partial a = run(opt, {0, 20}), b = run(opt, {10, 32}), c = run(opt, {20, 32});
  EXPECT_EQ(test::refusal([&] { sim::merge(a, b); }),
            "broadcast partials cover sources [0, 20) and [10, 32), which overlap: a source would count twice");
  EXPECT_NE(test::refusal([&] { sim::merge(a, a); }).find("overlap"), std::string::npos);
  broadcast_options tree = opt;
  tree.scheme = broadcast_scheme::binomial_tree;
  EXPECT_EQ(test::refusal([&] { sim::merge(a, run(tree, {20, 32})); }),
            "broadcast partials of different runs cannot merge: their scheme differs: 0 and 1");
  broadcast_options per_source = opt;
  per_source.per_source = true;
  EXPECT_NE(test::refusal([&] { sim::merge(a, run(per_source, {20, 32})); }).find("per_source differs"),
            std::string::npos);
  broadcast_options sample = opt;
  sample.sources = {31, 30, 29};
  EXPECT_EQ(test::refusal([&] { sim::merge(run(sample, {0, 1}), run(sample, {1, 3})); }), "(accepted)");
  EXPECT_NE(test::refusal([&] { sim::merge(a, run(sample, {1, 3})); }).find("sources differs: 32 and 3"),
            std::string::npos);
  const families::family other = families::folded_hypercube::make(5);
  const auto og = graph::build_csr(core::backend::cpu, other);
  EXPECT_NE(test::refusal([&] { sim::merge(a, sim::run_broadcast_range(this->backend, other, og, opt, {20, 32})); })
                .find("their family differs"),
            std::string::npos);
  EXPECT_EQ(test::refusal([&] { sim::finish(a); }),
            "broadcast partial is incomplete: sources [20, 32) of 32 are not covered");
  EXPECT_EQ(test::refusal([&] { sim::finish(c); }),
            "broadcast partial is incomplete: sources [0, 20) of 32 are not covered");
  EXPECT_EQ(test::refusal([&] { run(opt, {30, 33}); }),
            "broadcast: sources [30, 33) are not within the 32 sources of the run");
  // The refusals leave the good merge working.
  EXPECT_TRUE(outcome(sim::finish(sim::merge(c, a))) == outcome(sim::broadcast(this->backend, f, g, opt)));
}

}  // namespace
