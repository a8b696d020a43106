// The families' one check of a parameter against its range, so every make() refuses an
// out-of-range value with the same sentence: "<family>: <name> = <value> is out of range
// <lo>..<hi>", and the reason in parentheses where the range needs one; and the check
// that packed labels fit 63 bits, for the families whose label width is a product.
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

/// @brief ceil(log2 symbols), at least 1: the bits of one packed digit or symbol of a
/// family whose labels pack words over an alphabet (the torus, the Kautz digraph).
inline int bits_per_symbol(int symbols) {
  int w = 1;
  while ((1 << w) < symbols) ++w;
  return w;
}

/// @brief Throws std::invalid_argument unless a label of `bits` bits fits a 64-bit count
/// (bits <= 63).  Example: require_label_bits("torus", "C_5^22", "n*ceil(log2 k)", 66)
/// throws "torus: C_5^22 needs n*ceil(log2 k) = 66 label bits; at most 63 fit a 64-bit count".
inline void require_label_bits(const char* family, const std::string& instance, const char* formula,
                               long long bits) {
  if (bits <= 63) return;
  throw std::invalid_argument(std::string(family) + ": " + instance + " needs " + formula + " = " +
                              std::to_string(bits) + " label bits; at most 63 fit a 64-bit count");
}

}  // namespace tv::families
