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

TEST(SeededPairSample, ItsBytesAreItsTableAndItsPairs) {
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(0), 0u);
  EXPECT_TRUE(tv::host::seeded_pair_sample(10, 0, 1).empty());
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(1), 8u * 2 + 8);
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(256), 8u * 512 + 8 * 256);
  EXPECT_EQ(tv::host::seeded_pair_sample_bytes(257), 8u * 1024 + 8 * 257);
}

}  // namespace
