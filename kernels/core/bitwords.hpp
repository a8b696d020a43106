// Fixed-width word rows (W 64-bit words) for the bit-parallel kernels.  On the host, rows
// whose width is a multiple of eight are processed as 512-bit vectors where the build
// targets AVX-512 with its vector popcount (bitwords_avx512.hpp), rows whose width is a
// multiple of four as 256-bit vectors (AVX2 intrinsics where the build targets AVX2, else
// GCC vector extensions, so the accumulators stay in registers instead of spilling a
// 16-word array to the stack); otherwise, and on the device, a plain unrolled loop.  All
// forms compute the same words.
#pragma once
#include <cstring>

#include "kernels/core/hd.hpp"

#if !defined(__CUDA_ARCH__) && defined(__AVX2__)
#include <immintrin.h>
#endif

namespace tv::core {

/// What fold_new found in a node's row: the new bits' count, a bit (w & 31) per word w
/// with new bits, and whether every bit of `full` is now seen (set only when count > 0).
struct fold_result {
  uint64_t count = 0;
  uint32_t mask = 0;
  bool saturated = false;
};

#if !defined(__CUDA_ARCH__) && defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
#define TV_WORD_ROW_512 1
#endif

/// The vector a row of W words is processed in: 8 words (512 bits), 4 (256 bits) or 1.
constexpr int row_vector_words(int W) {
#if defined(TV_WORD_ROW_512)
  if (W % 8 == 0) return 8;
#endif
  return W % 4 == 0 ? 4 : 1;
}

template <int W, int Vector = row_vector_words(W)>
struct word_row {
  uint64_t v[W];
  TV_HD void clear() {
    for (int i = 0; i < W; ++i) v[i] = 0;
  }
  TV_HD void or_from(const uint64_t* p) {
    for (int i = 0; i < W; ++i) v[i] |= p[i];
  }
  TV_HD uint64_t word(int w) const { return v[w]; }
  /// This row (the OR of the neighbours' frontiers) against a node's seen row: new bits
  /// nx = row & ~seen.  When some word is new, nx goes to `next` and into `seen`;
  /// otherwise neither row is written.
  TV_HD fold_result fold_new(uint64_t* seen, uint64_t* next, const uint64_t* full) const {
    fold_result r;
    for (int w = 0; w < W; ++w) {
      const uint64_t nx = v[w] & ~seen[w];
      r.count += static_cast<uint64_t>(popcount64(nx));
      r.mask |= static_cast<uint32_t>(nx != 0) << (w & 31);
    }
    if (r.count == 0) return r;
    bool sat = true;
    for (int w = 0; w < W; ++w) {
      const uint64_t nx = v[w] & ~seen[w];
      next[w] = nx;
      seen[w] |= nx;
      sat &= seen[w] == full[w];
    }
    r.saturated = sat;
    return r;
  }
  /// This row against the node's frontier two levels back (`prev`, nullptr for an empty
  /// one; it may be `next` itself): new bits nx = row & ~prev, written to `next` when
  /// some word is new, and their count.  Only a bipartite graph's search may use it
  /// (kernels/distance/msbfs_level.inl, pull_bipartite_fn).
  TV_HD uint64_t fold_fresh(const uint64_t* prev, uint64_t* next) const {
    uint64_t nx[W];
    uint64_t count = 0;
    for (int w = 0; w < W; ++w) {
      nx[w] = prev ? v[w] & ~prev[w] : v[w];
      count += static_cast<uint64_t>(popcount64(nx[w]));
    }
    if (count)
      for (int w = 0; w < W; ++w) next[w] = nx[w];
    return count;
  }
};

#if !defined(__CUDA_ARCH__) && defined(__AVX2__)
template <int W>
struct word_row<W, 4> {
  static constexpr int lanes = W / 4;
  __m256i v[lanes];
  void clear() {
    for (int i = 0; i < lanes; ++i) v[i] = _mm256_setzero_si256();
  }
  void or_from(const uint64_t* p) {
    for (int i = 0; i < lanes; ++i)
      v[i] = _mm256_or_si256(v[i], _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p) + i));
  }
  uint64_t word(int w) const {
    uint64_t x[4];
    std::memcpy(x, &v[w / 4], sizeof x);
    return x[w % 4];
  }
  // The generic fold's words, four at a time; the count by scalar popcount of the stored
  // words (AVX2 has no vector popcount).
  fold_result fold_new(uint64_t* seen, uint64_t* next, const uint64_t* full) const {
    fold_result r;
    auto* s = reinterpret_cast<__m256i*>(seen);
    auto* n = reinterpret_cast<__m256i*>(next);
    __m256i any = _mm256_setzero_si256();
    for (int i = 0; i < lanes; ++i) any = _mm256_or_si256(any, _mm256_andnot_si256(_mm256_loadu_si256(s + i), v[i]));
    if (_mm256_testz_si256(any, any)) return r;
    __m256i differ = _mm256_setzero_si256();
    const __m256i zero = _mm256_setzero_si256();
    for (int i = 0; i < lanes; ++i) {
      const __m256i old = _mm256_loadu_si256(s + i);
      const __m256i nx = _mm256_andnot_si256(old, v[i]);
      const __m256i now = _mm256_or_si256(old, nx);
      _mm256_storeu_si256(n + i, nx);
      _mm256_storeu_si256(s + i, now);
      differ = _mm256_or_si256(differ, _mm256_xor_si256(now, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(full) + i)));
      const int empty = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(nx, zero)));
      r.mask |= static_cast<uint32_t>(~empty & 0xF) << ((4 * i) & 31);
    }
    for (int w = 0; w < W; ++w) r.count += static_cast<uint64_t>(popcount64(next[w]));
    r.saturated = _mm256_testz_si256(differ, differ);
    return r;
  }
  uint64_t fold_fresh(const uint64_t* prev, uint64_t* next) const {
    __m256i nx[lanes];
    __m256i any = _mm256_setzero_si256();
    for (int i = 0; i < lanes; ++i) {
      nx[i] = prev ? _mm256_andnot_si256(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(prev) + i), v[i]) : v[i];
      any = _mm256_or_si256(any, nx[i]);
    }
    if (_mm256_testz_si256(any, any)) return 0;
    for (int i = 0; i < lanes; ++i) _mm256_storeu_si256(reinterpret_cast<__m256i*>(next) + i, nx[i]);
    uint64_t count = 0;
    for (int w = 0; w < W; ++w) count += static_cast<uint64_t>(popcount64(next[w]));
    return count;
  }
};
#elif !defined(__CUDA_ARCH__)
template <int W>
struct word_row<W, 4> {
  typedef uint64_t v4 __attribute__((vector_size(32)));
  static constexpr int lanes = W / 4;
  v4 v[lanes];
  void clear() {
    for (int i = 0; i < lanes; ++i) v[i] = v4{0, 0, 0, 0};
  }
  void or_from(const uint64_t* p) {
    for (int i = 0; i < lanes; ++i) {
      v4 x;
      std::memcpy(&x, p + 4 * i, sizeof x);
      v[i] |= x;
    }
  }
  uint64_t word(int w) const { return v[w / 4][w % 4]; }
  fold_result fold_new(uint64_t* seen, uint64_t* next, const uint64_t* full) const {
    word_row<W, 1> plain;
    for (int w = 0; w < W; ++w) plain.v[w] = word(w);
    return plain.fold_new(seen, next, full);
  }
  uint64_t fold_fresh(const uint64_t* prev, uint64_t* next) const {
    word_row<W, 1> plain;
    for (int w = 0; w < W; ++w) plain.v[w] = word(w);
    return plain.fold_fresh(prev, next);
  }
};
#endif

}  // namespace tv::core

#if defined(TV_WORD_ROW_512)
#include "kernels/core/bitwords_avx512.hpp"
#endif
