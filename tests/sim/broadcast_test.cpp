// The round-based broadcast engine on each backend against per-message references
// (sim_reference.hpp), closed forms, and the step-by-step runs of papers/003 Figure 2 and
// papers/001 Figure 3.
#include <gtest/gtest.h>

#include <numeric>
#include <tuple>

#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/trees.hpp"
#include "tests/backends.hpp"
#include "tests/sim/sim_reference.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using sim::broadcast_scheme;
using sim::tree_mode;

struct totals {
  uint64_t messages = 0, duplicates = 0, unreached = 0;
  uint32_t rounds_max = 0, rounds_min = ~0u, active = 0;
  uint64_t incomplete = 0;
  std::optional<uint64_t> first_incomplete;
  std::vector<uint64_t> informed_per_round;
  std::vector<uint32_t> rounds;
};

totals reference_all_sources(const test::small_graph& g, test::ref_scheme s,
                             const std::vector<uint64_t>& sources,
                             const std::vector<uint64_t>& parent, int bits, bool exclude = true) {
  totals t;
  std::vector<std::vector<uint64_t>> per_source;
  for (uint64_t src : sources) {
    const auto r = test::ref_broadcast(g, s, src, parent, bits, exclude);
    t.messages += r.messages;
    t.duplicates += r.duplicates;
    t.unreached += r.unreached;
    t.rounds_max = std::max(t.rounds_max, r.rounds);
    t.rounds_min = std::min(t.rounds_min, r.rounds);
    t.active = std::max(t.active, r.active_rounds);
    t.rounds.push_back(r.rounds);
    if (r.unreached) {
      ++t.incomplete;
      if (!t.first_incomplete || src < *t.first_incomplete) t.first_incomplete = src;
    }
    std::vector<uint64_t> cum;
    uint64_t informed = 0;
    for (const auto& f : r.fresh) cum.push_back(informed += f.size());
    per_source.push_back(cum);
  }
  size_t len = 0;
  for (const auto& c : per_source) len = std::max(len, c.size());
  t.informed_per_round.assign(len, 0);
  for (const auto& c : per_source)
    for (size_t i = 0; i < len; ++i) t.informed_per_round[i] += i < c.size() ? c[i] : c.back();
  return t;
}

/// The engine's cumulative counts, extended with their last value to `len` rounds (the
/// engine may run a quiet round past the reference's last new node, or stop earlier).
std::vector<uint64_t> cumulative(const sim::broadcast_result& r, size_t len) {
  std::vector<uint64_t> c = r.informed_per_round;
  while (c.size() < len) c.push_back(c.back());
  return c;
}

template <class Fam>
void expect_engine_matches(core::backend b, const Fam& fam, broadcast_scheme scheme, tree_mode mode,
                           test::ref_scheme ref, const std::vector<uint64_t>& parent,
                           std::vector<uint64_t> sources = {}, int words = 0,
                           bool exclude = true) {
  const families::family f = fam;
  const auto g = graph::build_csr(core::backend::cpu, f);
  const auto sg = test::make_small_graph(fam);
  sim::broadcast_options opt;
  opt.scheme = scheme;
  opt.mode = mode;
  opt.sources = sources;
  opt.per_source = true;
  opt.words = words;
  opt.flood_exclude_sender = exclude;
  const auto r = sim::broadcast(b, f, g, opt);
  if (sources.empty()) {
    sources.resize(fam.size());
    std::iota(sources.begin(), sources.end(), uint64_t{0});
  }
  const totals t = reference_all_sources(sg, ref, sources, parent, fam.bits(), exclude);
  EXPECT_EQ(r.sources, sources.size());
  // The engine's totals against the reference's, compared (and printed) as one tuple.
  EXPECT_EQ(std::tie(r.messages, r.duplicates, r.unreached, r.rounds_max, r.rounds_min, r.active_rounds,
                     r.rounds_per_source, r.incomplete_sources, r.first_incomplete_source),
            std::tie(t.messages, t.duplicates, t.unreached, t.rounds_max, t.rounds_min, t.active, t.rounds,
                     t.incomplete, t.first_incomplete));
  // The per-round counts add up to the totals the reference checks.
  EXPECT_EQ(std::accumulate(r.messages_per_round.begin(), r.messages_per_round.end(), uint64_t{0}), t.messages);
  EXPECT_EQ(std::accumulate(r.duplicates_per_round.begin(), r.duplicates_per_round.end(), uint64_t{0}),
            t.duplicates);
  const auto c = cumulative(r, t.informed_per_round.size());
  for (size_t i = 0; i < c.size(); ++i) {
    const uint64_t want = i < t.informed_per_round.size() ? t.informed_per_round[i]
                                                          : t.informed_per_round.back();
    EXPECT_EQ(c[i], want) << "round " << i;
  }
}

