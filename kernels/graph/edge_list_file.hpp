// A network given as a file rather than a family: the plain and labelled edge lists that
// `topoverify export` writes, SNAP / KONECT edge lists (`#` or `%` comment lines, blanks
// or tabs between the two ids) and Matrix Market coordinate files, read into the same
// csr_graph the families build, so the distance engine runs on it unchanged.
//
// Node ids need not be contiguous: the distinct ids, ascending, become nodes 0 .. N-1 and
// csr_graph::labels keeps each node's id (for a labelled list, the label's value; for
// Matrix Market, the 1-based row index), so records can name the node as the file does.
// Self-loops and repeated edges are counted and left out of the graph.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// How to read the file: its path, whether its pairs are arcs, and whether its ids are
/// bit strings (the labelled export), which become the nodes' labels.
struct edge_list_file_options {
  std::string path;
  bool directed = false;
  bool labels = false;
};

/// arrays: no file, but arrays in memory (edge_arrays.hpp: the Python module's input).
enum class edge_list_format { plain, labelled, matrix_market, arrays };

/// The file's graph and what reading it found.
struct edge_list_file {
  csr_graph graph;
  edge_list_format format = edge_list_format::plain;
  bool symmetric = false;         // Matrix Market "symmetric": each entry is an edge both ways
  uint64_t lines = 0;             // lines in the file, comments included
  uint64_t entries = 0;           // lines that name an edge (Matrix Market: its entries)
  uint64_t self_loops = 0;        // entries u u, left out
  uint64_t duplicate_edges = 0;   // entries naming an edge (arc when directed) seen before, left out
  int label_bits = 0;             // labelled: the labels' width
  bool hamming_edges = false;     // labelled and every edge joins labels one bit apart
  uint64_t checksum = 0;          // FNV-1a over the graph (direction, labels, offsets, targets)
};

/// A file that cannot be read as asked: the message is "PATH:LINE: reason", or "PATH:
/// reason" when no line is to blame (the file cannot be opened).
struct edge_list_error : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// @brief The name of a format as records write it: "edge list", "labelled edge list",
/// "Matrix Market", "arrays".
const char* format_name(edge_list_format f);

/// @brief FNV-1a over a graph (direction, labels, offsets, targets): what it means, not how
/// it was written, so a file's comments or line order change nothing.
uint64_t graph_checksum(const csr_graph& g);

/// @brief Reads the file into CSR.  Raises edge_list_error at the first malformed line,
/// and core::too_large before building when the graph cannot fit this machine's memory.
///
/// Example: a file "# a path\n10 20\n20 30\n30 20\n7 7\n" gives 4 nodes (labels 7, 10,
/// 20, 30), edges 10-20 and 20-30, entries 4, duplicate_edges 1 (30 20 repeats 20 30 in an
/// undirected graph), self_loops 1; node 7 stays, isolated, without its loop.
edge_list_file read_edge_list(const edge_list_file_options& opt);

}  // namespace tv::graph
