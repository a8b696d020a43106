// Pieces shared by the simulators (routing, broadcast, postal model, multicast, prefix):
// the choice rules of adaptive routing, a counter-based hash so that "random with a seed"
// gives the same choices on the CPU and the GPU, bit masks over a word of 64 consecutive
// sources (the bit-parallel layout of the all-pairs engine,
// kernels/distance/msbfs_level.inl), and seeded source samples.  Everything here is
// __host__ __device__ or plain host code; no Thrust.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/core/hd.hpp"

namespace tv::sim {

/// How an adaptive router picks among admissible dimensions.  Dimensions are numbered as
/// the papers do: dimension 1 is the leftmost (most significant) label bit, so `lowest`
/// takes the leftmost admissible bit and `highest` the rightmost (papers/000, Section 4:
/// "an increasing order of dimensions: 1, 2 and 4" for 01000 xor 10010 = 11010).
enum class choice_rule { random, lowest, highest };

/// @brief SplitMix64 finalizer: a bijective 64-bit mixer.
TV_HD TV_FORCEINLINE uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// @brief Counter-based hash of four words: the same value on every backend and in every
/// order of evaluation (no generator state), e.g. hash4(seed, source, target, step).
TV_HD TV_FORCEINLINE uint64_t hash4(uint64_t seed, uint64_t a, uint64_t b, uint64_t c) {
  uint64_t h = mix64(seed ^ 0x51ED2701F3A5C7B1ull);
  h = mix64(h ^ a);
  h = mix64(h ^ (b + 0x2545F4914F6CDD1Dull));
  return mix64(h ^ (c + 0x6A09E667F3BCC909ull));
}

/// @brief Index of the r-th set bit of x counted from the least significant (r <
/// popcount(x)).
TV_HD TV_FORCEINLINE int select_bit(uint64_t x, int r) {
  for (int i = 0; i < r; ++i) x &= x - 1;
  return core::ctz64(x);
}

/// @brief One bit out of mask (non-zero) by a choice rule; `random` takes the
/// (hash4(seed, a, b, c) mod popcount)-th set bit from the right, the hash being computed
/// only when there is a choice to make.  Returns the bit index (0 = least significant).
TV_HD TV_FORCEINLINE int choose_bit(uint64_t mask, choice_rule rule, uint64_t seed, uint64_t a,
                                    uint64_t b, uint64_t c) {
  if (rule == choice_rule::lowest) return core::msb64(mask);   // leftmost = dimension 1
  if (rule == choice_rule::highest) return core::ctz64(mask);  // rightmost
  const int count = core::popcount64(mask);
  if (count == 1) return core::ctz64(mask);
  return select_bit(mask, static_cast<int>(hash4(seed, a, b, c) % static_cast<uint64_t>(count)));
}

/// @brief Word whose bits i with i mod 2^L == 0 are set (0 <= L <= 6): the period-2^L
/// comb used to select, among 64 consecutive sources, those with given low L bits.
TV_HD TV_FORCEINLINE uint64_t comb_mask(int L) {
  if (L <= 0) return ~uint64_t{0};
  if (L >= 6) return 1;
  return ~uint64_t{0} / ((uint64_t{1} << (1 << L)) - 1);
}

/// @brief Among the 64 sources s = base + i (base a multiple of 64, i in [0, 64)), the
/// mask of those whose L lowest bits equal those of v (L <= 0 selects every source).
TV_HD TV_FORCEINLINE uint64_t suffix_mask(uint64_t base, int L, uint64_t v) {
  if (L <= 0) return ~uint64_t{0};
  if (L <= 6) return comb_mask(L) << (v & core::low_mask(L));
  const uint64_t hi = core::low_mask(L) & ~uint64_t{63};
  return ((base ^ v) & hi) ? 0 : (uint64_t{1} << (v & 63));
}

/// @brief Bits [lo, hi) of the word that holds global bits [64*word, 64*word + 64).
TV_HD TV_FORCEINLINE uint64_t range_mask(uint64_t word, uint64_t lo, uint64_t hi) {
  const uint64_t b0 = word * 64, b1 = b0 + 64;
  if (hi <= b0 || lo >= b1 || lo >= hi) return 0;
  const int a = lo > b0 ? static_cast<int>(lo - b0) : 0;
  const int b = hi < b1 ? static_cast<int>(hi - b0) : 64;
  return core::low_mask(b) & ~core::low_mask(a);
}

/// @brief `count` distinct values of [0, n), sorted, drawn by Floyd's algorithm from
/// hash4(seed, ...) (the same sample on every machine); all of [0, n) when count >= n.
std::vector<uint64_t> sample_indices(uint64_t n, uint64_t count, uint64_t seed);

}  // namespace tv::sim
