// Routing on each backend: the next-hop rules against a slow reference that tests
// admissibility by explicit membership and distance_1 written out, over every ordered pair
// or a seeded sample of pairs; hand-derived routes from the examples of papers/000
// Section 4.
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "kernels/sim/routing.hpp"
#include "tests/backends.hpp"
#include "tests/sim/sim_reference.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using sim::choice_rule;
using sim::routing_algorithm;

/// distance_1 by reading the label as a string: least gap between two 1s.
int slow_distance_1(uint64_t y, int n) {
  int best = 1 << 20, prev = -1;
  for (int i = 0; i < n; ++i)
    if ((y >> i) & 1u) {
      if (prev >= 0) best = std::min(best, i - prev);
      prev = i;
    }
  return best;
}

struct ref_route {
  bool delivered = false;
  uint32_t hops = 0;
  uint64_t at = 0;
};

/// The rules written out: candidates listed bit by bit from the graph's neighbor sets
/// (or distance_1 for the postal algorithms), choice by explicit index.
ref_route reference_route(const test::small_graph& g, int bits, int lambda,
                          const sim::routing_params& p, uint64_t s, uint64_t d) {
  ref_route r;
  uint64_t t = s, used = 0;
  int spares = p.spare_limit;
  const uint32_t limit = bits + (p.algorithm == routing_algorithm::pn_nonminimal ? 2 * p.spare_limit : 0) + 1;
  while (t != d) {
    if (r.hops >= limit) break;
    std::vector<int> cand;  // ascending bit index
    std::set<int> spare_bits;
    std::set<uint64_t> nbrs;
    for (uint64_t v : g.out[g.rank.at(t)]) nbrs.insert(g.labels[v]);
    for (int b = 0; b < bits; ++b) {
      const uint64_t y = t ^ (uint64_t{1} << b);
      const bool differs = ((t ^ d) >> b) & 1u;
      bool legal;
      if (p.algorithm == routing_algorithm::pn_adaptive ||
          p.algorithm == routing_algorithm::pn_nonminimal)
        legal = slow_distance_1(y, bits) >= lambda;
      else
        legal = nbrs.count(y) > 0;
      if (p.algorithm == routing_algorithm::ecube) {
        if (differs) cand.push_back(b);
        continue;
      }
      if (differs && legal) cand.push_back(b);
      if (p.algorithm == routing_algorithm::pn_nonminimal && !differs && legal && spares > 0 &&
          !((used >> b) & 1u)) {
        cand.push_back(b);
        spare_bits.insert(b);
      }
    }
    if (cand.empty()) break;
    int pick;
    if (p.algorithm == routing_algorithm::ecube) {
      pick = p.choice == choice_rule::highest ? cand.front() : cand.back();
      if (!nbrs.count(t ^ (uint64_t{1} << pick))) break;
    } else if (p.choice == choice_rule::lowest) {
      pick = cand.back();  // leftmost bit = dimension 1
    } else if (p.choice == choice_rule::highest) {
      pick = cand.front();
    } else {
      pick = cand[sim::hash4(p.seed, s, d, r.hops) % cand.size()];
    }
    if (spare_bits.count(pick)) {
      used |= uint64_t{1} << pick;
      --spares;
    }
    t ^= uint64_t{1} << pick;
    ++r.hops;
  }
  r.delivered = t == d;
  r.at = t;
  return r;
}

/// The sampled pairs as routing.hpp documents them: pair p has source hash4(seed, p, 0,
/// 0x5A) mod N and target j = hash4(seed, p, 1, 0xA5) mod (N - 1), skipping the source.
std::vector<std::pair<uint64_t, uint64_t>> ordered_pairs(uint64_t n, uint64_t sample, uint64_t seed) {
  std::vector<std::pair<uint64_t, uint64_t>> v;
  for (uint64_t p = 0; p < (sample ? sample : n * (n - 1)); ++p) {
    const uint64_t s = sample ? sim::hash4(seed, p, 0, 0x5A) % n : p / (n - 1);
    const uint64_t j = sample ? sim::hash4(seed, p, 1, 0xA5) % (n - 1) : p % (n - 1);
    v.emplace_back(s, j < s ? j : j + 1);
  }
  return v;
}

