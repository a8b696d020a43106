// The bit helpers every kernel uses (kernels/core/hd.hpp, bitwords.hpp) and the host side
// of the atomics (atomics.hpp), against loops over single bits and sequential sums.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "kernels/core/atomics.hpp"
#include "kernels/core/bitwords.hpp"
#include "kernels/core/hd.hpp"

namespace {

using namespace tv;

/// A few words with bits at both ends and in between.
const std::vector<uint64_t> words = {1, 2, 3, 0x80, 0xF0F0, uint64_t{1} << 63, ~uint64_t{0},
                                     0x8000000000000001ull, 0x0123456789ABCDEFull};

TEST(Bits, PopcountLowestAndHighestBitMatchABitLoop) {
  for (uint64_t x : words) {
    int count = 0, lowest = -1, highest = -1;
    for (int b = 0; b < 64; ++b)
      if ((x >> b) & 1u) {
        ++count;
        if (lowest < 0) lowest = b;
        highest = b;
      }
    EXPECT_EQ(core::popcount64(x), count) << x;
    EXPECT_EQ(core::ctz64(x), lowest) << x;
    EXPECT_EQ(core::msb64(x), highest) << x;
  }
  EXPECT_EQ(core::popcount64(0), 0);
}

TEST(Bits, LowMaskCoversZeroToSixtyFourBits) {
  EXPECT_EQ(core::low_mask(0), 0u);
  EXPECT_EQ(core::low_mask(3), 0b111u);
  EXPECT_EQ(core::low_mask(63), ~uint64_t{0} >> 1);
  EXPECT_EQ(core::low_mask(64), ~uint64_t{0});
}

/// Rows of 1 and 3 words (the plain loop), 4 (vectors of four words on the host) and 8
/// and 16 (vectors of eight where the build targets AVX-512, else of four).
template <int W>
void expect_row_ors_words() {
  core::word_row<W> row;
  row.clear();
  for (int w = 0; w < W; ++w) EXPECT_EQ(row.word(w), 0u);
  std::vector<uint64_t> a(W), b(W);
  for (int w = 0; w < W; ++w) {
    a[w] = uint64_t{1} << w;
    b[w] = uint64_t{1} << (63 - w);
  }
  row.or_from(a.data());
  row.or_from(b.data());
  for (int w = 0; w < W; ++w) EXPECT_EQ(row.word(w), a[w] | b[w]) << "W = " << W << ", word " << w;
}

TEST(Bits, WordRowsOrWordByWord) {
  expect_row_ors_words<3>();
  expect_row_ors_words<4>();
  expect_row_ors_words<8>();
  expect_row_ors_words<16>();
  expect_row_ors_words<1>();
}

/// fold_new against the word-by-word definition: new = row & ~seen, counted, flagged per
/// word, written to next and seen only when some word is new; saturated when seen = full.
template <int W>
void expect_fold_matches_definition() {
  std::vector<uint64_t> row(W), seen(W), full(W, ~uint64_t{0});
  for (int w = 0; w < W; ++w) {
    row[w] = w % 3 == 0 ? 0 : (uint64_t{0x0F0F} << w);
    seen[w] = uint64_t{0x00FF} << w;
  }
  full[W - 1] = 0xFFFF;  // a short last word, as a batch with fewer sources has
  core::word_row<W> acc;
  acc.clear();
  acc.or_from(row.data());
  std::vector<uint64_t> s = seen, next(W, 7);
  const core::fold_result r = acc.fold_new(s.data(), next.data(), full.data());
  uint64_t count = 0;
  uint32_t mask = 0;
  for (int w = 0; w < W; ++w) {
    const uint64_t nx = row[w] & ~seen[w];
    count += static_cast<uint64_t>(__builtin_popcountll(nx));
    mask |= static_cast<uint32_t>(nx != 0) << (w & 31);
    EXPECT_EQ(next[w], nx) << "W = " << W << ", word " << w;
    EXPECT_EQ(s[w], seen[w] | nx) << "W = " << W << ", word " << w;
  }
  EXPECT_EQ(r.count, count) << "W = " << W;
  EXPECT_EQ(r.mask, mask) << "W = " << W;
  EXPECT_FALSE(r.saturated);
  // Nothing new: neither row is written.
  std::vector<uint64_t> next2(W, 7);
  const core::fold_result none = acc.fold_new(s.data(), next2.data(), full.data());
  EXPECT_EQ(none.count, 0u);
  EXPECT_EQ(none.mask, 0u);
  for (int w = 0; w < W; ++w) EXPECT_EQ(next2[w], 7u);
  // Everything new up to full: saturated.
  std::vector<uint64_t> empty(W, 0), next3(W, 0);
  core::word_row<W> all;
  all.clear();
  all.or_from(full.data());
  const core::fold_result sat = all.fold_new(empty.data(), next3.data(), full.data());
  EXPECT_TRUE(sat.saturated) << "W = " << W;
  EXPECT_EQ(empty, full);
}

TEST(Bits, WordRowsFoldNewBitsAsDefined) {
  expect_fold_matches_definition<3>();
  expect_fold_matches_definition<4>();
  expect_fold_matches_definition<8>();
  expect_fold_matches_definition<16>();
  expect_fold_matches_definition<32>();
  expect_fold_matches_definition<64>();
}

TEST(Atomics, ConcurrentUpdatesEqualTheSequentialResult) {
  uint64_t sum = 0, bits = 0, high = 0, low = ~uint64_t{0};
  uint32_t bits32 = 0;
  std::vector<std::thread> threads;
  for (uint64_t t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (uint64_t i = 0; i < 1000; ++i) {
        const uint64_t v = t * 1000 + i;
        core::atomic_add(&sum, v);
        core::atomic_or(&bits, uint64_t{1} << (v % 64));
        core::atomic_or32(&bits32, 1u << (v % 32));
        core::atomic_max(&high, v);
        core::atomic_min(&low, v + 5);
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(sum, 3999u * 4000u / 2);
  EXPECT_EQ(bits, ~uint64_t{0});
  EXPECT_EQ(bits32, ~uint32_t{0});
  EXPECT_EQ(high, 3999u);
  EXPECT_EQ(low, 5u);
}

}  // namespace
