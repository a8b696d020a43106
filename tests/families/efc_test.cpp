// EFC_n against Definition 1 of papers/001: the recursion with the bases V_3..V_6 typed
// in from the paper, evaluated on strings (tests/families/paper_definitions.hpp).
#include "kernels/families/efc.hpp"

#include <gtest/gtest.h>

#include <random>
#include <utility>
#include <vector>

#include "tests/families/paper_definitions.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::enhanced_fibonacci_cube;

TEST(Efc, MatchesDefinition1) {
  for (int n = 3; n <= 20; ++n) {
    const auto e = enhanced_fibonacci_cube::make(n);
    std::set<uint64_t> ref;
    for (const auto& s : tv::test::efc_definition1_order(n)) {
      ASSERT_EQ(static_cast<int>(s.size()), n - 2);
      ref.insert(tv::test::from_bits(s));
    }
    EXPECT_EQ(tv::test::check_label_family(e, ref), "") << "n=" << n;
    EXPECT_EQ(e.bits(), n - 2);
  }
}

TEST(Efc, RankRoundTripsAtLargeOrder) {
  std::mt19937_64 rng(3);
  for (int n : {40, 57, 66}) {
    ASSERT_EQ(tv::test::check_rank_round_trips(enhanced_fibonacci_cube::make(n), rng, 2000), "") << "n=" << n;
  }
}

/// The neighbors of x by the definition: each flipped bit, in increasing order, that
/// rank_or_none accepts, with that rank.
std::vector<std::pair<uint64_t, uint64_t>> flips_by_rank(const enhanced_fibonacci_cube& e, uint64_t x) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  for (int b = 0; b < e.bits(); ++b) {
    const uint64_t y = x ^ (uint64_t{1} << b);
    if (e.contains(y)) out.emplace_back(y, e.rank(y));
  }
  return out;
}

std::vector<std::pair<uint64_t, uint64_t>> ranked_neighbors(const enhanced_fibonacci_cube& e, uint64_t x) {
  std::vector<std::pair<uint64_t, uint64_t>> out;
  e.for_each_neighbor_ranked(x, [&](uint64_t y, uint64_t r) { out.emplace_back(y, r); });
  return out;
}

// The O(len) neighbor ranking (the blocks above a flipped bit kept, the rest from a table)
// against a rank per flipped bit: every label and every non-label up to 14 bits, then
// sampled labels and arbitrary words at 38, 55 and 64 bits.
TEST(Efc, NeighborsRankedInOnePassEqualARankPerBit) {
  for (int n = 3; n <= 16; ++n) {
    const auto e = enhanced_fibonacci_cube::make(n);
    for (uint64_t x = 0; x < (uint64_t{1} << e.bits()) * 2; ++x)
      ASSERT_EQ(ranked_neighbors(e, x), flips_by_rank(e, x)) << "n=" << n << " x=" << x;
  }
  std::mt19937_64 rng(5);
  for (int n : {40, 57, 66}) {
    const auto e = enhanced_fibonacci_cube::make(n);
    for (int t = 0; t < 3000; ++t) {
      const uint64_t x = t % 3 == 0 ? rng() : e.unrank(rng() % e.size());
      ASSERT_EQ(ranked_neighbors(e, x), flips_by_rank(e, x)) << "n=" << n << " x=" << x;
      std::vector<uint64_t> plain;
      e.for_each_neighbor(x, [&](uint64_t y) { plain.push_back(y); });
      ASSERT_EQ(plain.size(), flips_by_rank(e, x).size());
    }
  }
}

TEST(Efc, RefusesOutOfRange) {
  EXPECT_THROW(enhanced_fibonacci_cube::make(2), std::invalid_argument);
  EXPECT_THROW(enhanced_fibonacci_cube::make(67), std::invalid_argument);
}

}  // namespace
