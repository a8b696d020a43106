// The batched link loads' per-lane pieces (link_load_batched.cpp): the packed hop, the
// lanes' 16-bit counters (AVX-512BW where the build has it, else a loop over the bits:
// the same values), and the lines streamed past the caches.  CPU only.
#pragma once
#include <cstdint>
#include <cstring>

#include "kernels/core/hd.hpp"

#if defined(__AVX512BW__) || defined(__SSE2__)
#include <immintrin.h>
#endif

namespace tv::sim::detail::lanes {

/// Calls f(i) for each set bit i of w, lowest first.
template <class F>
TV_FORCEINLINE void for_each_bit(uint64_t w, uint64_t base, F&& f) {
  while (w) {
    f(base + static_cast<uint64_t>(core::ctz64(w)));
    w &= w - 1;
  }
}

/// One claim of a lane's BFS, packed in 64 bits: `node` goes to its next hop `next` by
/// its `row`-th arc (24, 24 and 16 bits: batched_loads_take keeps nodes under 2^24 and
/// degrees under 2^16).  Eight bytes where the three words took twelve: the records are
/// written once per ordered pair and read back once, and that traffic is the kernel's
/// cost beside the pulls (bench/RESULTS.md, 2026-11-27).
using hop = uint64_t;
constexpr uint64_t node_mask = (uint64_t{1} << 24) - 1;
TV_FORCEINLINE hop pack_hop(uint64_t node, uint64_t next, uint64_t row) { return node | next << 24 | row << 48; }
TV_FORCEINLINE uint32_t hop_node(hop h) { return static_cast<uint32_t>(h & node_mask); }
TV_FORCEINLINE uint32_t hop_next(hop h) { return static_cast<uint32_t>(h >> 24 & node_mask); }
TV_FORCEINLINE uint64_t hop_row(hop h) { return h >> 48; }

// Per-lane 16-bit counters of 64 lanes, c[0..63], under a mask of lanes m (bit b: lane
// b): AVX-512BW where the build has it, else a loop over the bits; the same values.

/// c[b] += 1 for the lanes of m.
TV_FORCEINLINE void add_ones16(uint16_t* c, uint64_t m) {
#if defined(__AVX512BW__)
  const __m512i one = _mm512_set1_epi16(1);
  const __m512i lo = _mm512_loadu_si512(c), hi = _mm512_loadu_si512(c + 32);
  _mm512_storeu_si512(c, _mm512_mask_add_epi16(lo, static_cast<__mmask32>(m), lo, one));
  _mm512_storeu_si512(c + 32, _mm512_mask_add_epi16(hi, static_cast<__mmask32>(m >> 32), hi, one));
#else
  for_each_bit(m, 0, [&](uint64_t b) { ++c[b]; });
#endif
}

/// The lanes whose counter is above 1.
TV_FORCEINLINE uint64_t above_one16(const uint16_t* c) {
#if defined(__AVX512BW__)
  const __m512i one = _mm512_set1_epi16(1);
  return uint64_t{_mm512_cmpgt_epu16_mask(_mm512_loadu_si512(c), one)} |
         uint64_t{_mm512_cmpgt_epu16_mask(_mm512_loadu_si512(c + 32), one)} << 32;
#else
  uint64_t m = 0;
  for (int b = 0; b < 64; ++b) m |= uint64_t{c[b] > 1} << b;
  return m;
#endif
}

/// The lanes of m whose counter is 0; every lane of m counts down (wrapping from 0).
TV_FORCEINLINE uint64_t take_zero16(uint16_t* c, uint64_t m) {
#if defined(__AVX512BW__)
  const __m512i one = _mm512_set1_epi16(1), zero = _mm512_setzero_si512();
  const __m512i lo = _mm512_loadu_si512(c), hi = _mm512_loadu_si512(c + 32);
  const uint64_t zeros = uint64_t{_mm512_cmpeq_epi16_mask(lo, zero)} | uint64_t{_mm512_cmpeq_epi16_mask(hi, zero)} << 32;
  _mm512_storeu_si512(c, _mm512_mask_sub_epi16(lo, static_cast<__mmask32>(m), lo, one));
  _mm512_storeu_si512(c + 32, _mm512_mask_sub_epi16(hi, static_cast<__mmask32>(m >> 32), hi, one));
  return m & zeros;
#else
  uint64_t taken = 0;
  for_each_bit(m, 0, [&](uint64_t b) { taken |= uint64_t{c[b]-- == 0} << b; });
  return taken;
#endif
}

/// c[b] = 0 for the lanes of m.
TV_FORCEINLINE void clear16(uint16_t* c, uint64_t m) {
#if defined(__AVX512BW__)
  _mm512_mask_storeu_epi16(c, static_cast<__mmask32>(m), _mm512_setzero_si512());
  _mm512_mask_storeu_epi16(c + 32, static_cast<__mmask32>(m >> 32), _mm512_setzero_si512());
#else
  for_each_bit(m, 0, [&](uint64_t b) { c[b] = 0; });
#endif
}

/// 64 bytes from `from` to `to` (64-byte aligned), past the caches where the build can
/// (non-temporal stores: a lane's line of hops is written whole, so the processor need not
/// read it first, as an ordinary store into a line out of the caches does).
TV_FORCEINLINE void stream_line(void* to, const void* from) {
#if defined(__AVX512F__)
  _mm512_stream_si512(static_cast<__m512i*>(to), _mm512_load_si512(from));
#elif defined(__SSE2__)
  for (int k = 0; k < 4; ++k)
    _mm_stream_si128(static_cast<__m128i*>(to) + k, _mm_load_si128(static_cast<const __m128i*>(from) + k));
#else
  std::memcpy(to, from, 64);
#endif
}

/// Hops in a cache line: a lane's hops are written a line at a time (batch_worker::line_).
constexpr uint64_t hops_per_line = 8;
constexpr uint64_t leaves_per_line = 16;  // a leaf's hop: the next node, 4 bytes

/// Hops (or leaves) between lanes' rows: at least N, and 16 times an odd number, so that
/// rows start 128 bytes (64 for leaves) times an odd number apart and the lanes' write heads, moving together, fall
/// in different cache sets (N a power of two put them all in one).
inline uint64_t lane_stride(uint64_t nodes) { return 16 * ((nodes + 15) / 16 | 1); }

}  // namespace tv::sim::detail::lanes