template <class Fam>
void expect_route_all_matches(core::backend b, const Fam& fam, const sim::routing_params& p,
                              int lambda = 0, uint64_t sample = 0) {
  const families::family f = fam;
  const auto g = test::make_small_graph(fam);
  sim::routing_options opt;
  opt.rule = p;
  opt.sample_pairs = sample;
  opt.sample_seed = 7;
  const auto res = sim::route_all(b, f, opt);
  uint64_t pairs = 0, delivered = 0, stuck = 0, hops = 0, excess = 0;
  uint32_t max_excess = 0;
  std::vector<uint64_t> hist, ehist;
  std::optional<std::pair<uint64_t, uint64_t>> first;
  ref_route first_r;
  for (const auto [s, t] : ordered_pairs(g.labels.size(), sample, opt.sample_seed)) {
    ++pairs;
    const auto r = reference_route(g, fam.bits(), lambda, p, g.labels[s], g.labels[t]);
    if (!r.delivered) {
      ++stuck;
      if (!first) {
        first = {g.labels[s], g.labels[t]};
        first_r = r;
      }
      continue;
    }
    ++delivered;
    hops += r.hops;
    const uint32_t e = r.hops - __builtin_popcountll(g.labels[s] ^ g.labels[t]);
    excess += e;
    max_excess = std::max(max_excess, e);
    if (hist.size() <= r.hops) hist.resize(r.hops + 1, 0);
    if (ehist.size() <= e) ehist.resize(e + 1, 0);
    ++hist[r.hops];
    ++ehist[e];
  }
  EXPECT_EQ(res.pairs, pairs);
  EXPECT_EQ(res.delivered, delivered);
  EXPECT_EQ(res.stuck, stuck);
  EXPECT_EQ(res.hops_sum, hops);
  EXPECT_EQ(res.excess_sum, excess);
  EXPECT_EQ(res.max_excess, max_excess);
  EXPECT_EQ(res.hop_histogram, hist);
  EXPECT_EQ(res.excess_histogram, ehist);
  ASSERT_EQ(res.first_stuck.has_value(), first.has_value());
  if (first) {
    EXPECT_EQ(res.first_stuck->source, first->first);
    EXPECT_EQ(res.first_stuck->target, first->second);
    EXPECT_EQ(res.first_stuck->at, first_r.at);
    EXPECT_EQ(res.first_stuck->hops, first_r.hops);
  }
}

TEST(Routing, PostalAdmissibleDimensionsEqualDistance1BitByBit) {
  for (int lambda = 1; lambda <= 6; ++lambda)
    for (int n = 1; n <= 12; ++n) {
      const auto p = families::postal_network::make(lambda, n);
      for (uint64_t i = 0; i < p.size(); ++i) {
        const uint64_t x = p.unrank(i);
        const uint64_t m = sim::pn_admissible_dims(p, x);
        for (int b = 0; b < n; ++b) {
          const bool want = slow_distance_1(x ^ (uint64_t{1} << b), n) >= lambda;
          ASSERT_EQ(((m >> b) & 1u) != 0, want) << lambda << " " << n << " " << x << " " << b;
        }
        ASSERT_EQ(m >> n, 0u);
      }
    }
}

class RoutingOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(RoutingOn);

