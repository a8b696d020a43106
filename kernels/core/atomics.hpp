// Atomic read-modify-write on 64-bit words, the same call on host (GCC builtins, used
// under OpenMP) and device (CUDA atomics).
#pragma once
#include "kernels/core/hd.hpp"

namespace tv::core {

TV_HD TV_FORCEINLINE void atomic_add(uint64_t* p, uint64_t v) {
#if defined(__CUDA_ARCH__)
  atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
#else
  __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
#endif
}

TV_HD TV_FORCEINLINE void atomic_or(uint64_t* p, uint64_t v) {
#if defined(__CUDA_ARCH__)
  atomicOr(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
#else
  __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
#endif
}

TV_HD TV_FORCEINLINE void atomic_or32(uint32_t* p, uint32_t v) {
#if defined(__CUDA_ARCH__)
  atomicOr(p, v);
#else
  __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
#endif
}

TV_HD TV_FORCEINLINE void atomic_max(uint64_t* p, uint64_t v) {
#if defined(__CUDA_ARCH__)
  atomicMax(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
#else
  uint64_t cur = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (cur < v && !__atomic_compare_exchange_n(p, &cur, v, true, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED)) {
  }
#endif
}

TV_HD TV_FORCEINLINE void atomic_min(uint64_t* p, uint64_t v) {
#if defined(__CUDA_ARCH__)
  atomicMin(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
#else
  uint64_t cur = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (cur > v && !__atomic_compare_exchange_n(p, &cur, v, true, __ATOMIC_RELAXED,
                                                 __ATOMIC_RELAXED)) {
  }
#endif
}

}  // namespace tv::core
