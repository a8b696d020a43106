// A multilevel bisection by METIS (Karypis & Kumar, "A Fast and High Quality Multilevel
// Scheme for Partitioning Irregular Graphs", SIAM J. Sci. Comput. 1998), where the build
// has libmetis: an upper bound on the bisection width that is useful where the
// coordinate cuts of bisection.hpp are not (a Kautz digraph's is N; a network built as
// a graph has indices, not coordinates, for labels).  METIS balances
// within a tolerance; its split is then made exact (floor(N/2) against ceil(N/2)) by
// moving, one at a time, the node of the larger side whose move adds the fewest crossing
// edges, and the width is counted on that split by cut_width: a balanced cut whatever
// METIS did, so an upper bound, never more.  A directed network is cut as its underlying
// undirected graph and its arcs crossing in either direction counted.  CPU only.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

struct multilevel_cut {
  uint64_t width = 0;
  std::vector<char> in_first;  // the floor(N/2) nodes of one side
  uint64_t moved = 0;          // nodes moved to balance METIS's split exactly
};

/// @brief Whether this build has METIS (TOPOVERIFY_HAVE_METIS).
bool metis_available();

/// @brief METIS's bisection of g, balanced exactly; nullopt without METIS or below 2
/// nodes.  `seed` is METIS's random seed (its result depends on it).  Raises
/// std::runtime_error when METIS reports an error, core::too_large when g has more than
/// 2^31 - 1 nodes or arcs (METIS's 32-bit indices).
std::optional<multilevel_cut> metis_bisection(const csr_graph& g, uint64_t seed);

}  // namespace tv::graph
