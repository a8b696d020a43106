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

}  // namespace tv::distance
