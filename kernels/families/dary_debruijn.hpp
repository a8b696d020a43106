// d-ary de Bruijn digraph B(d, k) (B(2, k) is the papers' DDB(k), which the command line
// builds from kernels/families/debruijn.hpp; the tests compare the two): the d^k strings of length k over d symbols, an arc from s_0 .. s_{k-1}
// to s_1 .. s_{k-1} t for every symbol t, so d out- and d in-arcs per node, a loop at each
// constant string, diameter k.  The undirected version joins x and y when either arc
// exists, without loops or repeated edges.
// Labels pack symbol s_i in w = ceil(log2 d) bits, s_0 highest; the rank is the base-d
// value of the string (compact for any d), in label order.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct dary_de_bruijn {
  bool is_directed = true;
  int d = 3;
  int k = 1;
  int symbol_bits = 2;  // w = ceil(log2 d)

  /// @brief B(d, k) with 2 <= d and k*ceil(log2 d) <= 63 label bits.
  static dary_de_bruijn make(int d, int k, bool directed = true) {
    require_in_range("debruijn", "d", d, 2, 1 << 20);
    require_in_range("debruijn", "k", k, 1, 63);
    const int w = bits_per_symbol(d);
    require_label_bits("debruijn", "B(" + std::to_string(d) + "," + std::to_string(k) + ")",
                       "k*ceil(log2 d)", static_cast<long long>(k) * w);
    return dary_de_bruijn{directed, d, k, w};
  }

  TV_HD bool directed() const { return is_directed; }
  TV_HD int bits() const { return k * symbol_bits; }
  TV_HD int max_degree() const { return is_directed ? d : 2 * d; }
  TV_HD uint64_t size() const {
    uint64_t s = 1;
    for (int i = 0; i < k; ++i) s *= static_cast<uint64_t>(d);
    return s;
  }
  TV_HD uint64_t symbol(uint64_t label, int i) const {
    return (label >> ((k - 1 - i) * symbol_bits)) & core::low_mask(symbol_bits);
  }
  TV_HD uint64_t rank(uint64_t label) const {
    uint64_t r = 0;
    for (int i = 0; i < k; ++i) r = r * static_cast<uint64_t>(d) + symbol(label, i);
    return r;
  }
  TV_HD uint64_t unrank(uint64_t r) const {
    uint64_t label = 0;
    for (int i = k - 1; i >= 0; --i) {
      label |= (r % static_cast<uint64_t>(d)) << ((k - 1 - i) * symbol_bits);
      r /= static_cast<uint64_t>(d);
    }
    return label;
  }
  /// A word with a field >= d does not come back from unrank(rank(.)): unrank writes
  /// only symbols 0..d-1.
  TV_HD bool contains(uint64_t label) const {
    return (label >> bits()) == 0 && unrank(rank(label)) == label;
  }

  /// @brief The t-child (shift left, append t) and the t-parent (shift right, prepend t).
  TV_HD uint64_t child(uint64_t x, uint64_t t) const {
    return ((x << symbol_bits) & core::low_mask(bits())) | t;
  }
  TV_HD uint64_t parent(uint64_t x, uint64_t t) const {
    return (x >> symbol_bits) | (t << ((k - 1) * symbol_bits));
  }

  /// Out-neighbors (directed, loops kept as DDB(k) keeps them), or all neighbors without
  /// loops and repeats (undirected): a parent is skipped when it is also a child.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    const uint64_t symbols = static_cast<uint64_t>(d);
    for (uint64_t t = 0; t < symbols; ++t)
      if (is_directed || child(x, t) != x) f(child(x, t));
    if (is_directed) return;
    // The children of x are the words whose first k-1 symbols are x's last k-1.
    const uint64_t tail = x & core::low_mask((k - 1) * symbol_bits);
    for (uint64_t t = 0; t < symbols; ++t) {
      const uint64_t y = parent(x, t);
      const bool is_child = (y >> symbol_bits) == tail;
      if (y != x && !is_child) f(y);
    }
  }
  template <class F>
  TV_HD void for_each_in_neighbor(uint64_t x, F&& f) const {
    for (uint64_t t = 0; t < static_cast<uint64_t>(d); ++t) f(parent(x, t));
  }
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return rank(nb); }
};

}  // namespace tv::families
