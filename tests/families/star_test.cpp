// The star graph S_n against its definition (permutations listed by std::next_permutation,
// neighbors by swapping the first symbol) and its closed forms: n! nodes, n!(n-1)/2
// edges, degree n-1, diameter floor(3(n-1)/2) (Akers and Krishnamurthy 1989); its distance
// layers and Wiener index by OEIS A284039's closed form.
#include "kernels/families/star.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <vector>

#include "tests/families/measured.hpp"

namespace {

using tv::families::star_graph;

TEST(Star, LabelsAreThePermutationsInOrderAndEdgesSwapTheFirstSymbol) {
  for (int n = 2; n <= 6; ++n) {
    std::vector<std::vector<int>> perms;
    std::vector<int> p(n);
    std::iota(p.begin(), p.end(), 0);
    do perms.push_back(p);
    while (std::next_permutation(p.begin(), p.end()));
    std::map<std::vector<int>, uint64_t> index;
    for (uint64_t i = 0; i < perms.size(); ++i) index[perms[i]] = i;
    const auto g = star_graph::make(n);
    ASSERT_EQ(g.size(), perms.size());
    const int w = 64 - __builtin_clzll(static_cast<uint64_t>(n - 1));  // ceil(log2 n)
    std::set<uint64_t> labels;
    for (uint64_t i = 0; i < perms.size(); ++i) {
      uint64_t label = 0;
      for (int s : perms[i]) label = (label << w) | static_cast<uint64_t>(s);
      labels.insert(label);
      ASSERT_EQ(g.unrank(i), label) << "n=" << n << " i=" << i;
    }
    for (uint64_t x = 0; x < (uint64_t{1} << g.bits()); ++x)
      ASSERT_EQ(g.contains(x), labels.count(x) == 1) << "n=" << n << " x=" << x;
    EXPECT_EQ(tv::test::check_adjacency(g, [&](uint64_t i) {
                std::set<uint64_t> s;
                for (int j = 1; j < n; ++j) {
                  auto q = perms[i];
                  std::swap(q[0], q[j]);
                  s.insert(index.at(q));
                }
                return s;
              }),
              "")
        << "n=" << n;
  }
}

TEST(Star, RanksRoundTripAtLargeOrders) {
  std::mt19937_64 rng(18);
  for (int n : {9, 12, 15}) EXPECT_EQ(tv::test::check_rank_round_trips(star_graph::make(n), rng, 500), "") << n;
}

TEST(Star, ClosedFormsOverASweep) {
  uint64_t factorial = 1;
  for (int n = 2; n <= 7; ++n) {
    factorial *= static_cast<uint64_t>(n);
    const auto m = tv::test::measure(star_graph::make(n));
    EXPECT_EQ(m.degrees.nodes, factorial) << "n=" << n;
    EXPECT_EQ(m.degrees.edges, factorial * static_cast<uint64_t>(n - 1) / 2) << "n=" << n;
    EXPECT_EQ(m.degrees.degree_min, static_cast<uint32_t>(n - 1)) << "n=" << n;
    EXPECT_EQ(m.degrees.degree_max, static_cast<uint32_t>(n - 1)) << "n=" << n;
    EXPECT_EQ(m.distances.unreachable_pairs, 0u) << "n=" << n;
    EXPECT_EQ(m.distances.diameter, static_cast<uint32_t>(3 * (n - 1) / 2)) << "n=" << n;
  }
}

// The distance distribution and Wiener index of S_n by the published closed form: OEIS
// A284039 ("Wiener index of the n-permutation star graph", https://oeis.org/A284039):
// W(S_n) = n!/2 * sum_k k a(n, k) (Andrew Howroyd), where a(n, k), the nodes at distance k
// from one node (OEIS A007799), follow the recurrence of A284039's program:
//   a(n, 0) = 1, a(n, 1) = n - 1, a(n, 2) = (n - 1)(n - 2),
//   a(n, k) = (n - 1) a(n - 1, k - 1) + sum_{j=1..n-2} j a(j, k - 3)   (k >= 3).
// S_n is vertex-transitive, so the ordered pairs at distance k are n! a(n, k).
uint64_t star_layer(int n, int k) {
  if (k == 0) return 1;
  if (n <= 0) return 0;
  if (k == 1) return static_cast<uint64_t>(n - 1);
  if (k == 2) return static_cast<uint64_t>((n - 1) * (n - 2));
  uint64_t a = static_cast<uint64_t>(n - 1) * star_layer(n - 1, k - 1);
  for (int j = 1; j <= n - 2; ++j) a += static_cast<uint64_t>(j) * star_layer(j, k - 3);
  return a;
}

TEST(Star, DistanceLayersAndWienerIndexFollowOeisA284039) {
  uint64_t factorial = 1;
  for (int n = 2; n <= 7; ++n) {
    factorial *= static_cast<uint64_t>(n);
    const auto m = tv::test::measure(star_graph::make(n));
    const int diameter = 3 * (n - 1) / 2;
    std::vector<uint64_t> counts;
    uint64_t weighted = 0, layers = 0;  // sum_k k a(n, k), sum_k a(n, k)
    for (int k = 0; k <= diameter; ++k) {
      counts.push_back(factorial * star_layer(n, k));
      weighted += static_cast<uint64_t>(k) * star_layer(n, k);
      layers += star_layer(n, k);
    }
    EXPECT_EQ(layers, factorial) << "n=" << n << ": the layers partition the n! nodes";
    EXPECT_EQ(star_layer(n, diameter + 1), 0u) << "n=" << n;
    EXPECT_EQ(m.distances.distance_counts, counts) << "n=" << n;
    EXPECT_EQ(m.distances.wiener(false), factorial / 2 * weighted) << "n=" << n;
  }
}

TEST(Star, RefusesOutOfRange) {
  EXPECT_THROW(star_graph::make(1), std::invalid_argument);
  EXPECT_THROW(star_graph::make(16), std::invalid_argument);
}

}  // namespace
