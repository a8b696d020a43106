// One rule for what a computation may plan to allocate on a backend, and one refusal
// when it cannot fit: graph building and the engines check their needs here before they
// allocate (CUB's two-phase temporary storage), so an instance that does not fit is
// refused in milliseconds with the figure and the limit, instead of failing mid-run.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/core/backend.hpp"

namespace tv::core {

/// Raised when a computation does not fit the backend's memory (or 32-bit node indices);
/// the message gives N and the bytes it would need.  Callers know it as
/// graph::graph_too_large.
struct too_large : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// @brief Bytes a plan may use of `mem`: nine tenths of what is free, the last tenth left
/// for everything else running.  An engine whose counted arrays are not all it allocates
/// keeps more back with fewer `tenths`.
inline uint64_t budget_bytes(const memory_info& mem, unsigned tenths = 9) {
  return mem.free_bytes / 10 * tenths;
}

/// @brief "1.5 GiB": bytes in binary units with one decimal ("100 B" below a KiB); the
/// host writes sizes with it too (host::format_bytes).
std::string human_bytes(double bytes);

/// @brief The refusal's text for `bytes` against the budget of `mem` (require_bytes's).
std::string memory_refusal(const std::string& what, uint64_t bytes, backend b, const memory_info& mem);

/// @brief Raises too_large unless `bytes` fit the budget of backend b's memory:
/// "`what` needs 2.5 GiB of cpu memory, but at most 1.7 GiB may be planned (nine tenths
/// of the 1.9 GiB that ulimit -v leaves)".
void require_bytes(backend b, uint64_t bytes, const std::string& what);

}  // namespace tv::core
