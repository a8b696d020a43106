// A network given as arrays in memory instead of a file: arcs as two arrays of node
// indices, or rows already in CSR layout (the Python module's NumPy, networkx, igraph
// and SciPy input, python/).  The result is the edge_list_file a file would give, with
// the format "arrays", so the counts, the record's `file` object and every engine treat
// it as they treat a file read from disk.
//
// Nodes are the indices 0 .. nodes-1 and each node's label is its index.  As in an edge
// list, self-loops and repeated arcs are counted and left out, and an undirected arc
// given both ways is one edge (the second counts as a repeat).  Rows given in CSR layout
// that already hold what the graph needs (undirected, each row ascending without
// repeats or loops, every arc present both ways) are copied straight into the graph;
// other input is sorted into rows as an edge list's entries are (edge_list_csr.hpp).
#pragma once
#include <cstdint>

#include "kernels/graph/edge_list_file.hpp"

namespace tv::graph {

/// @brief The graph of arcs sources[e] -> targets[e], e < count, on nodes 0 .. nodes-1
/// (edges when !directed).  Raises edge_list_error ("sources: arc 7: node 12 is not in 0 .. 9")
/// for an index outside the nodes, or a graph of no node, and core::too_large when
/// nodes reach 2^32 or the graph cannot fit this machine's memory.
///
/// Example: nodes 4, sources {0, 1, 1, 3}, targets {1, 0, 2, 3}, undirected: edges 0-1
/// and 1-2, entries 4, duplicate_edges 1 (1 0 repeats 0 1), self_loops 1; node 3 stays,
/// isolated.
edge_list_file graph_from_arcs(uint64_t nodes, const int64_t* sources, const int64_t* targets,
                               uint64_t count, bool directed);
edge_list_file graph_from_arcs(uint64_t nodes, const int32_t* sources, const int32_t* targets,
                               uint64_t count, bool directed);

/// @brief The graph of rows in CSR layout: row v's arcs go to targets[offsets[v] ..
/// offsets[v+1]), offsets holding nodes + 1 entries.  The same errors as graph_from_arcs,
/// and edge_list_error for offsets that do not rise from 0.  `copied_straight` (when
/// given) says whether the rows were taken as they are.
edge_list_file graph_from_rows(uint64_t nodes, const int64_t* offsets, const int32_t* targets,
                               bool directed, bool* copied_straight = nullptr);
edge_list_file graph_from_rows(uint64_t nodes, const int32_t* offsets, const int32_t* targets,
                               bool directed, bool* copied_straight = nullptr);

}  // namespace tv::graph