std::vector<uint64_t> parents_of(const test::label_tree& lt, const test::small_graph& g) {
  std::vector<uint64_t> p(g.labels.size());
  for (uint64_t v = 0; v < g.labels.size(); ++v) {
    auto it = lt.parent.find(g.labels[v]);
    p[v] = it == lt.parent.end() ? v : g.rank.at(it->second);
  }
  return p;
}

std::vector<uint64_t> binomial_parents(const test::small_graph& g) {
  std::vector<uint64_t> p(g.labels.size());
  for (uint64_t v = 0; v < g.labels.size(); ++v) {
    const uint64_t x = g.labels[v];
    p[v] = x == 0 ? v : g.rank.at(x & (x - 1));
  }
  return p;
}

// ---- Trees ---------------------------------------------------------------------------

TEST(Trees, PostalTreeMatchesTheGluedConstruction) {
  for (int lambda = 1; lambda <= 5; ++lambda)
    for (int n = 1; n <= 11; ++n) {
      const auto f = families::postal_network::make(lambda, n);
      const auto lt = test::postal_tree(lambda, n);
      ASSERT_EQ(lt.nodes.size(), f.size()) << "lambda " << lambda << " n " << n;
      for (auto [c, p] : lt.parent) EXPECT_EQ(sim::postal_tree_parent(lambda, n, c), p);
    }
}

TEST(Trees, EftMatchesTheGluedConstruction) {
  for (int n = 3; n <= 16; ++n) {
    const auto f = families::enhanced_fibonacci_cube::make(n);
    const auto lt = test::eft(n);
    ASSERT_EQ(lt.nodes.size(), f.size()) << "n " << n;
    for (uint64_t x : lt.nodes) EXPECT_TRUE(f.contains(x));
    for (auto [c, p] : lt.parent) EXPECT_EQ(sim::eft_parent(n, c), p) << "n " << n;
  }
}

TEST(Trees, PostalAndEftTreesClearTheRightmostOne) {
  // A consequence of the definitions worked out by hand (each block's root hangs from the
  // root of the block it attaches to), checked here so that a change in either shows.
  for (int n = 3; n <= 14; ++n)
    for (auto [c, p] : test::eft(n).parent) EXPECT_EQ(p, c & (c - 1));
  for (int lambda = 1; lambda <= 4; ++lambda)
    for (auto [c, p] : test::postal_tree(lambda, 10).parent) EXPECT_EQ(p, c & (c - 1));
}

TEST(Trees, DerivedArraysAreConsistent) {
  const families::family f = families::enhanced_fibonacci_cube::make(10);
  const auto t = sim::make_tree(f, sim::tree_kind::eft, nullptr);
  uint64_t sum = 0;
  for (uint64_t v = 0; v < t.nodes; ++v) {
    EXPECT_EQ(t.order[t.preorder[v]], v);
    if (v != t.root) EXPECT_EQ(t.depth[v], t.depth[t.parent[v]] + 1);
    // The subtree is the pre-order interval [pre, pre + size).
    for (uint64_t i = t.preorder[v]; i < t.preorder[v] + t.subtree[v]; ++i) {
      uint64_t u = t.order[i];
      while (u != v && u != t.root) u = t.parent[u];
      EXPECT_EQ(u, v);
    }
    sum += t.subtree[v] == 1;
  }
  EXPECT_GT(sum, 0u);
  EXPECT_THROW(sim::tree_from_parents({1, 0, 0}, 0), std::invalid_argument);
}

// ---- Rule 1 masks ---------------------------------------------------------------------

TEST(Rule1, ForwardMaskEqualsLemma1DistancesBitByBit) {
  for (int k = 1; k <= 9; ++k) {
    const uint64_t n = uint64_t{1} << k;
    for (uint64_t x = 0; x < n; ++x)
      for (uint64_t base = 0; base < n; base += 64) {
        const uint64_t m = sim::rule1_forward_mask(base, k, x);
        for (int i = 0; i < 64 && base + i < n; ++i) {
          const uint64_t r = base + i;
          for (unsigned b = 0; b < 2; ++b) {
            const uint64_t y = ((x << 1) & (n - 1)) | b;
            const bool want = sim::db_distance(r, x, k) < sim::db_distance(r, y, k);
            const bool got = ((m >> i) & 1u) && r != y;
            ASSERT_EQ(got, want) << "k " << k << " x " << x << " r " << r << " b " << b;
          }
        }
      }
  }
}

