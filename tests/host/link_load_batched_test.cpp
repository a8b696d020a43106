// The CPU's batched shortest-path link loads (kernels/sim/link_load_batched.hpp) against
// the per-target kernel, the one they replace: the same loads, routed and unrouted pairs,
// route lengths and first unrouted pair, for both tie-breaks, on a small instance of every
// family (directed ones, graphs in several components) and with batches narrow enough
// that every graph takes several, the last one partial.  The per-target kernel itself is
// checked against every route listed by hand in link_load_test.cpp, whose small graphs
// shortest_path_loads now runs batched; so is a 3-component graph here, in batches of 64.
// And the loads toward parts of the targets add up to the whole (shortest_path_loads_toward).
#include "kernels/sim/link_load_batched.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "host/families.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/sim/link_load.hpp"
#include "tests/host/every_family.hpp"

namespace {

using namespace tv;

void expect_same(const sim::link_loads& got, const sim::link_loads& want, const std::string& what) {
  EXPECT_EQ(got.per_arc, want.per_arc) << what;
  EXPECT_EQ(got.pairs, want.pairs) << what;
  EXPECT_EQ(got.routed, want.routed) << what;
  EXPECT_EQ(got.unrouted, want.unrouted) << what;
  EXPECT_EQ(got.hops_sum, want.hops_sum) << what;
  EXPECT_EQ(got.first_unrouted, want.first_unrouted) << what;
}


TEST(LinkLoadBatched, EqualsThePerTargetKernelOnEveryFamily) {
  std::vector<std::string> families_seen;
  for (const host::instance& inst : test::every_family()) {
    const graph::csr_graph g = test::graph_of(inst);
    families_seen.push_back(inst.family);
    for (const sim::shortest_path_rule rule :
         {sim::shortest_path_rule{sim::tie_break::lowest, 1}, sim::shortest_path_rule{sim::tie_break::hashed, 77}}) {
      const sim::link_loads want = sim::detail::per_target_shortest_loads(core::backend::cpu, g, rule);
      ASSERT_GT(want.hops_sum, 0u) << inst.label();
      for (int words : {1, 2, 4, 8}) {
        const std::string what = inst.label() + (rule.tie == sim::tie_break::hashed ? ", hashed seed " : ", lowest ") +
                                 std::to_string(rule.seed) + ", W = " + std::to_string(words);
        expect_same(sim::detail::batched_shortest_loads(g, rule, words), want, what);
      }
    }
  }
  // Every family the tool names (but edgelist, a file) is among them.
  for (const host::family_spec& f : host::family_specs())
    if (f.name != "edgelist")
      EXPECT_NE(std::find(families_seen.begin(), families_seen.end(), f.name), families_seen.end()) << f.name;
}

TEST(LinkLoadBatched, UnreachedTargetsAndDirectedArcs) {
  // Two rings of 70 (one each way round) and 10 lone nodes: 150 nodes, three batches of 64.
  std::vector<std::pair<uint64_t, uint64_t>> arcs;
  for (uint64_t i = 0; i < 70; ++i) arcs.emplace_back(i, (i + 1) % 70);
  for (uint64_t i = 0; i < 70; ++i) arcs.emplace_back(70 + (i + 1) % 70, 70 + i);
  arcs.emplace_back(5, 75);  // one arc between the rings: ring 1 reaches ring 2, not back
  for (bool directed : {true, false}) {
    const graph::csr_graph g = graph::from_edges(150, arcs, directed);
    for (const sim::shortest_path_rule rule :
         {sim::shortest_path_rule{sim::tie_break::lowest, 1}, sim::shortest_path_rule{sim::tie_break::hashed, 9}}) {
      const sim::link_loads want = sim::detail::per_target_shortest_loads(core::backend::cpu, g, rule);
      ASSERT_GT(want.unrouted, 0u);
      for (int words : {1, 2, 4, 8})
        expect_same(sim::detail::batched_shortest_loads(g, rule, words), want,
                    std::string(directed ? "directed" : "undirected") + ", W = " + std::to_string(words));
    }
  }
}

TEST(LinkLoadBatched, ALaterBatchDeeperThanTheLevelTakenForLeaves) {
  // A thread takes the deepest level of its earlier batches for its leaves' level; a lane
  // that goes deeper makes it run the batch again.  A ladder of 75 rungs (ties for the
  // hashed rule) labelled so that the first batch of 64 is its middle and the second
  // holds its ends, on one thread so that one worker runs both, the second deeper.
  std::vector<std::pair<uint64_t, uint64_t>> arcs;
  const auto label = [](uint64_t column, uint64_t side) { return (2 * column + side + 150 - 42) % 150; };
  for (uint64_t c = 0; c < 75; ++c) {
    arcs.emplace_back(label(c, 0), label(c, 1));
    if (c + 1 < 75)
      for (uint64_t side : {0, 1}) arcs.emplace_back(label(c, side), label(c + 1, side));
  }
  const graph::csr_graph g = graph::from_edges(150, arcs);
  const int threads = omp_get_max_threads();
  omp_set_num_threads(1);
  for (const sim::shortest_path_rule rule :
       {sim::shortest_path_rule{sim::tie_break::lowest, 1}, sim::shortest_path_rule{sim::tie_break::hashed, 5}}) {
    const sim::link_loads want = sim::detail::per_target_shortest_loads(core::backend::cpu, g, rule);
    for (int words : {1, 2})
      expect_same(sim::detail::batched_shortest_loads(g, rule, words), want, "ladder, W = " + std::to_string(words));
  }
  omp_set_num_threads(threads);
}

TEST(LinkLoadBatched, WidthByMemory) {
  // Wider batches as memory allows, none wider than the targets need, none past 2^32 arcs.
  const uint64_t n = 100000, arcs = 1000000;
  EXPECT_EQ(sim::detail::batched_loads_words(n, arcs, 2, ~uint64_t{0}), 8);
  EXPECT_EQ(sim::detail::batched_loads_words(n, arcs, 2, sim::detail::batched_loads_bytes(n, arcs, 4, 2)), 4);
  EXPECT_EQ(sim::detail::batched_loads_words(n, arcs, 2, sim::detail::batched_loads_bytes(n, arcs, 2, 2)), 2);
  EXPECT_EQ(sim::detail::batched_loads_words(n, arcs, 2, sim::detail::batched_loads_bytes(n, arcs, 1, 2) - 1), 0);
  EXPECT_EQ(sim::detail::batched_loads_words(100, arcs, 2, ~uint64_t{0}), 2);  // 128 lanes hold 100 targets
  EXPECT_EQ(sim::detail::batched_loads_words(40, arcs, 2, ~uint64_t{0}), 1);
  EXPECT_EQ(sim::detail::batched_loads_words(n, uint64_t{1} << 32, 2, ~uint64_t{0}), 0);
  EXPECT_THROW(sim::detail::batched_shortest_loads(graph::from_edges(3, {{0, 1}}), {}, 16), std::invalid_argument);
}

TEST(LinkLoadBatched, NodesPastTheHopsPackingGoToThePerTargetKernel) {
  // A hop packs two node indices in 24 bits each: 2^24 nodes are taken, one more is not
  // (shortest_path_loads then runs the per-target kernel).  Nodes without arcs.
  graph::csr_graph g;
  g.nodes = sim::detail::max_batched_nodes;
  g.offsets.assign(g.nodes + 1, 0);
  EXPECT_TRUE(sim::detail::batched_loads_take(g));
  ++g.nodes;
  g.offsets.push_back(0);
  EXPECT_FALSE(sim::detail::batched_loads_take(g));
  EXPECT_THROW(sim::detail::batched_shortest_loads(g, {}, 1), std::invalid_argument);
}

// shortest_path_loads_toward: the loads toward the parts of a partition of the targets
// add up to the loads toward all of them, pair counts included, on the per-target kernel
// and the batched one (a sample of targets rests on it: host/checks/link_load_sample.hpp).
TEST(LinkLoadBatched, LoadsTowardAPartitionOfTheTargetsAddUp) {
  const auto inst = host::make_instance("dragonfly", {{"a", "6"}, {"h", "3"}});
  const graph::csr_graph g = graph::build_csr(core::backend::cpu, inst.net);
  const sim::shortest_path_rule rule{sim::tie_break::hashed, 3};
  const sim::link_loads all = sim::shortest_path_loads(core::backend::cpu, g, rule);
  std::vector<uint32_t> order(g.nodes);  // a shuffled order of the targets
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = static_cast<uint32_t>((i * 37u) % g.nodes);
  for (int kernel = 0; kernel < 2; ++kernel) {
    std::vector<uint64_t> sum(g.arcs(), 0);
    uint64_t pairs = 0, routed = 0, hops = 0;
    for (size_t at = 0; at < order.size(); at += 50) {  // parts of 50, 50 and 14 targets
      const std::vector<uint32_t> part(order.begin() + static_cast<std::ptrdiff_t>(at),
                                       order.begin() + static_cast<std::ptrdiff_t>(std::min(order.size(), at + 50)));
      const sim::link_loads l = kernel == 0 ? sim::detail::per_target_shortest_loads(core::backend::cpu, g, rule, {}, &part)
                                            : sim::detail::batched_shortest_loads(g, rule, 1, {}, &part);
      for (size_t a = 0; a < sum.size(); ++a) sum[a] += l.per_arc[a];
      pairs += l.pairs, routed += l.routed, hops += l.hops_sum;
      EXPECT_EQ(l.pairs, part.size() * (g.nodes - 1));
    }
    EXPECT_EQ(sum, all.per_arc) << "kernel " << kernel;
    EXPECT_EQ(pairs, all.pairs);
    EXPECT_EQ(routed, all.routed);
    EXPECT_EQ(hops, all.hops_sum);
  }
  EXPECT_THROW(sim::shortest_path_loads_toward(core::backend::cpu, g, rule, {3, 3}), std::invalid_argument);
  EXPECT_THROW(sim::shortest_path_loads_toward(core::backend::cpu, g, rule, {static_cast<uint32_t>(g.nodes)}),
               std::invalid_argument);
}

}  // namespace
