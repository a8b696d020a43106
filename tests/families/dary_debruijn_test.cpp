// The d-ary de Bruijn network B(d, k) against its definition on ranks (x -> d x + t mod
// d^k, t = 0..d-1; undirected: either direction, no loops, no repeats), against DDB(k) for
// d = 2, and its closed forms: d^k nodes, d^(k+1) arcs directed (in- and out-degree d),
// d^(k+1) - d - d(d-1)/2 undirected edges (loops at the d constant words go, and the
// d(d-1) words abab.. pair up), diameter k both ways; and its Wiener index (below).
#include "kernels/families/dary_debruijn.hpp"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "kernels/families/debruijn.hpp"
#include "tests/families/measured.hpp"

namespace {

using tv::families::dary_de_bruijn;

TEST(DaryDeBruijn, ArcsShiftInANewSymbolOnRanks) {
  for (int d = 2; d <= 5; ++d)
    for (int k = 1; k <= 4; ++k)
      for (bool directed : {true, false}) {
        const auto b = dary_de_bruijn::make(d, k, directed);
        const uint64_t N = b.size();
        auto successors = [&](uint64_t x) {
          std::set<uint64_t> s;
          for (uint64_t t = 0; t < static_cast<uint64_t>(d); ++t) s.insert((x * d + t) % N);
          return s;
        };
        const std::string at = "d=" + std::to_string(d) + " k=" + std::to_string(k) +
                               (directed ? "" : " undirected");
        EXPECT_EQ(tv::test::check_adjacency(b, [&](uint64_t x) {
                    if (directed) return successors(x);
                    std::set<uint64_t> s;
                    for (uint64_t y = 0; y < N; ++y)
                      if (y != x && (successors(x).count(y) || successors(y).count(x))) s.insert(y);
                    return s;
                  }),
                  "")
            << at;
        for (uint64_t x = 0; x < N; ++x) {
          std::set<uint64_t> in, want;
          b.for_each_in_neighbor(b.unrank(x), [&](uint64_t y) { in.insert(b.rank(y)); });
          for (uint64_t y = 0; y < N; ++y)
            if (successors(y).count(x)) want.insert(y);
          ASSERT_EQ(in, want) << at << " x=" << x;
        }
        for (uint64_t x = 0; x < (uint64_t{1} << b.bits()); ++x) {
          bool digits_ok = true;
          for (int i = 0; i < k; ++i) digits_ok = digits_ok && ((x >> (i * b.symbol_bits)) & ((1u << b.symbol_bits) - 1)) < static_cast<uint64_t>(d);
          ASSERT_EQ(b.contains(x), digits_ok) << at << " x=" << x;
        }
      }
}

TEST(DaryDeBruijn, BinaryIsDDB) {
  for (int k = 1; k <= 10; ++k)
    for (bool directed : {true, false}) {
      const auto b = dary_de_bruijn::make(2, k, directed);
      const auto ddb = tv::families::de_bruijn::make(k, directed);
      for (uint64_t x = 0; x < ddb.size(); ++x)
        ASSERT_EQ(tv::test::neighbors_of(b, x), tv::test::neighbors_of(ddb, x)) << "k=" << k << " x=" << x;
    }
}

TEST(DaryDeBruijn, RanksRoundTripAtLargeOrders) {
  std::mt19937_64 rng(18);
  for (const auto& b : {dary_de_bruijn::make(3, 31), dary_de_bruijn::make(5, 21), dary_de_bruijn::make(1000, 6)})
    EXPECT_EQ(tv::test::check_rank_round_trips(b, rng, 500), "") << "d=" << b.d << " k=" << b.k;
}

TEST(DaryDeBruijn, ClosedFormsOverASweep) {
  for (int d = 3; d <= 5; ++d)
    for (int k = 1; k <= 5; ++k)
      for (bool directed : {true, false}) {
        const auto b = dary_de_bruijn::make(d, k, directed);
        if (b.size() > 4000) continue;
        const uint64_t N = b.size(), D = static_cast<uint64_t>(d);
        const auto m = tv::test::measure(b);
        const std::string at = "d=" + std::to_string(d) + " k=" + std::to_string(k) +
                               (directed ? "" : " undirected");
        EXPECT_EQ(m.degrees.nodes, N) << at;
        EXPECT_EQ(m.degrees.edges, directed ? D * N : D * N - D - D * (D - 1) / 2) << at;
        if (directed) {
          EXPECT_EQ(m.degrees.degree_min, D) << at;
          EXPECT_EQ(m.degrees.degree_max, D) << at;
          EXPECT_EQ(m.degrees.in_degree_min, D) << at;
          EXPECT_EQ(m.degrees.in_degree_max, D) << at;
        }
        EXPECT_EQ(m.distances.unreachable_pairs, 0u) << at;
        EXPECT_EQ(m.distances.diameter, static_cast<uint32_t>(k)) << at;
      }
}

// The Wiener index of B(d, k), d > 2.  Directed: against the distance formula of the de
// Bruijn digraph, d(x, y) = the least j such that the last k - j symbols of x are the
// first k - j of y (x = UM, y = MV with |U| = |V| = j, as https://oeis.org/A058052 defines
// it for d = 2), summed over every ordered pair; and both ways against a BFS on the rule
// x -> d x + t mod d^k (undirected: either direction, loops dropped), over small sizes.
uint64_t overlap_distance(uint64_t x, uint64_t y, uint64_t d, int k) {
  uint64_t tail = 1;  // d^(k-j), from j = 0
  for (int i = 0; i < k; ++i) tail *= d;
  uint64_t head = 1;  // d^j
  for (int j = 0; j < k; ++j, tail /= d, head *= d)
    if (x % tail == y / head) return static_cast<uint64_t>(j);
  return static_cast<uint64_t>(k);
}

/// The out-neighbours of rank x by the definition: x -> d x + t mod N, and undirected also
/// the y with y -> x, that is y = t N/d + x/d; loops dropped.
std::vector<uint64_t> de_bruijn_successors(uint64_t x, uint64_t d, uint64_t N, bool directed) {
  std::set<uint64_t> next;
  for (uint64_t t = 0; t < d; ++t) {
    next.insert((x * d + t) % N);
    if (!directed) next.insert(t * (N / d) + x / d);
  }
  next.erase(x);
  return std::vector<uint64_t>(next.begin(), next.end());
}

TEST(DaryDeBruijn, WienerIndexEqualsTheOverlapFormulaAndBreadthFirstSearch) {
  const std::vector<std::pair<int, int>> sizes = {{3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5},
                                                  {4, 2}, {4, 3}, {4, 5}, {5, 2}, {5, 4}};
  for (const auto& [d, k] : sizes)
    for (bool directed : {true, false}) {
      const auto network = dary_de_bruijn::make(d, k, directed);
      const uint64_t nodes = network.size(), symbols = static_cast<uint64_t>(d);
      const auto bfs = tv::test::bfs_distance_sum(
          nodes, [&](uint64_t x) { return de_bruijn_successors(x, symbols, nodes, directed); });
      const std::string where = "B(" + std::to_string(d) + "," + std::to_string(k) + ")" +
                                (directed ? "" : " undirected");
      EXPECT_EQ(bfs.unreachable, 0u) << where;
      const uint64_t wiener = tv::test::measure(network).distances.wiener(directed);
      EXPECT_EQ(wiener, directed ? bfs.sum : bfs.sum / 2) << where;
      if (!directed) continue;
      uint64_t formula = 0;
      for (uint64_t x = 0; x < nodes; ++x)
        for (uint64_t y = 0; y < nodes; ++y) formula += overlap_distance(x, y, symbols, k);
      EXPECT_EQ(wiener, formula) << where;
    }
}

}  // namespace
