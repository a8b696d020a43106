// The postal model on each backend: tree times against an event-list simulation minimized
// over every order of sending, each node's gather time against the event list, the optimum f_lambda against a brute force over tree shapes, and the
// Figure 4 setting of papers/000 (fully connected, 8 nodes, lambda = 6).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <queue>
#include <random>

#include "kernels/sim/postal.hpp"
#include "tests/backends.hpp"
#include "tests/sim/sim_reference.hpp"

namespace {

using namespace tv;

/// Broadcast completion with the given child orders, by an event list.
uint64_t event_broadcast(const std::vector<std::vector<uint32_t>>& order, uint64_t lambda) {
  using ev = std::pair<uint64_t, uint32_t>;  // (arrival, node)
  std::priority_queue<ev, std::vector<ev>, std::greater<ev>> q;
  q.push({0, 0});
  uint64_t last = 0;
  while (!q.empty()) {
    const auto [t, v] = q.top();
    q.pop();
    last = std::max(last, t);
    for (size_t i = 0; i < order[v].size(); ++i) q.push({t + i + lambda, order[v][i]});
  }
  return last;
}

/// Minimum over every order of children at every node (small trees only).
uint64_t best_over_orders(std::vector<std::vector<uint32_t>> order, uint64_t lambda) {
  uint64_t best = ~uint64_t{0};
  std::function<void(size_t)> rec = [&](size_t v) {
    if (v == order.size()) {
      best = std::min(best, event_broadcast(order, lambda));
      return;
    }
    std::sort(order[v].begin(), order[v].end());
    do rec(v + 1);
    while (std::next_permutation(order[v].begin(), order[v].end()));
  };
  rec(0);
  return best;
}

/// Gather by discrete time: each step every node accepts at most one arrived message,
/// the earliest-arrived first (ties: smaller rank); a node sends once all children did.
/// Returns when each node is ready (has every message of its subtree); the root's is the
/// gather time.
std::vector<uint64_t> event_gather(const std::vector<std::vector<uint32_t>>& kids, uint64_t lambda) {
  const size_t n = kids.size();
  std::vector<int> waiting(n);
  std::vector<uint64_t> ready(n, ~uint64_t{0});
  std::vector<std::vector<std::pair<uint64_t, uint32_t>>> inbox(n);  // (arrival, child)
  std::vector<uint32_t> parent(n, 0);
  for (size_t v = 0; v < n; ++v) {
    waiting[v] = static_cast<int>(kids[v].size());
    for (uint32_t c : kids[v]) parent[c] = static_cast<uint32_t>(v);
  }
  for (size_t v = 0; v < n; ++v)
    if (!waiting[v]) ready[v] = 0;
  for (size_t v = 1; v < n; ++v)
    if (!waiting[v]) inbox[parent[v]].push_back({lambda, static_cast<uint32_t>(v)});
  for (uint64_t t = 0; ready[0] == ~uint64_t{0}; ++t) {
    for (size_t v = 0; v < n; ++v) {
      auto& in = inbox[v];
      auto it = std::min_element(in.begin(), in.end());
      if (it == in.end() || it->first > t) continue;
      in.erase(it);
      if (--waiting[v] == 0) {
        ready[v] = t;
        if (v != 0) inbox[parent[v]].push_back({t + lambda, static_cast<uint32_t>(v)});
      }
    }
  }
  return ready;
}

std::vector<std::vector<uint32_t>> kids_of(const sim::spanning_tree& t) {
  std::vector<std::vector<uint32_t>> k(t.nodes);
  for (uint64_t v = 0; v < t.nodes; ++v)
    if (v != t.root) k[t.parent[v]].push_back(static_cast<uint32_t>(v));
  return k;
}

/// Least broadcast time of any tree on N nodes: the root sends its subtrees (sizes
/// s_1 >= s_2 >= ...) at times 0, 1, ...; brute force over partitions of N - 1.
uint64_t brute_optimum(uint64_t n, uint64_t lambda, std::map<uint64_t, uint64_t>& memo) {
  if (n == 1) return 0;
  if (memo.count(n)) return memo[n];
  uint64_t best = ~uint64_t{0};
  std::vector<uint64_t> parts;
  std::function<void(uint64_t, uint64_t)> rec = [&](uint64_t left, uint64_t maxpart) {
    if (left == 0) {
      uint64_t t = 0;
      for (size_t i = 0; i < parts.size(); ++i)
        t = std::max(t, i + lambda + brute_optimum(parts[i], lambda, memo));
      best = std::min(best, t);
      return;
    }
    for (uint64_t s = std::min(left, maxpart); s >= 1; --s) {
      parts.push_back(s);
      rec(left - s, s);
      parts.pop_back();
    }
  };
  rec(n - 1, n - 1);
  return memo[n] = best;
}

TEST(Postal, OptimumEqualsBruteForceOverTreeShapes) {
  for (uint64_t lambda = 1; lambda <= 6; ++lambda) {
    std::map<uint64_t, uint64_t> memo;
    for (uint64_t n = 1; n <= 16; ++n)
      EXPECT_EQ(sim::postal_optimum(n, lambda), brute_optimum(n, lambda, memo))
          << "lambda " << lambda << " n " << n;
    const auto f = sim::postal_reach(lambda, 40);
    for (uint64_t t = 0; t <= 40; ++t) {
      // f(t) nodes reachable by t: the optimum for f(t) nodes is <= t, for f(t)+1 it is > t.
      EXPECT_LE(sim::postal_optimum(f[t], lambda), t);
      EXPECT_GT(sim::postal_optimum(f[t] + 1, lambda), t);
    }
  }
}

class PostalOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(PostalOn);

TEST_P(PostalOn, TreeTimesMatchEventListsOnRandomTrees) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 60; ++trial) {
    const uint32_t n = 2 + rng() % 8;
    std::vector<uint32_t> parent(n, 0);
    for (uint32_t v = 1; v < n; ++v) parent[v] = static_cast<uint32_t>(rng() % v);
    const auto t = sim::tree_from_parents(parent, 0);
    for (uint64_t lambda = 1; lambda <= 4; ++lambda) {
      const auto r = sim::postal_model(this->backend, t, lambda, true);
      const auto k = kids_of(t);
      EXPECT_EQ(r.ready_time, event_gather(k, lambda)) << trial << " " << lambda;
      EXPECT_EQ(r.broadcast_time, best_over_orders(k, lambda)) << trial << " " << lambda;
      EXPECT_EQ(r.gather_time, event_gather(k, lambda)[0]) << trial << " " << lambda;
      EXPECT_EQ(r.barrier_time, r.gather_time + r.broadcast_time);
      EXPECT_GE(r.broadcast_time, r.optimum);
    }
  }
}

