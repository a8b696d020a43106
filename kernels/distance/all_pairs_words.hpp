// The CPU all-pairs engine's widest W from the machine's cache size.  A level of a batch
// sweeps every node: its arcs, its neighbours' activity bytes and frontier rows, its own
// rows.  While the row arrays fit the largest cache, W = 16 (two cache lines per row) is
// fastest; once they do not, the arcs and most rows come from memory at every level of
// every batch whatever W is, and 32 words let each sweep serve twice the sources
// (bench/RESULTS.md, 2026-11-24 night: PN_2(25), PN_2(26) and DDB(18) 8-12% faster at
// W = 32; PN_2(24), whose rows fit, and EFC_24 slower).
#pragma once
#include <cstdint>

namespace tv::distance {

/// The CPU's word cap while a level's rows fit the cache.
constexpr int cpu_word_cap = 16;

/// @brief The widest W a CPU run may pick: cpu_word_cap, or twice it when `row_arrays`
/// arrays of `nodes` rows of cpu_word_cap words (the node kernel streams three: seen,
/// frontier, next; two on a bipartite graph) exceed `cache_bytes`.  cache_bytes = 0 (no
/// size reported) keeps cpu_word_cap.
constexpr int cpu_words_cap(uint64_t nodes, uint64_t row_arrays, uint64_t cache_bytes) {
  const uint64_t row_bytes = uint64_t{cpu_word_cap} * 8;
  const bool past_cache = cache_bytes > 0 && row_arrays * nodes * row_bytes > cache_bytes;
  return past_cache ? 2 * cpu_word_cap : cpu_word_cap;
}

}  // namespace tv::distance
