// Portable building blocks for code that runs on both backends: the TV_HD qualifier and
// the few bit intrinsics that differ between host and device.  This is the only place
// (with atomics.hpp) where __CUDA_ARCH__ appears.
#pragma once
#include <cstdint>

#if defined(__CUDACC__)
#define TV_HD __host__ __device__
#define TV_FORCEINLINE __forceinline__
#else
#define TV_HD
#define TV_FORCEINLINE inline __attribute__((always_inline))
#endif

namespace tv::core {

/// @brief Number of set bits of a 64-bit word.
TV_HD TV_FORCEINLINE int popcount64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __popcll(x);
#else
  return __builtin_popcountll(x);
#endif
}

/// @brief Index of the lowest set bit; x must be non-zero.
TV_HD TV_FORCEINLINE int ctz64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return __ffsll(static_cast<long long>(x)) - 1;
#else
  return __builtin_ctzll(x);
#endif
}

/// @brief Index of the highest set bit; x must be non-zero.
TV_HD TV_FORCEINLINE int msb64(uint64_t x) {
#if defined(__CUDA_ARCH__)
  return 63 - __clzll(static_cast<long long>(x));
#else
  return 63 - __builtin_clzll(x);
#endif
}

/// @brief True in code compiled for a CUDA device, false on the host: single-source code
/// picks its form per side with it (a CPU core's loop over lanes, a GPU thread's scalar
/// loop) without an #ifdef of its own.
TV_HD constexpr bool on_device() {
#if defined(__CUDA_ARCH__)
  return true;
#else
  return false;
#endif
}

/// @brief Mask of the n lowest bits, valid for 0 <= n <= 64 (low_mask(3) == 0b111).
TV_HD TV_FORCEINLINE uint64_t low_mask(int n) {
  return n >= 64 ? ~uint64_t{0} : ((uint64_t{1} << n) - 1);
}

}  // namespace tv::core
