// Kautz digraph K(d, k) (Kautz 1968): the strings s_0 .. s_{k-1} of length k over the
// d + 1 symbols 0..d with no two equal neighbors (s_i != s_{i+1}), and an arc from
// s_0 s_1 .. s_{k-1} to s_1 .. s_{k-1} t for every t != s_{k-1}.  (d+1) d^(k-1) nodes,
// in- and out-degree d, no loops, diameter k.
// Labels pack symbol s_i in w = ceil(log2(d+1)) bits, s_0 highest, so label order is
// the strings' lexicographic order.  The rank is compact: s_0 in base d+1, then each
// later symbol as its index 0..d-1 among the d symbols that differ from its predecessor,
// in base d; it too follows the lexicographic order.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct kautz {
  int d = 2;
  int k = 1;
  int symbol_bits = 2;  // w = ceil(log2(d + 1))

  /// @brief K(d, k) with d >= 2 and k*ceil(log2(d+1)) <= 63 label bits.
  static kautz make(int d, int k) {
    require_in_range("kautz", "d", d, 2, 1 << 20, "K(1,k) is a single 2-cycle");
    require_in_range("kautz", "k", k, 1, 63);
    const int w = bits_per_symbol(d + 1);
    require_label_bits("kautz", "K(" + std::to_string(d) + "," + std::to_string(k) + ")",
                       "k*ceil(log2(d+1))", static_cast<long long>(k) * w);
    return kautz{d, k, w};
  }

  TV_HD bool directed() const { return true; }
  TV_HD int bits() const { return k * symbol_bits; }
  TV_HD int max_degree() const { return d; }

  TV_HD uint64_t size() const {
    uint64_t s = static_cast<uint64_t>(d) + 1;
    for (int i = 1; i < k; ++i) s *= static_cast<uint64_t>(d);
    return s;
  }
  /// @brief Symbol s_i (0 = first, highest) of a label.
  TV_HD uint64_t symbol(uint64_t label, int i) const {
    return (label >> ((k - 1 - i) * symbol_bits)) & core::low_mask(symbol_bits);
  }
  TV_HD uint64_t rank(uint64_t label) const {
    uint64_t prev = symbol(label, 0), r = prev;
    for (int i = 1; i < k; ++i) {
      const uint64_t s = symbol(label, i);
      r = r * static_cast<uint64_t>(d) + (s < prev ? s : s - 1);
      prev = s;
    }
    return r;
  }
  TV_HD uint64_t unrank(uint64_t r) const {
    // Split off the k-1 base-d indices, last symbol first, then rebuild from s_0.
    uint64_t index[64];
    for (int i = k - 1; i >= 1; --i) {
      index[i] = r % static_cast<uint64_t>(d);
      r /= static_cast<uint64_t>(d);
    }
    uint64_t prev = r, label = r;
    for (int i = 1; i < k; ++i) {
      const uint64_t s = index[i] < prev ? index[i] : index[i] + 1;
      label = (label << symbol_bits) | s;
      prev = s;
    }
    return label;
  }
  TV_HD bool contains(uint64_t label) const {
    if ((label >> bits()) != 0) return false;
    for (int i = 0; i < k; ++i) {
      if (symbol(label, i) > static_cast<uint64_t>(d)) return false;
      if (i > 0 && symbol(label, i) == symbol(label, i - 1)) return false;
    }
    return true;
  }

  /// Out-neighbors: shift left, append every symbol but the last one.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    const uint64_t shifted = (x << symbol_bits) & core::low_mask(bits());
    const uint64_t last = x & core::low_mask(symbol_bits);
    for (uint64_t t = 0; t <= static_cast<uint64_t>(d); ++t)
      if (t != last) f(shifted | t);
  }
  /// In-neighbors: shift right, prepend every symbol but the first one.
  template <class F>
  TV_HD void for_each_in_neighbor(uint64_t x, F&& f) const {
    const int top = (k - 1) * symbol_bits;
    const uint64_t first = x >> top;
    for (uint64_t t = 0; t <= static_cast<uint64_t>(d); ++t)
      if (t != first) f((x >> symbol_bits) | (t << top));
  }
  /// @brief rank of neighbor nb: the first symbol changes, so it is ranked afresh.
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return rank(nb); }
};

}  // namespace tv::families
