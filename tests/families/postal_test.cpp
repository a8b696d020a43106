// PN_lambda(n) against Definition 1 of papers/000, a set recursion on strings
// (tests/families/paper_definitions.hpp), independent of the ranking tables in kernels/families/postal.hpp.
#include "kernels/families/postal.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "kernels/graph/csr.hpp"
#include "tests/families/paper_definitions.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::postal_network;

std::set<uint64_t> as_labels(const std::set<std::string>& s) {
  std::set<uint64_t> out;
  for (const auto& x : s) out.insert(tv::test::from_bits(x));
  return out;
}

TEST(Postal, MatchesDefinition1OnEverySmallInstance) {
  int checked = 0;
  for (int lambda = 1; lambda <= 6; ++lambda)
    for (int n = 1; n <= 14; ++n) {
      const auto pn = postal_network::make(lambda, n);
      const auto ref = as_labels(tv::test::postal_definition1(lambda, n));
      EXPECT_EQ(tv::test::check_label_family(pn, ref), "") << "lambda=" << lambda << " n=" << n;
      ++checked;
    }
  EXPECT_EQ(checked, 84);
}

// The counts the enumeration gives (what the claims pn.table1/pn.table2 compare with the
// paper's printed tables) against Definition 1's set counted by brute force: its strings,
// and the pairs of them one bit apart.
TEST(Postal, CountsEqualDefinition1CountedByBruteForce) {
  for (int lambda = 1; lambda <= 4; ++lambda)
    for (int k = 1; k <= 9; ++k) {
      const auto members = as_labels(tv::test::postal_definition1(lambda, k));
      uint64_t edges = 0;
      for (uint64_t x : members)
        for (int i = 0; i < k; ++i) edges += members.count(x ^ (uint64_t{1} << i));
      const auto s = tv::graph::count_degrees(tv::core::backend::cpu,
                                              postal_network::make(lambda, k));
      EXPECT_EQ(s.nodes, members.size()) << "N_" << lambda << "(" << k << ")";
      EXPECT_EQ(s.edges, edges / 2) << "L_" << lambda << "(" << k << ")";
    }
}

TEST(Postal, RankRoundTripsAtSixtyFourBits) {
  std::mt19937_64 rng(7);
  for (int lambda : {2, 3, 5, 17}) {
    ASSERT_EQ(tv::test::check_rank_round_trips(postal_network::make(lambda, 64), rng, 2000), "")
        << "lambda=" << lambda;
  }
}

/// x's neighbors by the rule as written: each bit b < n, in increasing order, that x has
/// or may set by can_set's window.
std::vector<uint64_t> neighbors_by_window(const postal_network& pn, uint64_t x) {
  std::vector<uint64_t> out;
  for (int b = 0; b < pn.n; ++b)
    if (((x >> b) & 1u) || pn.can_set(x, b)) out.push_back(x ^ (uint64_t{1} << b));
  return out;
}

// The bit-parallel neighbor mask (and its popcount, degree) against the window test bit by
// bit, order included: every
// word of up to 12 bits (labels or not, bits above n too) and random words at 64 bits.
TEST(Postal, NeighborMaskEqualsTheWindowRuleBitByBit) {
  std::mt19937_64 rng(11);
  for (int lambda : {1, 2, 3, 5, 17, 64})
    for (int n : {1, 2, 5, 10, 12, 63, 64}) {
      if (lambda == 1 && n == 64) continue;  // 2^64 nodes: refused by make
      const auto pn = postal_network::make(lambda, n);
      for (int t = 0; t < 4096; ++t) {
        const uint64_t x = n <= 12 ? static_cast<uint64_t>(t) : rng() & rng();
        std::vector<uint64_t> got;
        pn.for_each_neighbor(x, [&](uint64_t y) { got.push_back(y); });
        ASSERT_EQ(got, neighbors_by_window(pn, x)) << "lambda=" << lambda << " n=" << n << " x=" << x;
        ASSERT_EQ(pn.degree(x), got.size()) << "lambda=" << lambda << " n=" << n << " x=" << x;
      }
    }
}