TEST_P(RoutingOn, EveryAlgorithmAndChoiceMatchesTheReference) {
  for (choice_rule c : {choice_rule::lowest, choice_rule::highest, choice_rule::random}) {
    sim::routing_params p;
    p.choice = c;
    p.seed = 77;
    p.algorithm = routing_algorithm::pn_adaptive;
    expect_route_all_matches(this->backend, families::postal_network::make(2, 8), p, 2);
    expect_route_all_matches(this->backend, families::postal_network::make(3, 9), p, 3);
    p.algorithm = routing_algorithm::pn_nonminimal;
    p.spare_limit = 1;
    expect_route_all_matches(this->backend, families::postal_network::make(3, 8), p, 3);
    p.spare_limit = 2;
    expect_route_all_matches(this->backend, families::postal_network::make(2, 7), p, 2);
    p.algorithm = routing_algorithm::efc_unicast;
    expect_route_all_matches(this->backend, families::enhanced_fibonacci_cube::make(9), p);
    expect_route_all_matches(this->backend, families::linear_recursive::avoiding(7, "101"), p);
    expect_route_all_matches(this->backend, families::metacube::make(1, 2), p);
    if (c != choice_rule::random) {
      p.algorithm = routing_algorithm::ecube;
      expect_route_all_matches(this->backend, families::hypercube::make(6), p);
      expect_route_all_matches(this->backend, families::postal_network::make(2, 7), p);  // gets stuck
      expect_route_all_matches(this->backend, families::metacube::make(1, 2), p);
    }
  }
}

// One node: no pair to route.  The 2-bit words without "11" (00, 01, 10), a path: every
// pair delivered.
TEST_P(RoutingOn, TheSmallestNetworksMatchTheReference) {
  sim::routing_params p;
  p.algorithm = routing_algorithm::efc_unicast;
  expect_route_all_matches(this->backend, families::linear_recursive::avoiding(1, "1"), p);
  expect_route_all_matches(this->backend, families::linear_recursive::avoiding(2, "11"), p);
  sim::routing_options opt;
  opt.rule = p;
  const auto r = sim::route_all(this->backend, families::linear_recursive::avoiding(1, "1"), opt);
  EXPECT_EQ(r.pairs, 0u);
  EXPECT_FALSE(r.first_stuck.has_value());
}

// A seeded sample of pairs, some stuck (PN_2 under e-cube), some long (PN_3(12)).
TEST_P(RoutingOn, SampledPairsMatchTheReference) {
  sim::routing_params p;
  p.seed = 42;
  p.algorithm = routing_algorithm::pn_adaptive;
  p.choice = choice_rule::random;
  expect_route_all_matches(this->backend, families::postal_network::make(2, 12), p, 2, 20000);
  p.algorithm = routing_algorithm::pn_nonminimal;
  p.spare_limit = 2;
  expect_route_all_matches(this->backend, families::postal_network::make(3, 12), p, 3, 5000);
  p.algorithm = routing_algorithm::ecube;
  p.choice = choice_rule::lowest;
  expect_route_all_matches(this->backend, families::postal_network::make(2, 10), p, 0, 3000);
}

TEST_P(RoutingOn, ECubeOnHypercubesIsMinimalAndNeverStuck) {
  const families::family f = families::hypercube::make(9);
  sim::routing_options opt;
  opt.rule.algorithm = routing_algorithm::ecube;
  const auto r = sim::route_all(this->backend, f, opt);
  EXPECT_EQ(r.pairs, 512u * 511u);
  EXPECT_EQ(r.stuck, 0u);
  EXPECT_EQ(r.max_excess, 0u);
  // sum over ordered pairs of the Hamming distance = N * n 2^(n-1)
  EXPECT_EQ(r.hops_sum, 512u * 9u * 256u);
  opt.sample_pairs = 5000;
  const auto s = sim::route_all(this->backend, f, opt);
  EXPECT_EQ(s.pairs, 5000u);
  EXPECT_EQ(s.delivered, 5000u);
  EXPECT_EQ(s.max_excess, 0u);
}

