// FQ(n) against its definition (Q(n) plus x ~ complement of x) and its closed forms:
// 2^n nodes, (n+1) 2^(n-1) edges, degree n+1, diameter ceil(n/2), and the Wiener index
// from the distance formula d(x, y) = min(h, n+1-h), h the Hamming distance (El-Amawy and
// Latifi 1991): one complement edge replaces the n-h flips of the agreeing bits.
#include "kernels/families/folded_hypercube.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/families/measured.hpp"

namespace {

using tv::families::folded_hypercube;

TEST(FoldedHypercube, NeighborsAreTheNFlipsAndTheComplement) {
  for (int n = 2; n <= 10; ++n) {
    const uint64_t N = uint64_t{1} << n;
    const auto f = folded_hypercube::make(n);
    ASSERT_EQ(f.size(), N);
    for (uint64_t i = 0; i < N; ++i) ASSERT_EQ(f.unrank(i), i) << "every n-bit word is its own rank";
    // Brute force: y is a neighbor when it differs from x in exactly one bit or in all n.
    EXPECT_EQ(tv::test::check_adjacency(f, [&](uint64_t x) {
                std::set<uint64_t> s;
                for (uint64_t y = 0; y < N; ++y) {
                  const int h = __builtin_popcountll(x ^ y);
                  if (h == 1 || h == n) s.insert(y);
                }
                return s;
              }),
              "")
        << "n=" << n;
  }
}

uint64_t binomial(int n, int h) {
  uint64_t c = 1;
  for (int i = 1; i <= h; ++i) c = c * static_cast<uint64_t>(n - h + i) / static_cast<uint64_t>(i);
  return c;
}

TEST(FoldedHypercube, ClosedFormsOverASweep) {
  for (int n = 2; n <= 11; ++n) {
    const auto m = tv::test::measure(folded_hypercube::make(n));
    const uint64_t N = uint64_t{1} << n;
    EXPECT_EQ(m.degrees.nodes, N) << "n=" << n;
    EXPECT_EQ(m.degrees.edges, static_cast<uint64_t>(n + 1) * N / 2) << "n=" << n;
    EXPECT_EQ(m.degrees.degree_min, static_cast<uint32_t>(n + 1)) << "n=" << n;
    EXPECT_EQ(m.degrees.degree_max, static_cast<uint32_t>(n + 1)) << "n=" << n;
    EXPECT_EQ(m.distances.unreachable_pairs, 0u) << "n=" << n;
    EXPECT_EQ(m.distances.diameter, static_cast<uint32_t>((n + 1) / 2)) << "n=" << n;
    // Unordered pairs: N/2 per Hamming distance h times C(n, h) partners at distance h.
    uint64_t wiener = 0;
    for (int h = 1; h <= n; ++h) wiener += binomial(n, h) * static_cast<uint64_t>(std::min(h, n + 1 - h));
    EXPECT_EQ(m.distances.wiener(false), wiener * N / 2) << "n=" << n;
  }
}

TEST(FoldedHypercube, RefusesOutOfRange) {
  EXPECT_THROW(folded_hypercube::make(1), std::invalid_argument);
  EXPECT_THROW(folded_hypercube::make(64), std::invalid_argument);
}

}  // namespace
