// Small graphs built by hand: a CSR from an edge list (directed or not), the graph a label
// set induces under Hamming distance 1, and the subgraph a set of nodes induces.  The
// claims build reference graphs with these (a Q(n) to compare with, a dual-cube, a part of
// an instance), and the tests build the small graphs they draw in comments.  Host side
// only: these are for graphs of thousands of nodes, not for the families' CSRs
// (csr.hpp builds those on either backend).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

using edge_list = std::vector<std::pair<uint64_t, uint64_t>>;

/// @brief A CSR on nodes 0 .. n-1 from an edge list.  Undirected: each edge {u, v} is an
/// arc both ways and a self-loop {u, u} one arc; directed: each pair is the arc u -> v and
/// the in-arcs are filled too.  Rows are sorted and a repeated edge counts once.  Labels
/// default to 0 .. n-1.  Raises std::invalid_argument when an edge names a node >= n or
/// `labels` does not have n entries.
///
/// Example: the path 0 - 1 - 2, `from_edges(3, {{0, 1}, {1, 2}})`: offsets {0, 1, 3, 4},
/// targets {1, 0, 2, 1}.
csr_graph from_edges(uint64_t n, const edge_list& edges, bool directed = false,
                     std::vector<uint64_t> labels = {});

/// @brief The undirected graph on a label set (sorted and deduplicated here) whose edges
/// join labels at Hamming distance 1: Q(n) from all n-bit words, a Fibonacci cube from the
/// words without "11".
csr_graph hamming_graph(std::vector<uint64_t> labels);

/// @brief The subgraph of g induced by the nodes `ranks` (ascending): node i of the result
/// is g's node ranks[i], with its label; arcs leaving the set are dropped.
csr_graph induced_subgraph(const csr_graph& g, const std::vector<uint64_t>& ranks);

}  // namespace tv::graph
