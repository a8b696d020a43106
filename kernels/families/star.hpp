// Star graph S_n (Akers and Krishnamurthy, 1989): the n! permutations of 0..n-1, a
// permutation joined to the n-1 it becomes by swapping its first symbol with the symbol at
// position i, i = 1..n-1.  n! nodes, regular of degree n-1, diameter floor(3(n-1)/2).
// Labels pack symbol p_i in w = ceil(log2 n) bits, p_0 highest, so label order is the
// permutations' lexicographic order; the rank is the lexicographic rank, read from the
// Lehmer code (p_i's count of smaller symbols to its right, in base n-i).
#pragma once
#include <cstdint>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct star_graph {
  int n = 2;
  int symbol_bits = 1;  // w = ceil(log2 n)

  /// @brief S_n with 2 <= n and n*ceil(log2 n) <= 63 label bits (n <= 15).
  static star_graph make(int n) {
    require_in_range("star", "n", n, 2, 15, "n*ceil(log2 n) label bits must fit 63");
    return star_graph{n, bits_per_symbol(n)};
  }

  TV_HD bool directed() const { return false; }
  TV_HD int bits() const { return n * symbol_bits; }
  TV_HD int max_degree() const { return n - 1; }
  TV_HD uint64_t size() const {
    uint64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= static_cast<uint64_t>(i);
    return f;
  }
  /// @brief Symbol p_i (0 = first, highest) of a label.
  TV_HD uint64_t symbol(uint64_t label, int i) const {
    return (label >> ((n - 1 - i) * symbol_bits)) & core::low_mask(symbol_bits);
  }
  TV_HD uint64_t rank(uint64_t label) const {
    uint64_t r = 0;
    for (int i = 0; i < n; ++i) {
      uint64_t smaller_after = 0;
      for (int j = i + 1; j < n; ++j) smaller_after += symbol(label, j) < symbol(label, i);
      r = r * static_cast<uint64_t>(n - i) + smaller_after;
    }
    return r;
  }
  TV_HD uint64_t unrank(uint64_t r) const {
    int lehmer[16];
    for (int i = n - 1; i >= 0; --i) {
      lehmer[i] = static_cast<int>(r % static_cast<uint64_t>(n - i));
      r /= static_cast<uint64_t>(n - i);
    }
    uint32_t unused = (1u << n) - 1;  // symbols not placed yet
    uint64_t label = 0;
    for (int i = 0; i < n; ++i) {
      int s = 0;  // the lehmer[i]-th unused symbol
      for (int skip = lehmer[i]; skip > 0 || !((unused >> s) & 1u); ++s)
        if ((unused >> s) & 1u) --skip;
      unused &= ~(1u << s);
      label = (label << symbol_bits) | static_cast<uint64_t>(s);
    }
    return label;
  }
  TV_HD bool contains(uint64_t label) const {
    if ((label >> bits()) != 0) return false;
    uint32_t seen = 0;
    for (int i = 0; i < n; ++i) {
      const uint64_t s = symbol(label, i);
      if (s >= static_cast<uint64_t>(n) || ((seen >> s) & 1u)) return false;
      seen |= 1u << s;
    }
    return true;
  }

  /// Swap p_0 with p_i, i = 1..n-1.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    const int top = (n - 1) * symbol_bits;
    const uint64_t first = symbol(x, 0);
    for (int i = 1; i < n; ++i) {
      const int shift = (n - 1 - i) * symbol_bits;
      const uint64_t other = symbol(x, i);
      f(x ^ ((first ^ other) << top) ^ ((first ^ other) << shift));
    }
  }
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return rank(nb); }
};

}  // namespace tv::families
