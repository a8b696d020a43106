// The shared pieces of the simulators: source-word masks against bit-by-bit definitions,
// choice rules, and seeded samples.
#include <gtest/gtest.h>

#include <set>

#include "kernels/sim/sim_common.hpp"

namespace {

using namespace tv;

TEST(SimCommon, SuffixMaskSelectsSourcesByTheirLowBits) {
  for (uint64_t base : {uint64_t{0}, uint64_t{64}, uint64_t{640}, uint64_t{1} << 20})
    for (int L = 0; L <= 12; ++L)
      for (uint64_t v = 0; v < (uint64_t{1} << L) + 3; v += (L > 8 ? 37 : 1)) {
        const uint64_t m = sim::suffix_mask(base, L, v);
        for (int i = 0; i < 64; ++i) {
          const uint64_t s = base + i;
          const uint64_t low = L >= 64 ? ~uint64_t{0} : (uint64_t{1} << L) - 1;
          ASSERT_EQ(((m >> i) & 1u) != 0, (s & low) == (v & low)) << base << " " << L << " " << v;
        }
      }
}

TEST(SimCommon, RangeMask) {
  for (uint64_t word = 0; word < 3; ++word)
    for (uint64_t lo = 0; lo < 200; lo += 7)
      for (uint64_t hi = lo; hi < 220; hi += 11) {
        const uint64_t m = sim::range_mask(word, lo, hi);
        for (int i = 0; i < 64; ++i) {
          const uint64_t g = word * 64 + i;
          ASSERT_EQ(((m >> i) & 1u) != 0, g >= lo && g < hi);
        }
      }
}

TEST(SimCommon, ChoiceRules) {
  const uint64_t m = 0b1011000;
  EXPECT_EQ(sim::choose_bit(m, sim::choice_rule::lowest, 0, 0, 0, 0), 6);   // leftmost
  EXPECT_EQ(sim::choose_bit(m, sim::choice_rule::highest, 0, 0, 0, 0), 3);  // rightmost
  std::set<int> seen;
  for (uint64_t s = 0; s < 200; ++s) seen.insert(sim::choose_bit(m, sim::choice_rule::random, s, 1, 2, 3));
  EXPECT_EQ(seen, std::set<int>({3, 4, 6}));
  EXPECT_EQ(sim::select_bit(m, 0), 3);
  EXPECT_EQ(sim::select_bit(m, 2), 6);
}

TEST(SimCommon, SamplesAreSortedDistinctAndRepeatable) {
  const auto a = sim::sample_indices(100000, 1024, 7);
  const auto b = sim::sample_indices(100000, 1024, 7);
  const auto c = sim::sample_indices(100000, 1024, 8);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
  ASSERT_EQ(a.size(), 1024u);
  for (size_t i = 1; i < a.size(); ++i) EXPECT_LT(a[i - 1], a[i]);
  EXPECT_LT(a.back(), 100000u);
  EXPECT_EQ(sim::sample_indices(10, 20, 1).size(), 10u);
}

}  // namespace
