// hamming_sums against the definition: the weighted sum of Hamming distances from a node to
// the sources counted so far, computed pair by pair.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/distance/hamming_sums.hpp"

namespace tv::distance::detail {
namespace {

TEST(HammingSums, EqualsTheWeightedSumPairByPair) {
  std::vector<uint64_t> labels;
  for (uint64_t x = 0; x < 40; ++x) labels.push_back((x * 0x9E3779B97F4A7C15ull) >> (x % 7));
  labels.push_back(~uint64_t{0});  // every bit, the top one included
  labels.push_back(0);
  hamming_sums hs(labels);
  std::vector<uint64_t> weight(labels.size(), 0);
  for (uint64_t s = 0; s < labels.size(); s += 3) {
    weight[s] = 1 + s % 5;
    hs.add_source(s, weight[s]);
  }
  for (uint64_t v = 0; v < labels.size(); ++v) {
    uint64_t expected = 0, total = 0;
    for (uint64_t s = 0; s < labels.size(); ++s) {
      expected += weight[s] * static_cast<uint64_t>(__builtin_popcountll(labels[v] ^ labels[s]));
      total += weight[s];
    }
    EXPECT_EQ(hs.sum(v), expected) << "node " << v;
    EXPECT_FALSE(hs.fails(v, expected, total)) << "node " << v;
    EXPECT_TRUE(hs.fails(v, expected + 1, total)) << "node " << v;
    EXPECT_TRUE(hs.fails(v, expected, total - 1)) << "node " << v;
  }
}

}  // namespace
}  // namespace tv::distance::detail
