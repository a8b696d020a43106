// The star graph S_n against its definition (permutations listed by std::next_permutation,
// neighbors by swapping the first symbol) and its closed forms: n! nodes, n!(n-1)/2
// edges, degree n-1, diameter floor(3(n-1)/2) (Akers and Krishnamurthy 1989).
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

TEST(Star, RefusesOutOfRange) {
  EXPECT_THROW(star_graph::make(1), std::invalid_argument);
  EXPECT_THROW(star_graph::make(16), std::invalid_argument);
}

}  // namespace
