// `topoverify export`: an instance's graph in formats other tools read without edits
// (igraph, networkx, graph-tool, scipy), so that they work on exactly the graph topoverify
// measures: node i is the i-th label in increasing order, everywhere.
//
//   edgelist  "u v" per line, node indices (igraph Read_Edgelist, networkx read_edgelist,
//             graph-tool load_graph_from_csv); no comment line unless asked for
//   labelled  "0101 0110" per line, the labels as bit strings (networkx read_edgelist)
//   graphml   GraphML, node ids n0, n1, ... with a string attribute `label` holding the
//             bit string (networkx read_graphml, igraph Read_GraphML, graph-tool load_graph)
//   mtx       Matrix Market coordinate pattern, 1-based; `symmetric` (lower triangle) for
//             undirected graphs, `general` for directed ones (scipy.io.mmread)
//
// Undirected graphs write each edge once (u < v); directed ones every arc u -> v, loops
// included.  An edge list cannot show an isolated node: only the one-node instances
// (Q(0), ...) have one; GraphML and Matrix Market carry N.
#pragma once
#include <cstdio>
#include <string>

#include "host/families.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

enum class export_format { edgelist, labelled, graphml, mtx };

/// @brief "edgelist" -> export_format::edgelist, ...; input_error naming the formats.
export_format parse_export_format(const std::string& name);

/// @brief "edgelist, labelled, graphml, mtx"
std::string export_format_names();

struct export_options {
  export_format format = export_format::edgelist;
  /// Edge lists only: one first line "# topoverify export postal lambda=2 n=9: nodes 89
  /// edges 235 directed false" (bench/peers/ reads N and directedness from it).
  bool header = false;
};

/// @brief Writes g in the chosen format.  Example (hypercube n=2, edgelist):
///   0 1
///   0 2
///   1 3
///   2 3
/// std::runtime_error when writing fails.
void write_graph(const graph::csr_graph& g, const instance& inst, const export_options& opt,
                 std::FILE* out);

/// @brief Refuses, before any work, an --output that export must not write: an empty
/// name; a folder, device, FIFO or socket (named by its kind: --force replaces only a
/// regular file or a symbolic link); an existing file without `force`.
void check_export_target(const std::string& path, bool force);

/// @brief Writes g into `path` whole: into a temporary file beside it, synced, then
/// renamed, so a reader never sees half a graph.  `path` is checked again as
/// check_export_target does.
void write_graph_file(const graph::csr_graph& g, const instance& inst, const export_options& opt,
                      const std::string& path, bool force);

}  // namespace tv::host
