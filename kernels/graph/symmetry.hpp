// Automorphisms of a materialized network found among simple label maps (bit reversal,
// complement, flipping or swapping bits), each proved on the graph itself before it is
// used, and the orbits of the group they generate.  The all-pairs engine runs one BFS
// source per orbit: distances are invariant under an automorphism, so every statistic
// follows exactly from the orbit representatives (kernels/distance/msbfs.inl).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// A map on labels of `width` bits: x -> reverse / complement / flip bit / swap bits.
struct label_map {
  enum class kind { reverse, complement, reverse_complement, flip_bit, swap_bits } op;
  int arg = 0;  // the bit for flip_bit; the lower of two adjacent bits for swap_bits
  uint64_t apply(uint64_t x, int width) const;
  std::string name() const;
};

/// @brief When `m` maps g's label set onto itself and every arc to an arc, the node
/// permutation it induces (image[v] = index of m(labels[v])); otherwise empty.
std::vector<uint32_t> automorphism_image(const csr_graph& g, const label_map& m, int width);

struct label_orbits {
  std::vector<std::string> automorphisms;  // the label maps proved to be automorphisms
  std::vector<uint32_t> rep;               // per node: the smallest node of its orbit
  std::vector<uint32_t> orbit_size;        // per node: the size of its orbit
  uint64_t orbits = 0;
};

/// @brief Tries the candidate label maps in a fixed order (reverse, complement, both,
/// flip each bit, swap each pair of adjacent bits), keeps those proved to be
/// automorphisms, and returns the orbits of the group they generate; stops trying once
/// a single orbit is left.  Labels are read as width-bit words, width = the bit length
/// of the largest label.
label_orbits find_label_orbits(const csr_graph& g);

}  // namespace tv::graph
