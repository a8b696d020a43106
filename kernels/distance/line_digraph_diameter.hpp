// The exact diameter and radius of a line digraph from those of its root
// (kernels/graph/line_digraph.hpp): with d_G(u, w) = 1 + d_H(head(u), tail(w)) for u != w,
// and every node of H the tail of at least two nodes of G (so that some w != u starts at
// any node), ecc_G(u) = 1 + ecc_H(head(u)); every node of H is some head, so
// diameter(G) = 1 + diameter(H) and radius(G) = 1 + radius(H).  H is searched the same
// way, so DDB(k) comes down to one node in k steps instead of N/2 breadth-first searches.
// The witness pair is lifted and then checked by one BFS on G itself.
#pragma once
#include <optional>

#include "kernels/distance/all_pairs.hpp"

namespace tv::distance {

/// @brief The diameter search of g through its root, when g is a line digraph whose root's
/// every node is the tail of two or more of g's nodes and the root's search is exact;
/// nullopt otherwise (the caller searches g itself).  The root is searched by
/// exact_diameter, which reduces it again while it is a line digraph.
std::optional<diameter_result> diameter_through_root(
    core::backend b, const graph::csr_graph& g, const core::run_control& control,
    const diameter_options& opt);

}  // namespace tv::distance
