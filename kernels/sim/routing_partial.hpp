// What a routing run over a range of sources has found, in a form that merges: runs
// over disjoint ranges of source ranks, merged in any order and finished once every
// source is in, give route_all()'s result bit for bit (issue 16 item 1); route_all() is
// run_routing_range over every source, then finish.
//
// The range is over source ranks: sources [a, b) route to every other node, the pairs
// a (N-1) .. b (N-1) - 1 of the all-pairs order.  Counts, sums and histograms add up,
// the largest excess is a maximum, and the first stuck pair is the one with the smallest
// pair index (the smallest (source rank, target rank)) over the ranges.  A sampled run
// (sample_pairs > 0) draws its pairs' sources at random, so it has no source ranges: it
// is one call, and any range but every source is refused.
// The JSON form is host's (host/checks/routing_partial_json.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/core/source_range.hpp"
#include "kernels/sim/partial_identity.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::sim {

struct routing_partial {
  // The family, the rule and its parameters, the sample, and the number of sources.
  run_identity identity;
  std::vector<core::source_range> covered;  // sorted, disjoint, adjacent ones joined
  // What the covered sources' routes found, as route_all reports it but for the
  // histograms, which keep their empty top bins until finish.
  routing_result totals;
  std::optional<uint64_t> first_stuck_index;  // the pair index of totals.first_stuck

  /// @brief The number of sources of the run (N).
  uint64_t order_size() const { return identity.get("sources"); }
  /// @brief Whether every source is covered.
  bool complete() const { return core::covers_all(covered, order_size()); }
};

/// @brief Routes from the sources `range` (ranks; core::every_source for all of them) to
/// every other node.  Raises std::invalid_argument as route_all() does, when the range
/// leaves [0, N), and for a range other than every source of a sampled run.
routing_partial run_routing_range(core::backend b, const families::family& f,
                                  const routing_options& opt, core::source_range range);

/// @brief The two partials as one, built in `a`.  Raises std::invalid_argument, naming the
/// difference, for partials of different runs or with overlapping sources.
routing_partial merge(routing_partial a, const routing_partial& b);

/// @brief route_all()'s result from a complete partial.  Raises std::invalid_argument,
/// naming the first missing sources, when some are not covered.
routing_result finish(routing_partial p);

}  // namespace tv::sim
