// The families' one check of a parameter against its range, so every make() refuses an
// out-of-range value with the same sentence: "<family>: <name> = <value> is out of range
// <lo>..<hi>", and the reason in parentheses where the range needs one.
#pragma once
#include <stdexcept>
#include <string>

namespace tv::families {

/// @brief Throws std::invalid_argument unless lo <= value <= hi.  Example:
/// require_in_range("hypercube", "n", 64, 1, 63, "Q(n) has 2^n nodes") throws
/// "hypercube: n = 64 is out of range 1..63 (Q(n) has 2^n nodes)".
inline void require_in_range(const char* family, const char* name, int value, int lo, int hi,
                             const char* why = nullptr) {
  if (value >= lo && value <= hi) return;
  std::string message = std::string(family) + ": " + name + " = " + std::to_string(value) +
                        " is out of range " + std::to_string(lo) + ".." + std::to_string(hi);
  if (why) message += std::string(" (") + why + ")";
  throw std::invalid_argument(message);
}

}  // namespace tv::families
