// Small graphs the claims build and query, and that tests share: the Hamming graph of a
// label set, a graph from an edge list, an induced subgraph, the rank of a label and
// whether an arc exists (host/claims/structure/builders.cpp).  Host code, claim-sized.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::host::claims {

/// Marks a parent or mapping entry that names no node.
inline constexpr uint64_t no_node = ~uint64_t{0};

/// @brief The subgraph of the hypercube induced by a label set (Hamming-1 edges), nodes in
/// increasing label order; duplicates in `labels` are dropped.
graph::csr_graph hamming_graph(std::vector<uint64_t> labels);

/// @brief An undirected graph from an edge list on nodes 0..n-1 (labels = indices unless
/// given); loops and repeated edges are kept as given, rows sorted.
graph::csr_graph graph_from_edges(uint64_t n, const std::vector<std::pair<uint64_t, uint64_t>>& edges,
                                  std::vector<uint64_t> labels = {});

/// @brief True when u -> v is an arc (rows are sorted: binary search).
bool has_arc(const graph::csr_graph& g, uint64_t u, uint64_t v);

/// @brief Rank of a label in g (labels ascending), or no_node.
uint64_t rank_of(const graph::csr_graph& g, uint64_t label);

/// @brief The subgraph of g induced by the nodes `ranks` (ascending): node i of the result
/// is ranks[i], with its label.
graph::csr_graph induced_subgraph(const graph::csr_graph& g, const std::vector<uint64_t>& ranks);

}  // namespace tv::host::claims
