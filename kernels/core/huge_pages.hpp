// Large blocks in transparent huge pages.  allocate_large_block: a block of 256 KiB or
// more is rounded up to whole 2 MiB pages, 2 MiB aligned and advised to the kernel as huge
// pages (MADV_HUGEPAGE; a no-op where transparent huge pages are off): first touch costs
// one fault per 2 MiB instead of per 4 KiB (about 1.5 ms of a 6 MiB engine's start; a
// 1 MiB buffer's 256 faults are most of it; 12 MiB of fresh 4 KiB pages took 4-5 ms on
// the 2-core machine, 0.4-0.8 ms as huge pages), and gathers from rows all over the
// buffer miss the TLB far less.  Smaller blocks come from malloc; every block is given
// back with free.  The process's operator new uses it for every allocation
// (host/cli/large_blocks.cpp), so the graph's and the searches' std::vectors get huge
// pages too.  huge_page_allocator: the CPU engine's large per-node row buffers
// (cpu_exec::rows), the same blocks with elements left uninitialized when constructed
// without a value: the engine clears what it reads; the blocks it frees are kept for the
// next engine (recycled_blocks.hpp).
#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

#include "kernels/core/recycled_blocks.hpp"

namespace tv::core {

inline constexpr std::size_t huge_page_bytes = std::size_t{2} << 20;
/// Blocks from this size on are huge-page backed: a 2 MiB page costs one fault and one
/// clear of 2 MiB, about what 64 faults of 4 KiB cost here.
inline constexpr std::size_t smallest_huge_block = std::size_t{256} << 10;

/// Bytes a huge-page backed block of `bytes` takes: whole 2 MiB pages.
inline std::size_t huge_block_bytes(std::size_t bytes) noexcept {
  return (bytes + huge_page_bytes - 1) / huge_page_bytes * huge_page_bytes;
}

/// @brief A block of `bytes` (huge-page backed from smallest_huge_block on), or nullptr
/// when memory runs out; give it back with std::free.
inline void* allocate_large_block(std::size_t bytes) noexcept {
  if (bytes < smallest_huge_block) return std::malloc(bytes ? bytes : 1);
  if (bytes > ~std::size_t{0} - huge_page_bytes) return nullptr;  // no rounding past 2^64
  const std::size_t rounded = huge_block_bytes(bytes);
  void* p = std::aligned_alloc(huge_page_bytes, rounded);
  if (p) madvise(p, rounded, MADV_HUGEPAGE);  // advice only: its failure changes nothing
  return p;
}

template <class T>
struct huge_page_allocator {
  using value_type = T;
  huge_page_allocator() = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U>&) noexcept {}

  /// A huge-page block comes from the kept ones (recycled_blocks.hpp) when one of its
  /// size is there, and goes back to them.
  T* allocate(std::size_t n) {
    if (n > ~std::size_t{0} / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= smallest_huge_block && bytes <= ~std::size_t{0} - huge_page_bytes)
      if (void* p = take_recycled_block(huge_block_bytes(bytes))) return static_cast<T*>(p);
    if (void* p = allocate_large_block(bytes)) return static_cast<T*>(p);
    throw std::bad_alloc();
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= smallest_huge_block) recycle_block(p, huge_block_bytes(bytes));
    else std::free(p);
  }

  /// Default construction leaves the element as it is (no zeroing pass over the buffer).
  template <class U>
  void construct(U*) noexcept {}
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <class U>
  bool operator==(const huge_page_allocator<U>&) const noexcept { return true; }
  template <class U>
  bool operator!=(const huge_page_allocator<U>&) const noexcept { return false; }
};

}  // namespace tv::core
