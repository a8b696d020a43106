// The CUDA backend of every simulator against the CPU backend: identical counts, rounds,
// histograms and values.  Label `gpu`; skipped when no device answers.
#include <gtest/gtest.h>

#include "kernels/graph/csr.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/sim_common.hpp"

namespace {

using namespace tv;

class SimGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!core::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  }
};

void expect_same(const sim::routing_result& a, const sim::routing_result& b) {
  EXPECT_EQ(a.pairs, b.pairs);
  EXPECT_EQ(a.delivered, b.delivered);
  EXPECT_EQ(a.stuck, b.stuck);
  EXPECT_EQ(a.hops_sum, b.hops_sum);
  EXPECT_EQ(a.excess_sum, b.excess_sum);
  EXPECT_EQ(a.max_excess, b.max_excess);
  EXPECT_EQ(a.hop_histogram, b.hop_histogram);
  EXPECT_EQ(a.excess_histogram, b.excess_histogram);
  ASSERT_EQ(a.first_stuck.has_value(), b.first_stuck.has_value());
  if (a.first_stuck) {
    EXPECT_EQ(a.first_stuck->source, b.first_stuck->source);
    EXPECT_EQ(a.first_stuck->target, b.first_stuck->target);
    EXPECT_EQ(a.first_stuck->at, b.first_stuck->at);
  }
}

void expect_same(const sim::broadcast_result& a, const sim::broadcast_result& b) {
  EXPECT_EQ(a.sources, b.sources);
  EXPECT_EQ(a.rounds_max, b.rounds_max);
  EXPECT_EQ(a.rounds_min, b.rounds_min);
  EXPECT_EQ(a.active_rounds, b.active_rounds);
  EXPECT_EQ(a.messages, b.messages);
  EXPECT_EQ(a.duplicates, b.duplicates);
  EXPECT_EQ(a.unreached, b.unreached);
  EXPECT_EQ(a.incomplete_sources, b.incomplete_sources);
  EXPECT_EQ(a.first_incomplete_source, b.first_incomplete_source);
  EXPECT_EQ(a.informed_per_round, b.informed_per_round);
  EXPECT_EQ(a.messages_per_round, b.messages_per_round);
  EXPECT_EQ(a.duplicates_per_round, b.duplicates_per_round);
  EXPECT_EQ(a.rounds_per_source, b.rounds_per_source);
  EXPECT_EQ(a.link_load_max, b.link_load_max);
  EXPECT_EQ(a.link_load_min, b.link_load_min);
  EXPECT_EQ(a.link_load_total, b.link_load_total);
  EXPECT_EQ(a.trace, b.trace);
}

TEST_F(SimGpu, RoutingIdentical) {
  struct job {
    families::family f;
    sim::routing_algorithm a;
    sim::choice_rule c;
    uint64_t sample;
  };
  const std::vector<job> jobs = {
      {families::postal_network::make(2, 14), sim::routing_algorithm::pn_adaptive, sim::choice_rule::random, 0},
      {families::postal_network::make(3, 16), sim::routing_algorithm::pn_nonminimal, sim::choice_rule::random, 0},
      {families::postal_network::make(2, 12), sim::routing_algorithm::ecube, sim::choice_rule::lowest, 0},
      {families::enhanced_fibonacci_cube::make(14), sim::routing_algorithm::efc_unicast, sim::choice_rule::highest, 0},
      {families::metacube::make(1, 3), sim::routing_algorithm::efc_unicast, sim::choice_rule::random, 0},
      {families::postal_network::make(2, 30), sim::routing_algorithm::pn_adaptive, sim::choice_rule::random, 200000},
  };
  for (const auto& j : jobs) {
    sim::routing_options opt;
    opt.rule.algorithm = j.a;
    opt.rule.choice = j.c;
    opt.rule.seed = 42;
    opt.rule.spare_limit = 2;
    opt.sample_pairs = j.sample;
    opt.sample_seed = 7;
    expect_same(sim::route_all(core::backend::cpu, j.f, opt), sim::route_all(core::backend::cuda, j.f, opt));
  }
}

TEST_F(SimGpu, BroadcastIdentical) {
  struct job {
    families::family f;
    sim::broadcast_scheme s;
    sim::tree_mode m;
    uint64_t sample;  // 0: every source
    int words;
  };
  const std::vector<job> jobs = {
      {families::de_bruijn::make(12), sim::broadcast_scheme::debruijn_rule1, sim::tree_mode::automatic, 0, 0},
      {families::de_bruijn::make(12), sim::broadcast_scheme::debruijn_rule1, sim::tree_mode::automatic, 300, 2},
      {families::de_bruijn::make(10), sim::broadcast_scheme::debruijn_all_to_all, sim::tree_mode::automatic, 0, 3},
      {families::de_bruijn::make(11), sim::broadcast_scheme::flooding, sim::tree_mode::automatic, 0, 0},
      {families::enhanced_fibonacci_cube::make(16), sim::broadcast_scheme::eft, sim::tree_mode::automatic, 0, 0},
      {families::enhanced_fibonacci_cube::make(14), sim::broadcast_scheme::eft, sim::tree_mode::via_root, 100, 1},
      {families::postal_network::make(3, 16), sim::broadcast_scheme::postal_tree, sim::tree_mode::automatic, 0, 0},
      {families::postal_network::make(2, 14), sim::broadcast_scheme::binomial_tree, sim::tree_mode::automatic, 0, 0},
      {families::hypercube::make(11), sim::broadcast_scheme::binomial_tree, sim::tree_mode::automatic, 0, 0},
      {families::hypercube::make(11), sim::broadcast_scheme::binomial_tree, sim::tree_mode::translated, 77, 1},
      {families::metacube::make(2, 2), sim::broadcast_scheme::flooding, sim::tree_mode::automatic, 500, 0},
  };
  for (const auto& j : jobs) {
    const auto g = graph::build_csr(core::backend::cpu, j.f);
    sim::broadcast_options opt;
    opt.scheme = j.s;
    opt.mode = j.m;
    opt.words = j.words;
    opt.per_source = true;
    if (j.sample) opt.sources = sim::sample_indices(families::size_of(j.f), j.sample, 5);
    expect_same(sim::broadcast(core::backend::cpu, j.f, g, opt),
                sim::broadcast(core::backend::cuda, j.f, g, opt));
  }
  // A traced single source.
  const families::family f = families::enhanced_fibonacci_cube::make(12);
  const auto g = graph::build_csr(core::backend::cpu, f);
  sim::broadcast_options opt;
  opt.scheme = sim::broadcast_scheme::eft;
  opt.sources = {17};
  opt.trace = true;
  expect_same(sim::broadcast(core::backend::cpu, f, g, opt), sim::broadcast(core::backend::cuda, f, g, opt));
}

