// The process's operator new: every block of 256 KiB or more in transparent huge pages
// (core::allocate_large_block, kernels/core/huge_pages.hpp).  A diameter of 10^5 nodes
// takes milliseconds, and first touching its fresh arrays (graph, bounds, distances, some
// 12 MB) in 4 KiB pages cost about 4 ms of it: one fault per 2 MiB instead.  Linked into
// the topoverify executable only (host/CMakeLists.txt); the library's default operator
// delete (free) gives every block back, so only operator new is replaced (operator
// new[] and the nothrow forms call it).
#include <new>

#include "kernels/core/huge_pages.hpp"

void* operator new(std::size_t bytes) {
  for (;;) {
    if (void* p = tv::core::allocate_large_block(bytes)) return p;
    // As the standard operator new does: the new-handler may free memory, else bad_alloc.
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}
