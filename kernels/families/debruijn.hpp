// Binary de Bruijn network DDB(k) (papers/003, Definition 1): nodes 0..2^k-1, arcs
// S -> 2S mod 2^k and S -> 2S mod 2^k + 1 (ShiftLeft with 0 and 1), so 2^(k+1) arcs,
// in- and out-degree 2, self-loops at 0..0 and 1..1.  The undirected version joins X
// and Y when either arc exists, without loops or repeated edges.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct de_bruijn : whole_cube_labels<de_bruijn> {
  int k = 1;
  bool is_directed = true;

  /// @brief DDB(k), 1 <= k <= 63.
  static de_bruijn make(int k, bool directed = true) {
    require_in_range("debruijn", "k", k, 1, 63);
    de_bruijn d;
    d.k = k;
    d.is_directed = directed;
    return d;
  }

  TV_HD bool directed() const { return is_directed; }
  TV_HD int bits() const { return k; }
  TV_HD int max_degree() const { return is_directed ? 2 : 4; }

  /// @brief ShiftLeft(x, b): the b-child of x.
  TV_HD uint64_t child(uint64_t x, unsigned b) const { return ((x << 1) & core::low_mask(k)) | b; }
  /// @brief ShiftRight(x, b): the b-parent of x.
  TV_HD uint64_t parent(uint64_t x, unsigned b) const {
    return (x >> 1) | (static_cast<uint64_t>(b) << (k - 1));
  }

  /// Out-neighbors (directed), or all neighbors without loops and repeats (undirected).
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    if (is_directed) {
      f(child(x, 0));
      f(child(x, 1));
      return;
    }
    uint64_t seen[4];
    int count = 0;
    const uint64_t cand[4] = {child(x, 0), child(x, 1), parent(x, 0), parent(x, 1)};
    for (int i = 0; i < 4; ++i) {
      const uint64_t y = cand[i];
      if (y == x) continue;
      bool dup = false;
      for (int j = 0; j < count; ++j) dup = dup || seen[j] == y;
      if (dup) continue;
      seen[count++] = y;
      f(y);
    }
  }
  /// In-neighbors of a directed network (the two parents).
  template <class F>
  TV_HD void for_each_in_neighbor(uint64_t x, F&& f) const {
    f(parent(x, 0));
    f(parent(x, 1));
  }
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return nb; }
};

}  // namespace tv::families
