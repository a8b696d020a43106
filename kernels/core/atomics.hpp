// Atomic read-modify-write on 64-bit words (and 32-bit or), the same call on host (GCC
// builtins, used under OpenMP) and device (CUDA atomics).  One template chooses between
// the two, so each operation is spelled once per backend.
#pragma once
#include <type_traits>

#include "kernels/core/hd.hpp"

namespace tv::core {

/// The read-modify-write operations the kernels use.
enum class atomic_op { add, bit_or, max, min };

/// @brief *p = op(*p, v) atomically, with relaxed ordering: the kernels read what they
/// accumulate only after the launch or the parallel loop has ended.
template <atomic_op Op, class T>
TV_HD TV_FORCEINLINE void atomic_apply(T* p, T v) {
  static_assert(std::is_same_v<T, uint64_t> || std::is_same_v<T, uint32_t>, "64- or 32-bit words");
#if defined(__CUDA_ARCH__)
  // CUDA's 64-bit atomics take unsigned long long, which uint64_t (unsigned long) is not.
  using word = std::conditional_t<sizeof(T) == 8, unsigned long long, T>;
  word* w = reinterpret_cast<word*>(p);
  if constexpr (Op == atomic_op::add) atomicAdd(w, static_cast<word>(v));
  else if constexpr (Op == atomic_op::bit_or) atomicOr(w, static_cast<word>(v));
  else if constexpr (Op == atomic_op::max) atomicMax(w, static_cast<word>(v));
  else atomicMin(w, static_cast<word>(v));
#else
  if constexpr (Op == atomic_op::add) {
    __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
  } else if constexpr (Op == atomic_op::bit_or) {
    __atomic_fetch_or(p, v, __ATOMIC_RELAXED);
  } else {
    // GCC has no fetch-max or fetch-min: swap in v while it still improves on *p.
    T cur = __atomic_load_n(p, __ATOMIC_RELAXED);
    while ((Op == atomic_op::max ? cur < v : cur > v) &&
           !__atomic_compare_exchange_n(p, &cur, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
    }
  }
#endif
}

TV_HD TV_FORCEINLINE void atomic_add(uint64_t* p, uint64_t v) { atomic_apply<atomic_op::add>(p, v); }
TV_HD TV_FORCEINLINE void atomic_or(uint64_t* p, uint64_t v) { atomic_apply<atomic_op::bit_or>(p, v); }
TV_HD TV_FORCEINLINE void atomic_or32(uint32_t* p, uint32_t v) { atomic_apply<atomic_op::bit_or>(p, v); }
TV_HD TV_FORCEINLINE void atomic_max(uint64_t* p, uint64_t v) { atomic_apply<atomic_op::max>(p, v); }
TV_HD TV_FORCEINLINE void atomic_min(uint64_t* p, uint64_t v) { atomic_apply<atomic_op::min>(p, v); }

}  // namespace tv::core
