// What a broadcast run over a range of its sources has found, in a form that merges:
// runs over disjoint ranges, merged in any order and finished once every source is in,
// give broadcast()'s result bit for bit (issue 16 item 1); broadcast() itself is
// run_broadcast_range over every source, then finish.
//
// The range is over the run's fixed source order, the engine's bit order: the options'
// sources (every node when empty) sorted by pre-order of the spanning tree for the tree
// schemes (up_down, via_root), by rank otherwise.  Every field combines by a sum, a
// maximum, a minimum or "the one range that has it": counts and the per-round series
// are sums (the informed series is kept per round and made cumulative by finish), the
// rounds are extremes, the first incomplete source is the smallest rank over ranges,
// the per-source rounds sit at their own positions, the trace comes from the range that
// holds its one source, and the all-to-all's link loads are kept per iteration and node
// (their extremes over nodes are taken by finish).  `words` (largest W) and `batches`
// (summed) say how the runs were made; they equal broadcast()'s for a single range.
// The JSON form is host's (host/checks/broadcast_partial_json.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/core/source_range.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/partial_identity.hpp"

namespace tv::sim {

using core::every_source;
using core::source_range;

struct broadcast_partial {
  // The family, the graph, the scheme and resolved tree mode, the options that change the
  // result, and the source order: its size ("sources") and a checksum of it.
  run_identity identity;
  std::vector<source_range> covered;  // sorted, disjoint, adjacent ones joined
  uint64_t sources = 0;               // covered sources
  uint32_t rounds_max = 0;
  uint32_t rounds_min = ~0u;          // ~0u while nothing is covered
  uint32_t active_rounds = 0;
  uint64_t messages = 0, duplicates = 0, unreached = 0, incomplete_sources = 0;
  std::optional<uint64_t> first_incomplete_source;  // smallest rank over the covered sources
  std::vector<uint64_t> informed_per_round;         // [t] newly informed in round t (not summed up)
  std::vector<uint64_t> messages_per_round, duplicates_per_round;
  std::vector<uint32_t> rounds_per_source;  // per_source: every source's slot in the options'
                                            // order, 0 where not covered
  std::vector<std::vector<uint64_t>> trace; // trace: from the range holding the one source
  std::vector<uint64_t> link_loads;         // all-to-all: [iteration * N + node], summed
  int words = 0;
  uint64_t batches = 0;

  /// @brief The size of the run's source order.
  uint64_t order_size() const { return identity.get("sources"); }
  /// @brief Whether every source of the order is covered.
  bool complete() const { return core::covers_all(covered, order_size()); }
};

/// @brief Runs the sources `range` of the run's fixed order (every_source for all of
/// them).  Raises std::invalid_argument as broadcast() does, and when the range leaves
/// the order.
broadcast_partial run_broadcast_range(core::backend b, const families::family& f,
                                      const graph::csr_graph& g, const broadcast_options& opt,
                                      source_range range);

/// @brief The two partials as one, built in `a`.  Raises std::invalid_argument, naming the
/// difference, for partials of different runs or with overlapping sources.
broadcast_partial merge(broadcast_partial a, const broadcast_partial& b);

/// @brief broadcast()'s result from a complete partial.  Raises std::invalid_argument,
/// naming the first missing sources, when some are not covered.
broadcast_result finish(broadcast_partial p);

}  // namespace tv::sim
