// The all-pairs run's sources in small components, by one plain breadth-first search each
// on the host, beside the bit-parallel engine.  A batch of the engine costs about as much
// as the largest component its sources are in, however few they are; a component of at
// most small_component_max_nodes nodes costs a search of it per source (hep-th: 1,331
// components besides the giant, 2,526 nodes, three of nine batches at W = 16).  Only for
// a relabelled graph (graph/locality_order.hpp), whose components are consecutive ranges.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::distance::detail {

/// Components of at most this many nodes run by plain search (one 64-bit word of sources).
constexpr uint64_t small_component_max_nodes = 64;

/// Per node of a graph whose components are the ranges between `component_starts`
/// (ascending, the node count last, largest component first): 1 where its component is
/// small; empty when no component is.
std::vector<uint8_t> small_component_nodes(const std::vector<uint64_t>& component_starts);

/// The engine's sums over `sources` (all in small components of the undirected graph g),
/// by a breadth-first search from each: counts[d] gains the pairs at distance d (counts[0]
/// the sources themselves), and every node v a source reaches at distance d gets
/// last[v] = max(last[v], d), dsum[v] += d, reach[v] += 1 (itself included), as
/// msbfs_engine's batches add them.  counts grows as needed.
void add_small_component_sources(const graph::csr_graph& g, const std::vector<uint32_t>& sources,
                                 std::vector<uint64_t>& counts, std::vector<uint32_t>& last,
                                 std::vector<uint64_t>& dsum, std::vector<uint64_t>& reach);

}  // namespace tv::distance::detail