TEST_P(PostalOn, Figure4FullyConnectedEightNodesLambda6) {
  // Binomial tree (papers/000 Fig. 4(a)): the root's subtrees have 4, 2, 1 nodes; with
  // lambda = 6 a 2-node subtree needs 6 after its root is informed, the 4-node one
  // max(0+6+6, 1+6+0) = 12, the whole tree max(0+6+12, 1+6+6, 2+6+0) = 18.  The best
  // tree for 8 nodes: f_6 reaches 7 nodes by time 11 and 9 by time 12, so 12.
  const uint64_t lambda = 6;
  const auto bin = sim::complete_binomial_tree(8);
  const auto opt = sim::optimal_postal_tree(8, lambda);
  const auto rb = sim::postal_model(this->backend, bin, lambda);
  const auto ro = sim::postal_model(this->backend, opt, lambda);
  EXPECT_EQ(rb.broadcast_time, best_over_orders(kids_of(bin), lambda));
  EXPECT_EQ(ro.broadcast_time, best_over_orders(kids_of(opt), lambda));
  std::map<uint64_t, uint64_t> memo;
  EXPECT_EQ(ro.broadcast_time, brute_optimum(8, lambda, memo));
  EXPECT_EQ(rb.broadcast_time, 18u);
  EXPECT_EQ(ro.broadcast_time, 12u);
  EXPECT_EQ(ro.optimum, 12u);
}

TEST_P(PostalOn, OptimalScheduleTreeReachesTheOptimumForEverySize) {
  for (uint64_t lambda = 1; lambda <= 5; ++lambda)
    for (uint64_t n = 1; n <= 200; n += 7) {
      const auto r = sim::postal_model(this->backend, sim::optimal_postal_tree(n, lambda), lambda);
      EXPECT_EQ(r.broadcast_time, r.optimum) << lambda << " " << n;
    }
}

TEST_P(PostalOn, PostalTreeOfPNAgainstEventLists) {
  // PT_lambda(n) on PN_lambda(n), small enough to try every sending order.
  for (int lambda = 1; lambda <= 4; ++lambda)
    for (int n = 1; n <= 4; ++n) {
      const families::family f = families::postal_network::make(lambda, n);
      const auto t = sim::make_tree(f, sim::tree_kind::postal, nullptr);
      const auto r = sim::postal_model(this->backend, t, lambda);
      EXPECT_EQ(r.broadcast_time, best_over_orders(kids_of(t), lambda)) << lambda << " " << n;
      EXPECT_EQ(r.gather_time, event_gather(kids_of(t), lambda)[0]);
    }
}

TEST_P(PostalOn, KeepTimesGivesEveryReceiveTime) {
  const auto t = sim::complete_binomial_tree(8);
  const auto r = sim::postal_model(this->backend, t, 1, true);
  ASSERT_EQ(r.receive_time.size(), 8u);
  // lambda = 1: the children of v are v | 2^j (j below v's rightmost 1), whose subtrees
  // have 2^j nodes; largest first, the event list gives the classic 3 steps for 8 nodes.
  std::vector<std::vector<uint32_t>> order(8);
  for (uint32_t v = 0; v < 8; ++v)
    for (int j = 2; j >= 0; --j) {
      const uint32_t c = v | (1u << j);
      if (c != v && (c & (c - 1)) == v) order[v].push_back(c);
    }
  EXPECT_EQ(event_broadcast(order, 1), r.broadcast_time);
  EXPECT_EQ(r.broadcast_time, 3u);
  EXPECT_EQ(*std::max_element(r.receive_time.begin(), r.receive_time.end()), 3u);
}

}  // namespace
