// Multicast on EFC: both heuristics against message-list references written from
// papers/001 Section 3.3 (sets as std::set, the tree from the glued construction), the
// Hamiltonian cycle checked independently, and the lower bounds never exceeded.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <set>

#include "kernels/sim/multicast.hpp"
#include "tests/backends.hpp"
#include "tests/sim/sim_reference.hpp"

namespace {

using namespace tv;

struct ref_out {
  uint32_t time = 0, traffic = 0, delivered = 0;
};

/// The EFT heuristic: packets (node, D) per round; a node keeps its copy, sends to a
/// child the destinations below that child, and the rest to its parent.
ref_out ref_tree(const test::label_tree& t, uint64_t src, const std::vector<uint64_t>& dests) {
  std::map<uint64_t, std::vector<uint64_t>> kids;
  for (auto [c, p] : t.parent) kids[p].push_back(c);
  auto below = [&](uint64_t d, uint64_t a) {  // a is a proper ancestor of d
    while (t.parent.count(d)) {
      d = t.parent.at(d);
      if (d == a) return true;
    }
    return false;
  };
  ref_out r;
  std::set<uint64_t> got;
  std::vector<std::pair<uint64_t, std::set<uint64_t>>> now{{src, {dests.begin(), dests.end()}}};
  for (uint32_t round = 0; !now.empty(); ++round) {
    std::vector<std::pair<uint64_t, std::set<uint64_t>>> next;
    for (auto& [a, D] : now) {
      std::map<uint64_t, std::set<uint64_t>> to_child;
      std::set<uint64_t> to_parent;
      for (uint64_t d : D) {
        if (d == a) {
          if (got.insert(d).second) r.time = std::max(r.time, round);
          continue;
        }
        bool placed = false;
        for (uint64_t c : kids[a])
          if (c == d || below(d, c)) {
            to_child[c].insert(d);
            placed = true;
          }
        if (!placed) to_parent.insert(d);
      }
      for (auto& [c, s] : to_child) next.push_back({c, s});
      if (!to_parent.empty() && t.parent.count(a)) next.push_back({t.parent.at(a), to_parent});
    }
    r.traffic += static_cast<uint32_t>(next.size());
    now = std::move(next);
  }
  r.delivered = static_cast<uint32_t>(got.size());
  return r;
}

/// The cycle heuristic: from each node, the neighbor that gets furthest along the cycle
/// without passing the next destination.
ref_out ref_cycle(const families::enhanced_fibonacci_cube& f, const std::vector<uint64_t>& cyc,
                  uint64_t src, std::vector<uint64_t> dests) {
  std::map<uint64_t, uint64_t> pos;
  for (uint64_t i = 0; i < cyc.size(); ++i) pos[cyc[i]] = i;
  const uint64_t n = cyc.size();
  auto rel = [&](uint64_t x) { return (pos[x] + n - pos[src]) % n; };
  std::sort(dests.begin(), dests.end(), [&](uint64_t a, uint64_t b) { return rel(a) < rel(b); });
  ref_out r;
  uint64_t cur = src;
  for (uint64_t d : dests) {
    while (cur != d) {
      uint64_t best = cur;
      for (int b = 0; b < f.len; ++b) {
        const uint64_t y = cur ^ (uint64_t{1} << b);
        if (f.contains(y) && rel(y) > rel(best) && rel(y) <= rel(d)) best = y;
      }
      if (best == cur) return r;
      cur = best;
      ++r.traffic;
    }
    ++r.delivered;
  }
  r.time = r.traffic;
  return r;
}

TEST(Multicast, HamiltonianCycleOfEfcIsValid) {
  for (int n = 6; n <= 20; ++n) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    const auto c = sim::efc_hamiltonian_cycle(f);
    ASSERT_EQ(c.size(), f.size()) << n;
    std::set<uint64_t> s(c.begin(), c.end());
    EXPECT_EQ(s.size(), c.size()) << n;
    for (size_t i = 0; i < c.size(); ++i) {
      EXPECT_TRUE(f.contains(c[i]));
      EXPECT_EQ(__builtin_popcountll(c[i] ^ c[(i + 1) % c.size()]), 1) << n << " at " << i;
    }
  }
  EXPECT_THROW(sim::efc_hamiltonian_cycle(families::enhanced_fibonacci_cube::make(5)),
               std::invalid_argument);
}

class MulticastOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(MulticastOn);

TEST_P(MulticastOn, BothHeuristicsMatchTheReferences) {
  for (int n : {6, 7, 9, 12}) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    const auto lt = test::eft(n);
    const auto cyc = sim::efc_hamiltonian_cycle(f);
    for (uint32_t dcount : {1u, 3u, 5u}) {
      if (dcount >= f.size()) continue;
      for (auto scheme : {sim::multicast_scheme::eft_tree, sim::multicast_scheme::hamiltonian}) {
        sim::multicast_options opt;
        opt.scheme = scheme;
        opt.instances = 50;
        opt.destinations = dcount;
        opt.seed = 3 + n;
        opt.keep_instances = true;
        const auto r = sim::multicast(this->backend, f, opt);
        ASSERT_EQ(r.per_instance.size(), 50u);
        uint64_t time_sum = 0, traffic_sum = 0, all = 0, bound_sum = 0;
        for (const auto& in : r.per_instance) {
          std::vector<uint64_t> dl;
          for (uint64_t d : in.destinations) dl.push_back(f.unrank(d));
          std::set<uint64_t> distinct(dl.begin(), dl.end());
          ASSERT_EQ(distinct.size(), dcount);
          ASSERT_FALSE(distinct.count(f.unrank(in.source)));
          const ref_out want = scheme == sim::multicast_scheme::eft_tree
                                   ? ref_tree(lt, f.unrank(in.source), dl)
                                   : ref_cycle(f, cyc, f.unrank(in.source), dl);
          EXPECT_EQ(in.time, want.time);
          EXPECT_EQ(in.traffic, want.traffic);
          EXPECT_EQ(in.delivered, want.delivered);
          uint32_t hb = 0;
          for (uint64_t d : dl) hb = std::max<uint32_t>(hb, __builtin_popcountll(d ^ f.unrank(in.source)));
          EXPECT_EQ(in.time_bound, hb);
          bound_sum += hb;
          EXPECT_GE(in.time, in.time_bound);
          EXPECT_GE(in.traffic, in.traffic_bound);
          all += want.delivered == dcount;
          time_sum += in.time;
          traffic_sum += in.traffic;
        }
        EXPECT_EQ(r.time_sum, time_sum);
        EXPECT_EQ(r.traffic_sum, traffic_sum);
        EXPECT_EQ(r.delivered_all, all);
        EXPECT_EQ(r.time_bound_sum, bound_sum);
      }
    }
  }
}

TEST_P(MulticastOn, SingleDestinationOnTheTreeFollowsTheTreePath) {
  // One destination: the packet climbs to the lowest common ancestor and descends, so
  // time = traffic = the tree distance, computed here from depths.
  const auto f = families::enhanced_fibonacci_cube::make(10);
  const auto lt = test::eft(10);
  sim::multicast_options opt;
  opt.destinations = 1;
  opt.instances = 200;
  opt.keep_instances = true;
  const auto r = sim::multicast(this->backend, f, opt);
  auto chain = [&](uint64_t x) {
    std::vector<uint64_t> c{x};
    while (lt.parent.count(x)) c.push_back(x = lt.parent.at(x));
    return c;
  };
  for (const auto& in : r.per_instance) {
    const auto a = chain(f.unrank(in.source)), b = chain(f.unrank(in.destinations[0]));
    size_t i = a.size(), j = b.size();
    while (i > 0 && j > 0 && a[i - 1] == b[j - 1]) --i, --j;
    EXPECT_EQ(in.time, i + j);
    EXPECT_EQ(in.traffic, i + j);
    EXPECT_EQ(in.delivered, 1u);
  }
}

}  // namespace
