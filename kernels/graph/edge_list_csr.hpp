// The second half of reading an edge-list file (edge_list_file.hpp): its entries, as
// pairs of ids, to the CSR graph.  The ids become node indices (the distinct ids,
// ascending, are nodes 0 .. N-1), then the rows are counted, filled, sorted and cleared
// of repeats, every step in parallel and with the same graph whatever the thread count.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph::detail {

/// @brief Replaces each of ids[0 .. count) by its node index and returns the labels (the
/// distinct ids, ascending).  max_id bounds the ids: when it is small beside count the
/// indices come from a table over 0 .. max_id, else from the sorted ids.
std::vector<uint64_t> ids_to_nodes(uint64_t* ids, uint64_t count, uint64_t max_id);

/// @brief Peak bytes ids_to_nodes and fill_rows use beside the pairs and the graph.
uint64_t mapping_bytes(uint64_t count, uint64_t max_id, uint64_t nodes);

/// @brief g's out-rows (and in-rows when g.directed) from the node-index pairs
/// (pairs[2e] -> pairs[2e + 1]), both ways when both_ways; self-loops and repeated arcs
/// left out, each row ascending; g.nodes and g.directed as the caller set them.
void fill_rows(csr_graph& g, const uint64_t* pairs, uint64_t entries, bool both_ways);

}  // namespace tv::graph::detail
