// Folded hypercube FQ(n) (El-Amawy and Latifi, 1991): the hypercube Q(n) plus one
// complementary edge per node, x ~ ~x (all n bits flipped).  2^n nodes, regular of degree
// n + 1, diameter ceil(n/2): the complement edge halves the longest Hamming walks.
// n >= 2, since in Q(1) the complement of x is already its one neighbor.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

/// FQ(n) for 2 <= n <= 63 (2^n must fit a 64-bit count); labels as in Q(n).
struct folded_hypercube : whole_cube_labels<folded_hypercube> {
  static folded_hypercube make(int dimension) {
    require_in_range("foldedcube", "n", dimension, 2, 63, "FQ(n) has 2^n nodes; FQ(1) would repeat its edge");
    return folded_hypercube{{}, dimension};
  }
  int n = 2;

  TV_HD int bits() const { return n; }
  TV_HD int max_degree() const { return n + 1; }
  TV_HD bool directed() const { return false; }

  /// The n Hamming neighbors, then the complement.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t label, F&& f) const {
    for (int b = 0; b < n; ++b) f(label ^ (uint64_t{1} << b));
    f(label ^ core::low_mask(n));
  }
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return nb; }
};

}  // namespace tv::families
