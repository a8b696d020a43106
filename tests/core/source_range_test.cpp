// The covered-range bookkeeping of partial results (kernels/core/source_range.hpp):
// ranges join where they touch, overlaps and gaps are refused with the ranges named,
// every_source resolves to the whole order, and malformed lists are told apart.
#include "kernels/core/source_range.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "tests/refusal.hpp"

namespace {

using tv::core::source_range;

using tv::test::refusal;

TEST(SourceRange, RangesJoinInAnyOrderAndOverlapsAreRefused) {
  std::vector<source_range> covered;
  tv::core::add_covered(covered, {{10, 20}}, "x");
  tv::core::add_covered(covered, {{0, 4}, {20, 30}}, "x");
  EXPECT_EQ(covered, (std::vector<source_range>{{0, 4}, {10, 30}}));
  EXPECT_FALSE(tv::core::covers_all(covered, 30));
  tv::core::add_covered(covered, {{4, 10}, {7, 7}}, "x");  // an empty range adds nothing
  EXPECT_EQ(covered, (std::vector<source_range>{{0, 30}}));
  EXPECT_TRUE(tv::core::covers_all(covered, 30));
  EXPECT_EQ(tv::core::count(covered), 30u);
  EXPECT_EQ(tv::core::count({{2, 5}, {7, 8}}), 4u);
  EXPECT_FALSE(tv::core::covers_all(covered, 31));
  EXPECT_TRUE(tv::core::covers_all({}, 0));
  EXPECT_EQ(refusal([] {
              std::vector<source_range> c{{0, 5}};
              tv::core::add_covered(c, {{3, 8}}, "engine");
            }),
            "engine partials cover sources [0, 5) and [3, 8), which overlap: a source would count twice");
}

TEST(SourceRange, MissingSourcesAndRangesOutsideTheOrderAreNamed) {
  EXPECT_EQ(refusal([] { tv::core::require_all_covered({{0, 4}, {6, 9}}, 9, "e"); }),
            "e partial is incomplete: sources [4, 6) of 9 are not covered");
  EXPECT_EQ(refusal([] { tv::core::require_all_covered({{2, 9}}, 9, "e"); }),
            "e partial is incomplete: sources [0, 2) of 9 are not covered");
  EXPECT_EQ(refusal([] { tv::core::require_all_covered({}, 9, "e"); }),
            "e partial is incomplete: sources [0, 9) of 9 are not covered");
  EXPECT_EQ(refusal([] { tv::core::resolve_range({3, 10}, 9, "e"); }),
            "e: sources [3, 10) are not within the 9 sources of the run");
  EXPECT_EQ(refusal([] { tv::core::resolve_range({5, 4}, 9, "e"); }),
            "e: sources [5, 4) are not within the 9 sources of the run");
  EXPECT_EQ(tv::core::resolve_range(tv::core::every_source, 9, "e"), (source_range{0, 9}));
  EXPECT_EQ(tv::core::resolve_range({9, 9}, 9, "e"), (source_range{9, 9}));
}

TEST(SourceRange, WellFormedMeansSortedDisjointNonEmptyAndInside) {
  EXPECT_TRUE(tv::core::well_formed({{0, 2}, {3, 5}}, 5));
  EXPECT_FALSE(tv::core::well_formed({{3, 5}, {0, 2}}, 5));
  EXPECT_FALSE(tv::core::well_formed({{0, 3}, {2, 5}}, 5));
  EXPECT_FALSE(tv::core::well_formed({{2, 2}}, 5));
  EXPECT_FALSE(tv::core::well_formed({{0, 6}}, 5));
}

// FNV-1a as its definition reads, a byte at a time, eight bytes per word: fnv1a's
// shortcut for the zero bytes above the highest non-zero one must give the same value.
uint64_t fnv1a_bytewise(uint64_t h, uint64_t word) {
  for (int i = 0; i < 8; ++i) {
    h ^= (word >> (8 * i)) & 0xFFu;
    h *= 1099511628211ull;
  }
  return h;
}

TEST(SourceRange, Fnv1aEqualsItsBytewiseDefinition) {
  // The published 64-bit offset basis.
  EXPECT_EQ(tv::core::fnv1a_basis, 0xcbf29ce484222325ull);
  uint64_t h = tv::core::fnv1a_basis, want = h;
  std::mt19937_64 rng(9);
  for (int t = 0; t < 20000; ++t) {
    const int bits = t % 65;  // every width, zero included
    const uint64_t word = bits == 0 ? 0 : rng() >> (64 - bits);
    h = tv::core::fnv1a(h, word);
    want = fnv1a_bytewise(want, word);
    ASSERT_EQ(h, want) << "word " << word;
  }
}

}  // namespace