TEST_F(SimGpu, PostalIdentical) {
  std::vector<sim::spanning_tree> trees = {
      sim::optimal_postal_tree(5000, 3), sim::complete_binomial_tree(4096),
      sim::make_tree(families::postal_network::make(3, 20), sim::tree_kind::postal, nullptr),
      sim::make_tree(families::enhanced_fibonacci_cube::make(18), sim::tree_kind::eft, nullptr)};
  for (const auto& t : trees)
    for (uint64_t lambda : {1, 2, 6}) {
      const auto a = sim::postal_model(core::backend::cpu, t, lambda, true);
      const auto b = sim::postal_model(core::backend::cuda, t, lambda, true);
      EXPECT_EQ(a.broadcast_time, b.broadcast_time);
      EXPECT_EQ(a.gather_time, b.gather_time);
      EXPECT_EQ(a.barrier_time, b.barrier_time);
      EXPECT_EQ(a.receive_time, b.receive_time);
      EXPECT_EQ(a.ready_time, b.ready_time);
    }
}

TEST_F(SimGpu, MulticastIdentical) {
  const auto f = families::enhanced_fibonacci_cube::make(16);
  for (auto s : {sim::multicast_scheme::eft_tree, sim::multicast_scheme::hamiltonian})
    for (uint32_t d : {1u, 8u, 64u}) {
      sim::multicast_options opt;
      opt.scheme = s;
      opt.instances = 2000;
      opt.destinations = d;
      opt.seed = 11;
      opt.keep_instances = true;
      const auto a = sim::multicast(core::backend::cpu, f, opt);
      const auto b = sim::multicast(core::backend::cuda, f, opt);
      EXPECT_EQ(a.time_sum, b.time_sum);
      EXPECT_EQ(a.traffic_sum, b.traffic_sum);
      EXPECT_EQ(a.delivered_all, b.delivered_all);
      EXPECT_EQ(a.time_bound_sum, b.time_bound_sum);
      ASSERT_EQ(a.per_instance.size(), b.per_instance.size());
      for (size_t i = 0; i < a.per_instance.size(); ++i) {
        EXPECT_EQ(a.per_instance[i].source, b.per_instance[i].source);
        EXPECT_EQ(a.per_instance[i].destinations, b.per_instance[i].destinations);
        EXPECT_EQ(a.per_instance[i].time, b.per_instance[i].time);
        EXPECT_EQ(a.per_instance[i].traffic, b.per_instance[i].traffic);
      }
    }
}

TEST_F(SimGpu, PrefixIdentical) {
  const std::vector<families::family> nets = {families::metacube::make(2, 3),
                                              families::metacube::make(1, 5, true),
                                              families::hypercube::make(14)};
  for (const auto& net : nets)
    for (auto op : {sim::prefix_operator::add, sim::prefix_operator::max, sim::prefix_operator::bxor,
                    sim::prefix_operator::affine})
      for (auto order : {sim::operand_order::printed, sim::operand_order::address})
        for (auto partner : {sim::partner_reading::owner, sim::partner_reading::stale}) {
          sim::prefix_options opt;
          opt.algorithm = std::holds_alternative<families::metacube>(net)
                              ? sim::prefix_algorithm::metacube
                              : sim::prefix_algorithm::hypercube;
          opt.op = op;
          opt.order = order;
          opt.partner = partner;
          opt.input = sim::prefix_input::random;
          opt.keep_values = true;
          const auto a = sim::prefix(core::backend::cpu, net, opt);
          const auto b = sim::prefix(core::backend::cuda, net, opt);
          EXPECT_EQ(a.correct, b.correct);
          EXPECT_EQ(a.mismatches, b.mismatches);
          EXPECT_EQ(a.first_mismatch, b.first_mismatch);
          EXPECT_EQ(a.comm_steps, b.comm_steps);
          EXPECT_EQ(a.comp_steps, b.comp_steps);
          EXPECT_EQ(a.messages, b.messages);
          EXPECT_EQ(a.non_edge_messages, b.non_edge_messages);
          EXPECT_EQ(a.values, b.values);
        }
}

}  // namespace
