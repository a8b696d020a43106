// The seeded sample of router pairs (host/checks/seeded_sample.hpp) against the loop it
// replaced, written apart here: draws a then b from std::mt19937_64(seed), a != b, into a
// std::set until it holds `wanted` pairs.  The records of the disjoint_paths check name
// their sample's seed, so the same seed must keep giving the same pairs.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "host/checks/seeded_sample.hpp"

namespace {

std::vector<std::pair<uint32_t, uint32_t>> drawn_into_a_set(uint64_t n, uint64_t wanted, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::set<std::pair<uint32_t, uint32_t>> drawn;
  while (drawn.size() < wanted) {
    const uint32_t a = static_cast<uint32_t>(rng() % n), b = static_cast<uint32_t>(rng() % n);
    if (a != b) drawn.insert({std::min(a, b), std::max(a, b)});
  }
  return {drawn.begin(), drawn.end()};
}

TEST(SeededPairSample, TheSamePairsAsDrawnIntoASet) {
  // Small and large samples, and samples of almost every pair (38 routers: 703 pairs),
  // where most draws repeat a pair and the table is fullest.
  for (const auto& [n, wanted] : std::vector<std::pair<uint64_t, uint64_t>>{
           {2, 1}, {5, 3}, {38, 700}, {38, 703}, {1000, 256}, {100000, 5000}, {uint64_t{1} << 32, 3000}})
    for (const uint64_t seed : {1, 7, 36}) {
      const auto ours = tv::host::seeded_pair_sample(n, wanted, seed);
      ASSERT_EQ(ours.size(), wanted);
      EXPECT_EQ(ours, drawn_into_a_set(n, wanted, seed)) << "n " << n << ", " << wanted << " pairs, seed " << seed;
    }
}

// The sample is drawn in rounds (seeded_sample.cpp): a round draws what is still missing,
// or an eighth of what is kept when more, so near every pair a round draws more new pairs
// than are wanted and must keep the first drawn, not the lowest; and a pair drawn in one
// round and again in a later one counts once.  Every sample size of 40 routers (780
// pairs) puts the round's end at every place, and 44,849 of 300 routers' 44,850 pairs
// take many rounds of mostly repeats.
TEST(SeededPairSample, EverySizeUpToEveryPairAsDrawnIntoASet) {
  for (uint64_t wanted = 1; wanted <= 780; ++wanted)
    for (const uint64_t seed : {1, 7, 36})
      ASSERT_EQ(tv::host::seeded_pair_sample(40, wanted, seed), drawn_into_a_set(40, wanted, seed))
          << wanted << " pairs, seed " << seed;
  EXPECT_EQ(tv::host::seeded_pair_sample(300, 44849, 5), drawn_into_a_set(300, 44849, 5));
}

TEST(SeededPairSample, ItsBytesAreSixteenAPair) {
  // The first round's draws and their sorted copy, 8 bytes a pair each.
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(0), 0u);
  EXPECT_TRUE(tv::host::seeded_pair_sample(10, 0, 1).empty());
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(1), 16u);
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(257), 16u * 257);
}

}  // namespace
