// The Kautz digraph K(d, k) against its definition (strings over d+1 symbols without two
// equal neighbors, arcs by shifting left and appending a symbol) and its closed forms:
// (d+1) d^(k-1) nodes, d (d+1) d^(k-1) arcs, in- and out-degree d, diameter k; and its
// Wiener index against a BFS on the strings.
#include "kernels/families/kautz.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "tests/families/measured.hpp"

namespace {

using tv::families::kautz;
using word = std::vector<int>;

/// The Kautz strings in lexicographic order (the rank order), built symbol by symbol.
std::vector<word> kautz_strings(int d, int k) {
  std::vector<word> all(1, word());
  for (int i = 0; i < k; ++i) {
    std::vector<word> next;
    for (const auto& w : all)
      for (int s = 0; s <= d; ++s)
        if (w.empty() || w.back() != s) {
          word longer = w;
          longer.push_back(s);
          next.push_back(longer);
        }
    all.swap(next);
  }
  return all;
}

TEST(Kautz, LabelsAreTheStringsInOrderAndArcsShiftLeft) {
  for (int d = 2; d <= 5; ++d)
    for (int k = 1; k <= 5; ++k) {
      const auto all = kautz_strings(d, k);
      const auto g = kautz::make(d, k);
      std::map<word, uint64_t> index;
      for (uint64_t i = 0; i < all.size(); ++i) index[all[i]] = i;
      int w = 0;
      while ((1 << w) < d + 1) ++w;
      std::set<uint64_t> labels;
      ASSERT_EQ(g.size(), all.size());
      for (uint64_t i = 0; i < all.size(); ++i) {
        uint64_t label = 0;
        for (int s : all[i]) label = (label << w) | static_cast<uint64_t>(s);
        labels.insert(label);
        ASSERT_EQ(g.unrank(i), label) << "d=" << d << " k=" << k << " i=" << i;
        ASSERT_EQ(g.rank(label), i);
      }
      for (uint64_t x = 0; x < (uint64_t{1} << g.bits()); ++x)
        ASSERT_EQ(g.contains(x), labels.count(x) == 1) << "d=" << d << " k=" << k << " x=" << x;
      auto successors = [&](uint64_t i) {
        std::set<uint64_t> s;
        for (int t = 0; t <= d; ++t) {
          if (t == all[i].back()) continue;  // (for k >= 2 the index would refuse it too)
          word next(all[i].begin() + 1, all[i].end());
          next.push_back(t);
          if (index.count(next)) s.insert(index[next]);
        }
        return s;
      };
      EXPECT_EQ(tv::test::check_adjacency(g, successors), "") << "d=" << d << " k=" << k;
      // In-neighbors: exactly the nodes whose successors hold this one.
      std::vector<std::set<uint64_t>> predecessors(all.size());
      for (uint64_t i = 0; i < all.size(); ++i)
        for (uint64_t j : successors(i)) predecessors[j].insert(i);
      for (uint64_t i = 0; i < all.size(); ++i) {
        std::set<uint64_t> got;
        g.for_each_in_neighbor(g.unrank(i), [&](uint64_t y) { got.insert(g.rank(y)); });
        ASSERT_EQ(got, predecessors[i]) << "d=" << d << " k=" << k << " i=" << i;
      }
    }
}

TEST(Kautz, RanksRoundTripAtLargeOrders) {
  std::mt19937_64 rng(18);
  for (const auto& g : {kautz::make(2, 31), kautz::make(3, 31), kautz::make(6, 21), kautz::make(1000, 6)})
    EXPECT_EQ(tv::test::check_rank_round_trips(g, rng, 500), "") << "d=" << g.d << " k=" << g.k;
}

TEST(Kautz, ClosedFormsOverASweep) {
  for (int d = 2; d <= 6; ++d)
    for (int k = 1; k <= 7; ++k) {
      const auto g = kautz::make(d, k);
      if (g.size() > 5000) continue;
      uint64_t N = static_cast<uint64_t>(d) + 1;
      for (int i = 1; i < k; ++i) N *= static_cast<uint64_t>(d);
      const auto m = tv::test::measure(g);
      const std::string at = "d=" + std::to_string(d) + " k=" + std::to_string(k);
      EXPECT_EQ(m.degrees.nodes, N) << at;
      EXPECT_EQ(m.degrees.edges, static_cast<uint64_t>(d) * N) << at;  // arcs of a digraph
      EXPECT_EQ(m.degrees.degree_min, static_cast<uint32_t>(d)) << at;
      EXPECT_EQ(m.degrees.degree_max, static_cast<uint32_t>(d)) << at;
      EXPECT_EQ(m.degrees.in_degree_min, static_cast<uint32_t>(d)) << at;
      EXPECT_EQ(m.degrees.in_degree_max, static_cast<uint32_t>(d)) << at;
      EXPECT_EQ(m.distances.unreachable_pairs, 0u) << at;
      EXPECT_EQ(m.distances.diameter, static_cast<uint32_t>(k)) << at;
    }
}

// We found no published closed form for the Wiener index of K(d, k); the engine's sum over
// ordered pairs is compared with a BFS on the strings themselves (arcs: drop the first
// symbol, append one that differs from the last) over a sweep of small sizes.
TEST(Kautz, WienerIndexEqualsBreadthFirstSearchOnTheStrings) {
  for (int d = 2; d <= 4; ++d)
    for (int k = 1; k <= 5; ++k) {
      const auto all = kautz_strings(d, k);
      if (all.size() > 3000) continue;
      std::map<word, uint64_t> index;
      for (uint64_t i = 0; i < all.size(); ++i) index[all[i]] = i;
      const auto bfs = tv::test::bfs_distance_sum(all.size(), [&](uint64_t i) {
        std::vector<uint64_t> next;
        for (int t = 0; t <= d; ++t)
          if (t != all[i].back()) {
            word w(all[i].begin() + 1, all[i].end());
            w.push_back(t);
            next.push_back(index.at(w));
          }
        return next;
      });
      const std::string at = "d=" + std::to_string(d) + " k=" + std::to_string(k);
      EXPECT_EQ(bfs.unreachable, 0u) << at;
      EXPECT_EQ(tv::test::measure(kautz::make(d, k)).distances.wiener(true), bfs.sum) << at;
    }
}

TEST(Kautz, RefusesOutOfRange) {
  EXPECT_NO_THROW(kautz::make(3, 31));
  EXPECT_THROW(kautz::make(1, 3), std::invalid_argument);
  EXPECT_THROW(kautz::make(2, 0), std::invalid_argument);
  EXPECT_THROW(kautz::make(3, 32), std::invalid_argument);  // 64 label bits
}

}  // namespace
