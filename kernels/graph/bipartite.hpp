// Whether a materialized network is bipartite: undirected, with a colouring of its nodes
// in two colours that every edge crosses.  The CPU all-pairs engine uses it: in such a
// graph a breadth-first search never needs the set of nodes seen so far, only the
// frontier two levels back (kernels/distance/msbfs_level.inl, pull_bipartite_fn).
#pragma once
#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// @brief True when g is undirected and two-colourable (every component; a graph
/// without edges is).  A directed graph is never reported bipartite here: the engine's
/// use needs d(v, s) >= d(u, s) - 1 for every arc v -> u, which only symmetry gives.
/// One queue breadth-first search over every component, O(nodes + arcs), on the host.
bool is_bipartite(const csr_graph& g);

}  // namespace tv::graph
