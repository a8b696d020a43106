// k-ary n-cube (torus) C_k^n: the words of n digits in 0..k-1, two words adjacent when
// they differ by +-1 mod k in exactly one digit.  k^n nodes; degree 2n for k >= 3 and n
// for k = 2 (+1 and -1 coincide: the hypercube Q(n)); diameter n*floor(k/2).
// Labels pack digit j in bits j*w .. j*w+w-1, w = ceil(log2 k) (digit 0 lowest); the
// rank is the base-k value of the digits, so ranks follow label order and are compact
// even when k is not a power of two (then some w-bit fields are not digits).
#pragma once
#include <cstdint>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct torus {
  int k = 2;
  int n = 1;
  int digit_bits = 1;  // w = ceil(log2 k)

  /// @brief C_k^n with n*ceil(log2 k) <= 63 label bits (so k^n fits a 64-bit count).
  static torus make(int k, int n) {
    require_in_range("torus", "k", k, 2, 1 << 20);
    require_in_range("torus", "n", n, 1, 63);
    const int w = bits_per_symbol(k);
    require_label_bits("torus", "C_" + std::to_string(k) + "^" + std::to_string(n), "n*ceil(log2 k)",
                       static_cast<long long>(n) * w);
    return torus{k, n, w};
  }

  TV_HD bool directed() const { return false; }
  TV_HD int bits() const { return n * digit_bits; }
  TV_HD int max_degree() const { return k == 2 ? n : 2 * n; }

  TV_HD uint64_t size() const {
    uint64_t s = 1;
    for (int j = 0; j < n; ++j) s *= static_cast<uint64_t>(k);
    return s;
  }
  /// @brief Digit j (0 = lowest) of a label.
  TV_HD uint64_t digit(uint64_t label, int j) const {
    return (label >> (j * digit_bits)) & core::low_mask(digit_bits);
  }
  TV_HD uint64_t unrank(uint64_t i) const {
    uint64_t label = 0;
    for (int j = 0; j < n; ++j) {
      label |= (i % static_cast<uint64_t>(k)) << (j * digit_bits);
      i /= static_cast<uint64_t>(k);
    }
    return label;
  }
  TV_HD uint64_t rank(uint64_t label) const {
    uint64_t r = 0;
    for (int j = n - 1; j >= 0; --j) r = r * static_cast<uint64_t>(k) + digit(label, j);
    return r;
  }
  TV_HD bool contains(uint64_t label) const {
    if ((label >> bits()) != 0) return false;
    for (int j = 0; j < n; ++j)
      if (digit(label, j) >= static_cast<uint64_t>(k)) return false;
    return true;
  }

  /// Per digit, the +1 neighbor, then (k >= 3) the -1 neighbor.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    const uint64_t last = static_cast<uint64_t>(k) - 1;
    for (int j = 0; j < n; ++j) {
      const int shift = j * digit_bits;
      const uint64_t d = digit(x, j);
      const uint64_t cleared = x & ~(core::low_mask(digit_bits) << shift);
      f(cleared | ((d == last ? 0 : d + 1) << shift));
      if (k > 2) f(cleared | ((d == 0 ? last : d - 1) << shift));
    }
  }
  /// @brief rank of neighbor nb of x (rank r): one digit changed, by delta * k^j.
  TV_HD uint64_t rank_neighbor(uint64_t x, uint64_t r, uint64_t nb) const {
    const int j = core::ctz64(x ^ nb) / digit_bits;
    uint64_t weight = 1;
    for (int i = 0; i < j; ++i) weight *= static_cast<uint64_t>(k);
    return r - digit(x, j) * weight + digit(nb, j) * weight;
  }
};

}  // namespace tv::families
