// `topoverify export`: an instance's graph as a plain edge list, so that other tools
// (bench/peers/ runs igraph, graph-tool, networkx and NetworKit on it) work on exactly
// the graph topoverify measures, with node i = the i-th label in increasing order.
#pragma once
#include <cstdio>
#include <string>

#include "host/families.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

/// @brief Writes g as an edge list: one header line starting with '#', then one
/// "u v" line per edge (undirected: once, u < v; directed: every arc u -> v, loops
/// included), u and v node indices, rows in CSR order.
/// Example (hypercube n=2):
///   # topoverify export hypercube n=2: nodes 4 edges 4 directed false
///   0 1
///   0 2
///   1 3
///   2 3
void write_edge_list(const graph::csr_graph& g, const instance& inst, std::FILE* out);

}  // namespace tv::host
