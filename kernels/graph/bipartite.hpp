// Whether a materialized network is bipartite: undirected, with a colouring of its nodes
// in two colours that every edge crosses.  The all-pairs run uses the colouring: it lists
// each class of sources colour by colour, so that most batches hold sources of one
// colour, and on the CPU a bipartite graph's search needs neither the seen rows nor, at
// each level of a one-colour batch, the nodes of the colour that cannot grow there
// (kernels/distance/msbfs_level.inl, pull_bipartite_fn).
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// @brief A colour (0 or 1) per node that every arc crosses, each component's smallest
/// node coloured 0, when g is undirected and two-colourable; empty otherwise (and for a
/// graph without nodes).  A directed graph gets none: the engine's use needs
/// d(v, s) >= d(u, s) - 1 for every arc v -> u, which only symmetry gives.  One queue
/// breadth-first search over every component, O(nodes + arcs), on the host.
std::vector<uint8_t> two_colouring(const csr_graph& g);

/// @brief True when g is undirected and two-colourable (a graph without edges is).
bool is_bipartite(const csr_graph& g);

}  // namespace tv::graph
