// The k-ary n-cube C_k^n against its definition (digit vectors, +-1 mod k in one digit)
// and its closed forms: k^n nodes, n k^n edges (n 2^(n-1) for k = 2), degree 2n (n for
// k = 2), diameter n floor(k/2), and the Wiener index n k^(2n-2) W(C_k): the distance of
// two words is the sum of their digits' cycle distances, so summing over all ordered
// pairs counts each digit's k^2 pairs k^(2n-2) times; W(C_k) = k(k^2-1)/8 for odd k and
// k^3/8 for even k (from a node: 2(1 + .. + (k-1)/2), or 2(1 + .. + (k/2-1)) + k/2).
#include "kernels/families/torus.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "tests/families/measured.hpp"

namespace {

using tv::families::torus;

/// The words of n digits in base k in rank order: word i holds the base-k digits of i,
/// digit 0 first.
std::vector<std::vector<int>> words(int k, int n) {
  uint64_t count = 1;
  for (int j = 0; j < n; ++j) count *= static_cast<uint64_t>(k);
  std::vector<std::vector<int>> all(count, std::vector<int>(n));
  for (uint64_t i = 0; i < count; ++i)
    for (uint64_t j = 0, rest = i; j < static_cast<uint64_t>(n); ++j, rest /= static_cast<uint64_t>(k))
      all[i][j] = static_cast<int>(rest % static_cast<uint64_t>(k));
  return all;
}

uint64_t index_of(const std::vector<int>& w, int k) {
  uint64_t r = 0;
  for (int j = static_cast<int>(w.size()) - 1; j >= 0; --j) r = r * static_cast<uint64_t>(k) + w[j];
  return r;
}

TEST(Torus, LabelsPackDigitsAndNeighborsDifferByOneModK) {
  for (int k = 2; k <= 7; ++k)
    for (int n = 1; n <= 4; ++n) {
      const auto t = torus::make(k, n);
      const auto all = words(k, n);
      const int w = 64 - __builtin_clzll(static_cast<uint64_t>(k - 1));  // ceil(log2 k), k >= 2
      std::set<uint64_t> labels;
      for (const auto& word : all) {
        uint64_t label = 0;
        for (int j = 0; j < n; ++j) label |= static_cast<uint64_t>(word[j]) << (j * w);
        labels.insert(label);
        ASSERT_EQ(t.unrank(index_of(word, k)), label) << "k=" << k << " n=" << n;
      }
      ASSERT_EQ(t.size(), all.size());
      for (uint64_t x = 0; x < (uint64_t{1} << t.bits()); ++x)
        ASSERT_EQ(t.contains(x), labels.count(x) == 1) << "k=" << k << " n=" << n << " x=" << x;
      EXPECT_EQ(tv::test::check_adjacency(t, [&](uint64_t i) {
                  std::set<uint64_t> s;
                  for (const auto& other : all) {
                    int changed = 0, by_one = 0;
                    for (int j = 0; j < n; ++j) {
                      const int diff = (other[j] - all[i][j] + k) % k;
                      changed += diff != 0;
                      by_one += diff == 1 || diff == k - 1;
                    }
                    if (changed == 1 && by_one == 1) s.insert(index_of(other, k));
                  }
                  return s;
                }),
                "")
          << "k=" << k << " n=" << n;
    }
}

TEST(Torus, RanksRoundTripAtLargeOrders) {
  std::mt19937_64 rng(18);
  for (const auto& t : {torus::make(3, 31), torus::make(5, 21), torus::make(1000, 6), torus::make(2, 63)})
    EXPECT_EQ(tv::test::check_rank_round_trips(t, rng, 500), "") << "k=" << t.k << " n=" << t.n;
}

uint64_t cycle_wiener(uint64_t k) { return k % 2 ? k * (k * k - 1) / 8 : k * k * k / 8; }

TEST(Torus, ClosedFormsOverASweep) {
  for (int k = 2; k <= 9; ++k)
    for (int n = 1; n <= 4; ++n) {
      const auto t = torus::make(k, n);
      if (t.size() > 5000) continue;
      const auto m = tv::test::measure(t);
      const uint64_t N = t.size();
      const uint32_t degree = k == 2 ? n : 2 * n;
      uint64_t k_pow = 1;  // k^(2n-2)
      for (int i = 0; i < 2 * n - 2; ++i) k_pow *= static_cast<uint64_t>(k);
      const std::string at = "k=" + std::to_string(k) + " n=" + std::to_string(n);
      EXPECT_EQ(m.degrees.nodes, N) << at;
      EXPECT_EQ(m.degrees.edges, degree * N / 2) << at;
      EXPECT_EQ(m.degrees.degree_min, degree) << at;
      EXPECT_EQ(m.degrees.degree_max, degree) << at;
      EXPECT_EQ(m.distances.unreachable_pairs, 0u) << at;
      EXPECT_EQ(m.distances.diameter, static_cast<uint32_t>(n * (k / 2))) << at;
      EXPECT_EQ(m.distances.wiener(false), static_cast<uint64_t>(n) * k_pow * cycle_wiener(k)) << at;
    }
}

TEST(Torus, RefusesOutOfRange) {
  EXPECT_THROW(torus::make(1, 3), std::invalid_argument);
  EXPECT_THROW(torus::make(3, 0), std::invalid_argument);
  EXPECT_THROW(torus::make(5, 22), std::invalid_argument);  // 66 label bits
  EXPECT_NO_THROW(torus::make(5, 21));
}

}  // namespace
