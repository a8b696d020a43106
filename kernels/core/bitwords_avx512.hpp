// The 512-bit form of a word row (bitwords.hpp), for hosts with AVX-512F and its vector
// popcount (VPOPCNTDQ): a row of 16 words is two registers, so gathering a neighbour's
// row takes two loads instead of four, and the fold counts its new bits with two vector
// popcounts and flags its non-zero words with one test per register instead of sixteen
// scalar popcounts.  Included only at the end of bitwords.hpp (which declares word_row
// and fold_result), and only where the build targets both.
#pragma once
#include <immintrin.h>

#include <cstdint>

namespace tv::core {

template <int W>
struct word_row<W, 8> {
  static constexpr int lanes = W / 8;
  __m512i v[lanes];
  void clear() {
    for (__m512i& x : v) x = _mm512_setzero_si512();
  }
  void or_from(const uint64_t* p) {
    for (__m512i& x : v) {
      x = _mm512_or_si512(x, _mm512_loadu_si512(p));
      p += 8;
    }
  }
  uint64_t word(int w) const {
    alignas(64) uint64_t x[8];
    _mm512_store_si512(x, v[w / 8]);
    return x[w % 8];
  }
  // The generic fold's words, eight at a time: bit w of a lane's test mask is "word w
  // has new bits", placed at bit (w & 31) of the result's mask as the generic fold does.
  fold_result fold_new(uint64_t* seen, uint64_t* next, const uint64_t* full) const {
    fold_result r;
    __m512i nx[lanes];
    for (int i = 0; i < lanes; ++i) {
      nx[i] = v[i] & ~_mm512_loadu_si512(seen + 8 * i);  // vpandnq
      r.mask |= static_cast<uint32_t>(_mm512_test_epi64_mask(nx[i], nx[i])) << ((8 * i) & 31);
    }
    if (r.mask == 0) return r;
    __m512i count = _mm512_setzero_si512();
    __mmask8 differ = 0;
    for (int i = 0; i < lanes; ++i) {
      const __m512i now = _mm512_or_si512(_mm512_loadu_si512(seen + 8 * i), nx[i]);
      _mm512_storeu_si512(next + 8 * i, nx[i]);
      _mm512_storeu_si512(seen + 8 * i, now);
      differ |= _mm512_cmpneq_epi64_mask(now, _mm512_loadu_si512(full + 8 * i));
      count = _mm512_add_epi64(count, _mm512_popcnt_epi64(nx[i]));
    }
    // GCC 12's _mm512_andnot_si512 and _mm512_reduce_add_epi64 draw false
    // maybe-uninitialized warnings: vector operators and a plain sum instead.
    alignas(64) uint64_t lane_counts[8];
    _mm512_store_si512(lane_counts, count);
    for (int k = 0; k < 8; ++k) r.count += lane_counts[k];
    r.saturated = differ == 0;
    return r;
  }
  uint64_t fold_fresh(const uint64_t* prev, uint64_t* next) const {
    __m512i nx[lanes];
    __mmask8 any = 0;
    for (int i = 0; i < lanes; ++i) {
      nx[i] = prev ? v[i] & ~_mm512_loadu_si512(prev + 8 * i) : v[i];
      any |= _mm512_test_epi64_mask(nx[i], nx[i]);
    }
    if (any == 0) return 0;
    __m512i count = _mm512_setzero_si512();
    for (int i = 0; i < lanes; ++i) {
      _mm512_storeu_si512(next + 8 * i, nx[i]);
      count = _mm512_add_epi64(count, _mm512_popcnt_epi64(nx[i]));
    }
    alignas(64) uint64_t lane_counts[8];
    _mm512_store_si512(lane_counts, count);
    uint64_t total = 0;
    for (int k = 0; k < 8; ++k) total += lane_counts[k];
    return total;
  }
};

}  // namespace tv::core
