// Hypercube Q(n): all n-bit labels, edges between labels at Hamming distance 1.
// The reference family: every other Hamming-edge family is an induced subgraph of it.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct hypercube : whole_cube_labels<hypercube> {
  int n = 1;

  /// @brief Q(n) for 1 <= n <= 63 (2^n must fit a 64-bit count).
  static hypercube make(int n) {
    require_in_range("hypercube", "n", n, 1, 63, "Q(n) has 2^n nodes");
    hypercube q;
    q.n = n;
    return q;
  }

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