// next_label steps through Definition 1's set in increasing order: every label of the
// small instances, and at 64 bits from random labels against the next rank's unrank.
TEST(Postal, NextLabelIsTheNextMemberOfDefinition1) {
  for (int lambda = 1; lambda <= 5; ++lambda)
    for (int n = 1; n <= 12; ++n) {
      const auto pn = postal_network::make(lambda, n);
      const auto ref = as_labels(tv::test::postal_definition1(lambda, n));
      const std::vector<uint64_t> sorted(ref.begin(), ref.end());
      for (size_t i = 0; i + 1 < sorted.size(); ++i)
        ASSERT_EQ(pn.next_label(sorted[i]), sorted[i + 1])
            << "lambda=" << lambda << " n=" << n << " x=" << sorted[i];
    }
  std::mt19937_64 rng(13);
  for (int lambda : {2, 3, 17, 64}) {
    const auto pn = postal_network::make(lambda, 64);
    for (int t = 0; t < 2000; ++t) {
      const uint64_t i = rng() % (pn.size() - 1);
      ASSERT_EQ(pn.next_label(pn.unrank(i)), pn.unrank(i + 1)) << "lambda=" << lambda << " i=" << i;
    }
  }
}

TEST(Postal, SpacingRuleOfTheorem7Examples) {
  // PN_4(6) has exactly the ten labels listed in Section 4.
  const auto pn = postal_network::make(4, 6);
  std::set<std::string> got;
  for (uint64_t x : tv::test::labels_of(pn)) got.insert(tv::test::to_bits(x, 6));
  const std::set<std::string> listed = {"000000", "000001", "000010", "000100", "001000",
                                        "010000", "100000", "010001", "100001", "100010"};
  EXPECT_EQ(got, listed);
}

TEST(Postal, Distance1IsTheLeastGapBetweenOnes) {
  // Read off the string: the gaps between consecutive '1's, for every 12-bit word.
  for (uint64_t x = 0; x < (uint64_t{1} << 12); ++x) {
    const std::string s = tv::test::to_bits(x, 12);
    int want = tv::families::distance_1_infinite, last = -1;
    for (int i = 0; i < 12; ++i)
      if (s[i] == '1') {
        if (last >= 0) want = std::min(want, i - last);
        last = i;
      }
    EXPECT_EQ(tv::families::distance_1(x), want) << s;
  }
  EXPECT_EQ(tv::families::distance_1(tv::test::from_bits("10001")), 4);
  EXPECT_EQ(tv::families::distance_1((uint64_t{1} << 63) | 1), 63);
}

TEST(Postal, Theorem7SetIsDefinition1) {
  // Theorem 7: the n-bit labels with distance_1 >= lambda are exactly Definition 1's set.
  for (int lambda = 1; lambda <= 5; ++lambda)
    for (int n = 1; n <= 10; ++n) {
      std::set<uint64_t> theorem7;
      for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
        if (tv::families::distance_1(x) >= lambda) theorem7.insert(x);
      EXPECT_EQ(theorem7, as_labels(tv::test::postal_definition1(lambda, n)))
          << "lambda=" << lambda << " n=" << n;
    }
}

TEST(Postal, RefusesOutOfRangeParameters) {
  EXPECT_THROW(postal_network::make(0, 5), std::invalid_argument);
  EXPECT_THROW(postal_network::make(2, 65), std::invalid_argument);
  EXPECT_THROW(postal_network::make(65, 5), std::invalid_argument);
  EXPECT_THROW(postal_network::make(1, 64), std::invalid_argument);  // 2^64 nodes
  EXPECT_NO_THROW(postal_network::make(1, 63));
  EXPECT_NO_THROW(postal_network::make(2, 64));
}

}  // namespace
