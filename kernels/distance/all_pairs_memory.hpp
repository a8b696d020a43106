// Bytes the all-pairs engine (MS-BFS, W words of 64 sources per node) allocates, as one
// formula that both the engine's choice of W and the host's memory plan use, so the plan
// that refuses an instance before any work agrees with what the engine would ask for.
#pragma once
#include <cstdint>

namespace tv::distance {

/// @brief The engine's own arrays beside the graph: per node W words of seen, frontier and
/// next rows (a fourth for the GPU's word kernel) and 29 bytes of flags and counters.
inline uint64_t all_pairs_work_bytes(uint64_t nodes, int words, bool word_kernel) {
  const uint64_t cells = nodes * static_cast<uint64_t>(words);
  return cells * 8 * (word_kernel ? 4 : 3) + nodes * (9 + 4 + 8 + 8);
}

/// @brief The work arrays plus the engine's copy of the CSR offsets and arcs.
inline uint64_t all_pairs_bytes(uint64_t nodes, uint64_t arcs, int words, bool word_kernel) {
  return 8 * (nodes + 1) + 4 * arcs + all_pairs_work_bytes(nodes, words, word_kernel);
}

/// @brief Host bytes a run keeps per node beside the engine, whatever the graph: the
/// partial's totals (all_pairs_partial.hpp: last level 4, distance sum 8, reach 8).
constexpr uint64_t all_pairs_totals_bytes_per_node = 4 + 8 + 8;

/// @brief What a run over a graph of one's own (all_pairs_options::locality_order on an
/// undirected graph) holds at most beside the caller's graph, the engine and the totals:
/// the relabelled copy (graph/locality_order.hpp: the graph again, 4 bytes of order and up
/// to 8 of component starts per node), the copy without its folded leaves (leaf_fold.hpp:
/// at most the graph again, 4 + 1 bytes of weight and flag, up to 4 + 4 of leaf and
/// neighbour per node) and the totals mapped back to the caller's numbering.
/// `graph_bytes`: the caller's graph (graph::csr_bytes).
inline uint64_t locality_copies_bytes(uint64_t nodes, uint64_t graph_bytes) {
  return 2 * graph_bytes + nodes * (4 + 8 + 4 + 1 + 4 + 4 + all_pairs_totals_bytes_per_node) + 8;
}

}  // namespace tv::distance