TEST(Routing, DimensionOrderedRoutesOfSection4) {
  // 01000 -> 10010 (r = 11010).  Leftmost first flips dimension 1 and meets 11000 (two
  // adjacent 1s): stuck at once in PN_2(5).  Rightmost first goes 01010, 00010, 10010,
  // legal for lambda = 2; for lambda = 3, 01010 has two 1s at distance 2: stuck.
  const auto s = test::from_bits("01000"), d = test::from_bits("10010");
  sim::routing_params p;
  p.algorithm = routing_algorithm::ecube;
  p.choice = choice_rule::lowest;
  EXPECT_EQ(sim::route_path(families::postal_network::make(2, 5), p, s, d),
            std::vector<uint64_t>({s}));
  p.choice = choice_rule::highest;
  EXPECT_EQ(sim::route_path(families::postal_network::make(2, 5), p, s, d),
            std::vector<uint64_t>({s, test::from_bits("01010"), test::from_bits("00010"), d}));
  EXPECT_EQ(sim::route_path(families::postal_network::make(3, 5), p, s, d),
            std::vector<uint64_t>({s}));
}

TEST(Routing, AdaptiveRoutesInPN4_6AreExactlyTheMinimalLegalPaths) {
  // Every path the random rule produces is a minimal path through nodes of PN_4(6), and
  // over many seeds it produces every such path (found here by depth-first search).
  const auto fam = families::postal_network::make(4, 6);
  const families::family f = fam;
  const auto s = test::from_bits("100010"), d = test::from_bits("000001");
  std::set<std::vector<uint64_t>> all;
  std::vector<uint64_t> path{s};
  std::function<void(uint64_t)> dfs = [&](uint64_t t) {
    if (t == d) {
      all.insert(path);
      return;
    }
    for (int b = 0; b < 6; ++b) {
      if (!(((t ^ d) >> b) & 1u)) continue;
      const uint64_t y = t ^ (uint64_t{1} << b);
      if (!fam.contains(y)) continue;
      path.push_back(y);
      dfs(y);
      path.pop_back();
    }
  };
  dfs(s);
  std::set<std::vector<uint64_t>> seen;
  sim::routing_params p;
  p.algorithm = routing_algorithm::pn_adaptive;
  p.choice = choice_rule::random;
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    p.seed = seed;
    const auto r = sim::route_path(f, p, s, d);
    EXPECT_TRUE(all.count(r));
    seen.insert(r);
  }
  EXPECT_EQ(seen, all);
  EXPECT_GE(all.size(), 2u);
}

TEST(Routing, NonMinimalRouteTakesAndReturnsASpareDimension) {
  // PN_4(6), 100000 -> 000000.  Rightmost first: the spare dimension 6 (bit 0) is legal
  // (100001 has its 1s five apart), so the route sets it, then clears it, then clears
  // dimension 1: three hops, excess 2.  Leftmost first clears dimension 1 at once.
  const families::family f = families::postal_network::make(4, 6);
  const auto s = test::from_bits("100000");
  sim::routing_params p;
  p.algorithm = routing_algorithm::pn_nonminimal;
  p.spare_limit = 1;
  p.choice = choice_rule::highest;
  EXPECT_EQ(sim::route_path(f, p, s, 0),
            std::vector<uint64_t>({s, test::from_bits("100001"), s, 0}));
  p.choice = choice_rule::lowest;
  EXPECT_EQ(sim::route_path(f, p, s, 0), std::vector<uint64_t>({s, 0}));
}

TEST_P(RoutingOn, RejectsAlgorithmsOutsideTheirFamilies) {
  sim::routing_options opt;
  opt.rule.algorithm = routing_algorithm::pn_adaptive;
  EXPECT_THROW(sim::route_all(this->backend, families::hypercube::make(3), opt),
               std::invalid_argument);
  opt.rule.algorithm = routing_algorithm::efc_unicast;
  EXPECT_THROW(sim::route_all(this->backend, families::de_bruijn::make(3), opt),
               std::invalid_argument);
}

}  // namespace