TEST(Rule1, Lemma1DistanceIsTheBfsDistanceOnSmallGraphs) {
  // db_distance is the formula the algorithm itself evaluates; here it is compared with
  // BFS so that the reference simulator (which uses BFS) and the engine agree by design.
  for (int k = 1; k <= 7; ++k) {
    const auto g = test::make_small_graph(families::de_bruijn::make(k));
    for (uint64_t s = 0; s < g.labels.size(); ++s) {
      const auto d = test::bfs_distances(g, s);
      for (uint64_t v = 0; v < g.labels.size(); ++v)
        ASSERT_EQ(sim::db_distance(s, v, k), d[v]) << k << " " << s << " " << v;
    }
  }
}

// ---- The engine against the references --------------------------------------------------

class BroadcastOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(BroadcastOn);

TEST_P(BroadcastOn, FloodingMatchesReference) {
  expect_engine_matches(this->backend, families::hypercube::make(4), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::postal_network::make(2, 7), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {}, {}, 1);
  expect_engine_matches(this->backend, families::metacube::make(1, 2), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::de_bruijn::make(6, true), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::de_bruijn::make(5, false), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::enhanced_fibonacci_cube::make(9), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {}, {}, 0, false);
}

// The edges: one node (nothing to send), DDB(1)'s self-loops (0 -> 0, 1 -> 1: a copy to
// oneself is no new node), and the undirected DDB(1), one edge.
TEST_P(BroadcastOn, FloodingAtTheEdgesMatchesReference) {
  expect_engine_matches(this->backend, families::linear_recursive::avoiding(1, "1"), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::de_bruijn::make(1, true), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
  expect_engine_matches(this->backend, families::de_bruijn::make(1, false), broadcast_scheme::flooding,
                        tree_mode::automatic, test::ref_scheme::flooding, {});
}

TEST_P(BroadcastOn, FloodingDuplicatesOnHypercubesFollowTheClosedForm) {
  // Q(n) is bipartite: a node at distance d receives one copy from each of its d
  // neighbors at distance d-1 and none from its own level, so messages = sum_d C(n,d) d
  // = n 2^(n-1) and duplicates = sum_d C(n,d) (d-1), per source.
  for (int n = 2; n <= 8; ++n) {
    const families::family f = families::hypercube::make(n);
    const auto g = graph::build_csr(core::backend::cpu, f);
    sim::broadcast_options opt;
    opt.scheme = broadcast_scheme::flooding;
    const auto r = sim::broadcast(this->backend, f, g, opt);
    uint64_t dup = 0, choose = 1;
    for (int d = 0; d <= n; ++d) {
      if (d >= 2) dup += choose * (d - 1);
      choose = choose * (n - d) / (d + 1);
    }
    const uint64_t N = uint64_t{1} << n;
    EXPECT_EQ(r.duplicates, N * dup) << n;
    EXPECT_EQ(r.messages, N * n * (N / 2)) << n;
    EXPECT_EQ(r.rounds_max, static_cast<uint32_t>(n));
    EXPECT_EQ(r.rounds_min, static_cast<uint32_t>(n));
    EXPECT_EQ(r.unreached, 0u);
    if (n == 2) EXPECT_EQ(r.duplicates, 4u);  // one per source: 11..  gets two copies
  }
}

TEST_P(BroadcastOn, TreeSchemesMatchReference) {
  {
    const auto fam = families::enhanced_fibonacci_cube::make(9);
    const auto sg = test::make_small_graph(fam);
    const auto parent = parents_of(test::eft(9), sg);
    expect_engine_matches(this->backend, fam, broadcast_scheme::eft, tree_mode::automatic,
                          test::ref_scheme::tree_up_down, parent);
    expect_engine_matches(this->backend, fam, broadcast_scheme::eft, tree_mode::via_root,
                          test::ref_scheme::tree_via_root, parent, {}, 1);
  }
  {
    const auto fam = families::postal_network::make(3, 9);
    const auto sg = test::make_small_graph(fam);
    const auto parent = parents_of(test::postal_tree(3, 9), sg);
    expect_engine_matches(this->backend, fam, broadcast_scheme::postal_tree, tree_mode::automatic,
                          test::ref_scheme::tree_up_down, parent);
    expect_engine_matches(this->backend, fam, broadcast_scheme::binomial_tree, tree_mode::automatic,
                          test::ref_scheme::tree_via_root, binomial_parents(sg));
  }
  {
    const auto fam = families::linear_recursive::from_seeds(8, {"0", "10", "110"});
    const auto sg = test::make_small_graph(fam);
    expect_engine_matches(this->backend, fam, broadcast_scheme::binomial_tree, tree_mode::automatic,
                          test::ref_scheme::tree_via_root, binomial_parents(sg));
    expect_engine_matches(this->backend, fam, broadcast_scheme::binomial_tree, tree_mode::up_down,
                          test::ref_scheme::tree_up_down, binomial_parents(sg), {3, 17, 40, 0});
  }
  expect_engine_matches(this->backend, families::hypercube::make(7), broadcast_scheme::binomial_tree,
                        tree_mode::automatic, test::ref_scheme::translated, {});
  expect_engine_matches(this->backend, families::hypercube::make(7), broadcast_scheme::binomial_tree,
                        tree_mode::translated, test::ref_scheme::translated, {}, {5, 64, 127});
}

TEST_P(BroadcastOn, ViaRootDuplicatesAreTheSourceDepths) {
  // The up path of source x has weight(x) nodes below the root, each of which receives
  // the root's copy again: duplicates = sum of weights = n 2^(n-1) on Q(n).
  const families::family f = families::hypercube::make(6);
  const auto g = graph::build_csr(core::backend::cpu, f);
  sim::broadcast_options opt;
  opt.scheme = broadcast_scheme::binomial_tree;
  opt.mode = tree_mode::via_root;
  const auto r = sim::broadcast(this->backend, f, g, opt);
  EXPECT_EQ(r.duplicates, 6u * 32u);
  EXPECT_EQ(r.unreached, 0u);
}

TEST_P(BroadcastOn, Rule1MatchesReferenceDenseAndSampled) {
  for (int k = 1; k <= 8; ++k)
    expect_engine_matches(this->backend, families::de_bruijn::make(k), broadcast_scheme::debruijn_rule1,
                          tree_mode::automatic, test::ref_scheme::rule1, {});
  // Two words of sources with W = 1 (several batches) and a sample (bit-by-bit path).
  expect_engine_matches(this->backend, families::de_bruijn::make(8), broadcast_scheme::debruijn_rule1,
                        tree_mode::automatic, test::ref_scheme::rule1, {}, {}, 1);
  expect_engine_matches(this->backend, families::de_bruijn::make(9), broadcast_scheme::debruijn_rule1,
                        tree_mode::automatic, test::ref_scheme::rule1, {},
                        {0, 1, 7, 100, 255, 256, 300, 511});
}

TEST_P(BroadcastOn, AllToAllMatchesReference) {
  for (int k = 1; k <= 7; ++k)
    for (bool relay_new : {false, true}) {
      const families::family f = families::de_bruijn::make(k);
      const auto g = graph::build_csr(core::backend::cpu, f);
      sim::broadcast_options opt;
      opt.scheme = broadcast_scheme::debruijn_all_to_all;
      opt.relay_new_only = relay_new;
      opt.words = 1;
      const auto r = sim::broadcast(this->backend, f, g, opt);
      const auto ref = test::ref_all_to_all(k, relay_new);
      EXPECT_EQ(r.messages, ref.messages) << k;
      EXPECT_EQ(r.duplicates, ref.duplicates) << k;
      EXPECT_EQ(r.unreached, ref.unreached) << k;
      ASSERT_EQ(r.link_load_max.size(), static_cast<size_t>(k + 1));
      for (int i = 1; i <= k; ++i) {
        EXPECT_EQ(r.link_load_max[i], ref.link_max[i]) << k << " " << i;
        EXPECT_EQ(r.link_load_min[i], ref.link_min[i]) << k << " " << i;
        EXPECT_EQ(r.link_load_total[i], ref.link_total[i]) << k << " " << i;
      }
    }
}

// ---- Figures, step by step -------------------------------------------------------------

TEST_P(BroadcastOn, DeBruijnFigure2StepByStep) {
  // DDB(3) from 000 under Rule 1.  By Lemma 1 (checked against BFS above) D(000, .) is
  // 1 for 001, 2 for 010 and 011, 3 for 1xx; 000 forwards only to 001 (its other child
  // is itself); 001 to both children; 010 and 011 to theirs; the 1xx nodes' children
  // are closer to 000 than they are, so they stop.
  const families::family f = families::de_bruijn::make(3);
  const auto g = graph::build_csr(core::backend::cpu, f);
  sim::broadcast_options opt;
  opt.scheme = broadcast_scheme::debruijn_rule1;
  opt.sources = {0};
  opt.trace = true;
  const auto r = sim::broadcast(this->backend, f, g, opt);
  using V = std::vector<uint64_t>;
  ASSERT_GE(r.trace.size(), 4u);
  EXPECT_EQ(r.trace[0], V({0b000}));
  EXPECT_EQ(r.trace[1], V({0b001}));
  EXPECT_EQ(r.trace[2], V({0b010, 0b011}));
  EXPECT_EQ(r.trace[3], V({0b100, 0b101, 0b110, 0b111}));
  EXPECT_EQ(r.rounds_max, 3u);
  EXPECT_EQ(r.messages, 7u);
  EXPECT_EQ(r.duplicates, 0u);
  EXPECT_EQ(r.unreached, 0u);
  // The same rounds as BFS layers of the directed graph.
  const auto sg = test::make_small_graph(families::de_bruijn::make(3));
  const auto d = test::bfs_distances(sg, 0);
  for (size_t t = 0; t < r.trace.size(); ++t)
    for (uint64_t v : r.trace[t]) EXPECT_EQ(d[v], static_cast<int>(t));
}

TEST_P(BroadcastOn, EfcFigure3StepByStep) {
  // EFT_7 (labels of 5 bits) drawn from its definition:
  //   00000 ─┬─ 00001        10000 ─┬─ 10001       01000 ─┬─ 01001
  //          ├─ 00010               ├─ 10010              └─ 01010 ── 01011
  //          ├─ 00100 ── 00101      └─ 10100 ── 10101
  //          ├─ 01000 (subtree right)
  //          └─ 10000 (subtree above)
  // From 01000: step 1 up to the root and down to 01001, 01010; step 2 the root sends
  // down to every child but 01000, and 01010 to 01011; step 3 the grandchildren; step 4
  // 10101.
  const families::family f = families::enhanced_fibonacci_cube::make(7);
  const auto g = graph::build_csr(core::backend::cpu, f);
  auto rk = [&](const char* s) { return families::rank(f, test::from_bits(s)); };
  sim::broadcast_options opt;
  opt.scheme = broadcast_scheme::eft;
  opt.sources = {rk("01000")};
  opt.trace = true;
  const auto r = sim::broadcast(this->backend, f, g, opt);
  auto set = [&](std::initializer_list<const char*> l) {
    std::vector<uint64_t> v;
    for (auto s : l) v.push_back(rk(s));
    std::sort(v.begin(), v.end());
    return v;
  };
  ASSERT_EQ(r.trace.size(), 5u);
  EXPECT_EQ(r.trace[1], set({"00000", "01001", "01010"}));
  EXPECT_EQ(r.trace[2], set({"00001", "00010", "00100", "10000", "01011"}));
  EXPECT_EQ(r.trace[3], set({"00101", "10001", "10010", "10100"}));
  EXPECT_EQ(r.trace[4], set({"10101"}));
  EXPECT_EQ(r.rounds_max, 4u);
  EXPECT_EQ(r.messages, 13u);
  EXPECT_EQ(r.duplicates, 0u);
}

TEST_P(BroadcastOn, RejectsSchemesOutsideTheirFamilies) {
  const families::family q = families::hypercube::make(4);
  const auto g = graph::build_csr(core::backend::cpu, q);
  sim::broadcast_options opt;
  opt.scheme = broadcast_scheme::debruijn_rule1;
  EXPECT_THROW(sim::broadcast(this->backend, q, g, opt), std::invalid_argument);
  opt.scheme = broadcast_scheme::eft;
  EXPECT_THROW(sim::broadcast(this->backend, q, g, opt), std::invalid_argument);
  EXPECT_EQ(sim::default_scheme(families::de_bruijn::make(5)), broadcast_scheme::debruijn_rule1);
  EXPECT_EQ(sim::default_scheme(families::enhanced_fibonacci_cube::make(8)), broadcast_scheme::eft);
  EXPECT_EQ(sim::default_scheme(families::postal_network::make(2, 8)), broadcast_scheme::postal_tree);
  EXPECT_EQ(sim::default_scheme(q), broadcast_scheme::binomial_tree);
}

}  // namespace
