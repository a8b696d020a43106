// Row blocks kept for the next engine.  An engine's rows (cpu_exec::rows,
// huge_page_allocator) are whole 2 MiB pages that the C library gives back to the kernel
// when the engine ends; the next engine's first touch then faults them in and the kernel
// zeroes them again, though the engine clears what it reads itself.  A program that makes
// engine after engine of the same size (the Python module's calls, a batch of small
// instances) spent 16% of its CPU time there: perf of 500 all-pairs calls on hep-th
// (8,361 nodes), two threads, 28% of the second thread's.  So the last few freed blocks
// are kept, up to recycled_bytes_cap in all, and handed out again to a request of the
// same rounded size.
#pragma once
#include <cstddef>

namespace tv::core {

/// At most this many bytes of freed blocks are kept (a block larger than it never is).
inline constexpr std::size_t recycled_bytes_cap = std::size_t{64} << 20;

/// @brief A kept block of exactly `bytes` (a whole number of huge pages), else nullptr.
/// Its contents are whatever its last user left.
void* take_recycled_block(std::size_t bytes) noexcept;

/// @brief Keeps a block of `bytes` from allocate_large_block for take_recycled_block, or
/// frees it when the cap would be passed (the oldest kept blocks are freed first).
void recycle_block(void* p, std::size_t bytes) noexcept;

/// Bytes kept now (for tests).
std::size_t recycled_bytes() noexcept;

}  // namespace tv::core
