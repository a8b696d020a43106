// Automorphisms of a materialized network found among simple label maps (bit reversal,
// complement, flipping or swapping bits), each proved on the graph itself before it is
// used, and the orbits of the group they generate.  The all-pairs engine runs one BFS
// source per orbit: distances are invariant under an automorphism, so every statistic
// follows exactly from the orbit representatives (kernels/distance/all_pairs_run.inl).
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

/// Proves or refutes maps x -> x xor mask on a graph whose labels are 0 .. n-1 with n a
/// power of two (hypercubes, Metacubes, de Bruijn).  Such a map keeps u xor t for every
/// arc (u, t), so it carries every arc onto an arc exactly when each node u has the same
/// set of differences {u xor t : t out-neighbor of u} as u xor mask.  The sorted
/// difference rows are built once; each mask then costs one pass comparing rows, instead
/// of a search per arc.
class xor_map_checker {
 public:
  explicit xor_map_checker(const csr_graph& g);
  /// @brief False when the labels are not 0 .. n-1 with n a power of two.
  bool applies() const { return applies_; }
  /// @brief Whether x -> x xor mask is an automorphism (requires applies()).
  bool is_automorphism(uint64_t mask) const;

 private:
  const csr_graph& g_;
  bool applies_ = false;
  std::vector<uint32_t> diffs_;  // per arc, rows sorted: u xor t
};

/// @brief The bit length of the largest label: the width the label maps act on.
int label_width(const csr_graph& g);

/// @brief The maps find_label_orbits tries, in its order: reverse, complement, both,
/// flip each bit, swap each pair of adjacent bits.
std::vector<label_map> candidate_label_maps(int width);

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

/// @brief The same orbits, with the maps x -> x xor mask (complement, bit flips) tried
/// first where labels are 0 .. n-1: each costs one pass over the graph, where the others
/// look every arc up, so a group they make transitive (Q(n)) is found without those.  The
/// exact diameter search uses it; `automorphisms` then lists the maps in that order.
label_orbits find_label_orbits_xor_first(const csr_graph& g);

}  // namespace tv::graph
