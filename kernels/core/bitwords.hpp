// Fixed-width word rows (W 64-bit words) for the bit-parallel kernels.  On the host, rows
// whose width is a multiple of four are processed as 256-bit vectors (GCC vector
// extensions, so the accumulators stay in registers instead of spilling a 16-word array
// to the stack); otherwise, and on the device, a plain unrolled loop.
#pragma once
#include <cstring>

#include "kernels/core/hd.hpp"

namespace tv::core {

template <int W, bool Vector = (W % 4 == 0)>
struct word_row {
  uint64_t v[W];
  TV_HD void clear() {
    for (int i = 0; i < W; ++i) v[i] = 0;
  }
  TV_HD void or_from(const uint64_t* p) {
    for (int i = 0; i < W; ++i) v[i] |= p[i];
  }
  TV_HD uint64_t word(int w) const { return v[w]; }
};

#if !defined(__CUDA_ARCH__)
template <int W>
struct word_row<W, true> {
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
};
#endif

}  // namespace tv::core
