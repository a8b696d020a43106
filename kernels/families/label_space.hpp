// What several families' label sets share, written once as mixins (each family derives
// from the ones it is, naming itself: `struct hypercube : whole_cube_labels<hypercube>`):
//  - whole_cube_labels: every bits()-bit label is a node and is its own rank (the
//    hypercube, the metacube, the de Bruijn network);
//  - hamming_induced_edges: the family is the subgraph of the hypercube induced by the
//    labels its contains() accepts, so x and x with one bit flipped are joined when both
//    are nodes (the enhanced Fibonacci cube, the linear recursive networks).
// All TV_HD: the CPU and the GPU enumerate labels and neighbors through them.
#pragma once
#include <cstdint>

#include "kernels/core/hd.hpp"

namespace tv::families {

/// @brief size, rank, unrank and contains of a family whose nodes are all the labels of
/// Family::bits() bits (at most 63, so the count fits), each ranked by itself.
template <class Family>
struct whole_cube_labels {
  TV_HD uint64_t size() const { return uint64_t{1} << self().bits(); }
  TV_HD uint64_t unrank(uint64_t i) const { return i; }
  TV_HD uint64_t rank(uint64_t label) const { return label; }
  TV_HD bool contains(uint64_t label) const { return (label >> self().bits()) == 0; }

 private:
  TV_HD const Family& self() const { return static_cast<const Family&>(*this); }
};

/// @brief The edges of the subgraph of the hypercube Q(Family::bits()) induced by the
/// labels Family::contains() accepts: undirected, one neighbor per flipped bit that stays
/// a node, ranked by Family::rank.
template <class Family>
struct hamming_induced_edges {
  TV_HD bool directed() const { return false; }

  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    for (int b = 0; b < self().bits(); ++b) {
      const uint64_t y = x ^ (uint64_t{1} << b);
      if (self().contains(y)) f(y);
    }
  }
  /// @brief rank of neighbor nb: no cheaper update than ranking it.
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return self().rank(nb); }

 private:
  TV_HD const Family& self() const { return static_cast<const Family&>(*this); }
};

}  // namespace tv::families
