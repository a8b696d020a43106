// What an all-pairs run over a range of sources has found, in a form that merges: runs
// over disjoint ranges, merged in any order and finished once every source is in, give
// the one-call result bit for bit (issue 16 item 1).  Every field combines by a sum, a
// maximum, a minimum or "first in source order"; the per-node arrays are kept as the
// engine leaves them (sums and maxima over the range's sources, orbit weights applied)
// and turned into eccentricities, the histogram and the Hamming verdict by finish().
// The JSON form is host's (host/checks/all_pairs_partial_json.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"

namespace tv::distance {

/// Sources [begin, end) of the run's fixed order (kernels/core/source_range.hpp): node
/// indices, or with symmetry the orbit representatives in the order all_pairs_run.inl
/// lists them; every_source for the whole order, whatever its size (which depends on the
/// orbits found).
using core::every_source;

/// What must agree for two partials to merge: the graph (sizes, a checksum of its labels
/// and arcs) and every option that changes the statistics.
struct all_pairs_identity {
  uint64_t nodes = 0, arcs = 0;
  bool directed = false;
  uint64_t checksum = 0;       // FNV-1a over the labels and the arcs' targets (0 when
                               // all_pairs_options::graph_checksum is off)
  bool symmetry = false;       // orbits in use (asked for and found)
  bool hamming = false;        // the Hamming check in force (asked for, undirected)
  bool per_node = false;
  uint64_t order_size = 0;     // sources in the fixed order: nodes, or orbits
  bool by_colour = false;      // each class listed colour by colour (a bipartite graph's)
  bool locality = false;       // the graph relabelled, sources in that order (all_pairs_options::locality_order)
};

struct all_pairs_partial {
  all_pairs_identity identity;
  std::vector<source_range> covered;       // sorted, disjoint, adjacent ones joined
  // Sums over the covered sources, each source weighted by its orbit's size.
  uint64_t sources = 0;                    // weighted sources (n once complete)
  std::vector<uint64_t> distance_counts;   // [d], weighted
  // Per node v, over the covered sources s (weighted): max d(v, s), sum d(v, s), and how
  // many s reach v.  Empty while nothing is covered.
  std::vector<uint32_t> last;
  std::vector<uint64_t> dsum, reach;
  // The smallest node in a failing Hamming pair that the covered sources show, with its
  // first failing partner (from a BFS over every target): the minimum over ranges is the
  // one-call counterexample (all_pairs_run.inl says why).
  std::optional<hamming_counterexample> hamming_candidate;
  // Symmetry: the proved label maps and each node's orbit (its smallest node).
  std::vector<std::string> automorphisms;
  uint64_t orbits = 0;
  std::vector<uint32_t> orbit_rep;
  // How the runs were made: summed (batches, sources run, level seconds), largest W.
  uint64_t sources_run = 0;
  int words = 0;
  uint64_t batches = 0;
  std::vector<double> level_seconds;

  /// @brief Whether every source of the fixed order is covered.
  bool complete() const;
};

/// How a run over every source batches its fixed order: the W it picks and where each
/// batch starts.  Ranges cut at batch starts and run with opt.plan_words = words run the
/// one call's batches, so a run split over processes or checkpoints reports the same
/// batches and W as one call.
struct all_pairs_plan {
  all_pairs_identity identity;
  int words = 0;
  std::vector<uint64_t> batch_starts;  // ascending, from 0; identity.order_size ends the last
  std::shared_ptr<const graph::label_orbits> orbits;  // found (null without symmetry): opt.known_orbits
  std::shared_ptr<const std::vector<uint8_t>> colouring;  // graph::two_colouring: opt.known_colouring
  std::shared_ptr<const graph::relabelling> relabelling;  // null unless identity.locality: opt.known_relabelling
};

/// @brief The plan of a run of g under opt on backend b (finds the orbits when opt asks;
/// raises graph::graph_too_large when even W = 1 does not fit).
all_pairs_plan plan_all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt);

/// @brief The identity of g under opt (orbits found when opt.symmetry asks for them;
/// by_colour when the order lists sources colour by colour, graph/bipartite.hpp).
all_pairs_identity identity_of(const graph::csr_graph& g, const all_pairs_options& opt,
                               uint64_t orbits, bool by_colour);

/// @brief Runs the sources `range` of the fixed order (opt.source_begin/end are
/// ignored; every_source for all of them; the partial's identity.order_size says how
/// many there are).  Raises std::invalid_argument when the range leaves the order.
all_pairs_partial run_all_pairs_range(core::backend b, const graph::csr_graph& g,
                                      const all_pairs_options& opt, source_range range);

/// @brief The two partials as one, built in `a` (taken by value: merging into an rvalue
/// reuses its per-node arrays).  Raises std::invalid_argument, naming the difference, for
/// partials of different graphs or options or with overlapping sources.
all_pairs_partial merge(all_pairs_partial a, const all_pairs_partial& b);

/// @brief The statistics of a complete partial (taken by value: a partial passed as an
/// rvalue lends its per-node arrays, not a copy).  Raises std::invalid_argument, naming
/// the first missing sources, when some are not covered.
all_pairs_result finish(all_pairs_partial p);

/// @brief The statistics of the covered sources alone, complete or not (all_pairs over
/// a source range without symmetry): finish() without its coverage check.
all_pairs_result summarize(all_pairs_partial p);

}  // namespace tv::distance
