// The allocator of the CPU engine's large per-node row buffers (cpu_exec::rows).  A
// buffer of 256 KiB or more is rounded up to whole 2 MiB pages, 2 MiB aligned and advised
// to the kernel as huge pages (MADV_HUGEPAGE; a no-op where transparent huge pages are
// off): first touch costs one fault per 2 MiB instead of per 4 KiB (about 1.5 ms of a
// 6 MiB engine's start; a 1 MiB buffer's 256 faults are most of it), and
// gathers from rows all over the buffer miss the TLB far less.  Elements are left
// uninitialized when constructed without a value: the engine clears what it reads.
#pragma once
#include <sys/mman.h>

#include <cstddef>
#include <cstdlib>
#include <new>
#include <utility>

namespace tv::core {

template <class T>
struct huge_page_allocator {
  using value_type = T;
  static constexpr std::size_t huge_page = std::size_t{2} << 20;
  static constexpr std::size_t smallest_huge = std::size_t{256} << 10;

  huge_page_allocator() = default;
  template <class U>
  huge_page_allocator(const huge_page_allocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < smallest_huge) {
      if (void* p = std::malloc(bytes ? bytes : 1)) return static_cast<T*>(p);
      throw std::bad_alloc();
    }
    const std::size_t rounded = (bytes + huge_page - 1) / huge_page * huge_page;
    void* p = std::aligned_alloc(huge_page, rounded);
    if (!p) throw std::bad_alloc();
    madvise(p, rounded, MADV_HUGEPAGE);  // advice only: its failure changes nothing
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) noexcept { std::free(p); }

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
