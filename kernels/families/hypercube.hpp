// Hypercube Q(n): all n-bit labels, edges between labels at Hamming distance 1.
// The reference family: every other Hamming-edge family is an induced subgraph of it.
#pragma once
#include <stdexcept>
#include <string>

#include "kernels/core/hd.hpp"

namespace tv::families {

struct hypercube {
  int n = 1;

  /// @brief Q(n) for 1 <= n <= 63 (2^n must fit a 64-bit count).
  static hypercube make(int n) {
    if (n < 1 || n > 63)
      throw std::invalid_argument("hypercube: n = " + std::to_string(n) +
                                  " is out of range 1..63 (Q(n) has 2^n nodes)");
    return hypercube{n};
  }

  TV_HD uint64_t size() const { return uint64_t{1} << n; }
  TV_HD uint64_t unrank(uint64_t i) const { return i; }
  TV_HD uint64_t rank(uint64_t label) const { return label; }
  TV_HD bool contains(uint64_t label) const { return (label >> n) == 0; }
  TV_HD bool directed() const { return false; }
  TV_HD int bits() const { return n; }
  TV_HD int max_degree() const { return n; }

  template <class F>
  TV_HD void for_each_neighbor(uint64_t label, F&& f) const {
    for (int b = 0; b < n; ++b) f(label ^ (uint64_t{1} << b));
  }
  /// @brief rank of neighbor nb of label (whose rank is r), in O(1).
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return nb; }
};

}  // namespace tv::families
