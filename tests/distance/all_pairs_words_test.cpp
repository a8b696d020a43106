// The CPU all-pairs engine's cap on W from the cache size (kernels/distance/
// all_pairs_words.hpp), a pure function of (N, row arrays, cache bytes).  That the
// statistics are the same for every W is all_pairs_test.cpp's.
#include "kernels/distance/all_pairs_words.hpp"

#include <gtest/gtest.h>

namespace {

using tv::distance::cpu_word_cap;
using tv::distance::cpu_words_cap;

constexpr uint64_t MiB = uint64_t{1} << 20;

TEST(CpuWordsCap, RowsThatFitKeepSixteenWords) {
  // PN_2(24) (bipartite, two arrays): 2 * 121,393 * 128 bytes = 29.6 MiB, inside 32 MiB.
  EXPECT_EQ(cpu_words_cap(121393, 2, 32 * MiB), cpu_word_cap);
  // Exactly filling the cache still fits: 2 * 2^17 nodes * 128 bytes = 32 MiB.
  EXPECT_EQ(cpu_words_cap(uint64_t{1} << 17, 2, 32 * MiB), 16);
  EXPECT_EQ(cpu_words_cap(uint64_t{1} << 17, 2, 32 * MiB - 1), 32);
}

TEST(CpuWordsCap, RowsPastTheCacheTakeThirtyTwoWords) {
  EXPECT_EQ(cpu_words_cap(121393, 3, 32 * MiB), 32);  // PN_2(24) with seen rows: 44 MiB
  EXPECT_EQ(cpu_words_cap(317811, 2, 32 * MiB), 32);  // PN_2(26): 78 MiB
  EXPECT_EQ(cpu_words_cap(262144, 3, 32 * MiB), 32);  // DDB(18): 96 MiB
  EXPECT_EQ(cpu_words_cap(46368, 3, 32 * MiB), 16);   // PN_2(22): 17 MiB
}

TEST(CpuWordsCap, NoReportedCacheKeepsSixteenWords) {
  EXPECT_EQ(cpu_words_cap(uint64_t{1} << 30, 3, 0), cpu_word_cap);
}

}  // namespace
