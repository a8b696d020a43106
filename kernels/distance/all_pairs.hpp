// Exact distance statistics over all ordered pairs of a materialized network, by
// bit-parallel multi-source BFS (ARCHITECTURE.md, the distance row), on either backend
// from one source; and the exact diameter of graphs too large for all pairs.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/core/source_range.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph {
struct label_orbits;  // graph/symmetry.hpp
struct relabelling;   // graph/locality_order.hpp
}

namespace tv::distance {

inline constexpr uint32_t unreachable = 0xFFFFFFFFu;

/// @brief Distances (arcs followed forward) from node `source` to every node;
/// `unreachable` where there is no path.
std::vector<uint32_t> bfs(core::backend b, const graph::csr_graph& g, uint32_t source);

struct hamming_counterexample {
  uint32_t source = 0, target = 0;  // node indices
  uint32_t distance = 0;            // graph distance (unreachable if none)
  uint32_t hamming = 0;             // Hamming distance of the labels
};

/// One worker's engine kept between the ranges it runs (all_pairs_options::engines):
/// allocating and first touching the engine's arrays costs 60 ms at DDB(18) with W = 16,
/// two batches' work, on every range otherwise.  Not shared between threads.
struct engine_cache {
  struct entry {
    virtual ~entry() = default;
  };
  std::unique_ptr<entry> kept;  // all_pairs_run.inl's kept_engine<Exec>
};

struct all_pairs_options {
  int words = 0;                 // W (sources per batch = 64 W); 0 = chosen from free memory
  uint64_t source_begin = 0;     // all_pairs: run sources [source_begin, source_end) only
  uint64_t source_end = ~uint64_t{0};  // (run_all_pairs_range takes its range instead)
  bool hamming = false;          // decide "every distance equals the Hamming distance"
                                 // (undirected; all_pairs: every source, no range)
  bool per_node = false;         // fill eccentricity and distance_sum per node
  /// Run one source per orbit of the automorphisms found among simple label maps
  /// (graph::find_label_orbits) and weight it by its orbit's size: exact, since distances
  /// are invariant under automorphisms.  all_pairs uses it only when it runs every source;
  /// run_all_pairs_range's ranges are then over the orbits' representatives.
  bool symmetry = true;
  /// On a bipartite graph, list each class of sources colour by colour (graph/
  /// bipartite.hpp), so that most batches hold one colour and the CPU kernel passes over
  /// half the nodes at each level.  all_pairs turns it off for a source range, which is
  /// in node order; run_all_pairs_range's ranges are over the order it gives.
  bool colour_order = true;
  /// Level kernel: automatic (node kernel on the CPU; on the GPU the warp kernel when
  /// W = 32, else the word kernel), or forced (tests run every kernel on every backend
  /// that has it; the CPU has no warp kernel and runs its twin, the node kernel).
  enum class kernel { automatic, node, word, warp } level_kernel = kernel::automatic;
  core::run_control control;     // progress (sources done / total) and stop requests
  /// W of the whole run, from plan_all_pairs (all_pairs_partial.hpp); 0 = none.  Ranges
  /// cut at the plan's batch starts and run with it batch their sources as the one call
  /// does, whatever memory each process has free, so a split run's record equals one call's.
  int plan_words = 0;
  /// The orbits plan_all_pairs found (all_pairs_plan::orbits): a range run with them
  /// reuses them instead of searching again.  Null: searched when symmetry asks.
  std::shared_ptr<const graph::label_orbits> known_orbits;
  /// The two-colouring plan_all_pairs found (all_pairs_plan::colouring; empty when the
  /// graph is not bipartite): a range run with it does not search the graph again.
  std::shared_ptr<const std::vector<uint8_t>> known_colouring;
  /// Run an undirected graph relabelled in reverse Cuthill-McKee order (graph/
  /// locality_order.hpp), its sources in that order, where no orbits are in use and no
  /// Hamming verdict is asked for: the same statistics, in less time on graphs whose node
  /// numbering says nothing of their shape (a network of one's own; the host sets it for
  /// those).  all_pairs turns it off for a source range, which is in node order.
  bool locality_order = false;
  /// The relabelling plan_all_pairs made (all_pairs_plan::relabelling; null when none):
  /// a range run with it does not make it again.
  std::shared_ptr<const graph::relabelling> known_relabelling;
  /// When set, range runs reuse the engine kept here for the same graph, W and kernel.
  std::shared_ptr<engine_cache> engines;
  /// Whether a partial's identity carries the graph's checksum, which only merging
  /// partials of separate calls compares; all_pairs over every source in one call, whose
  /// partial is finished at once, leaves it out (an FNV-1a pass over every arc).
  bool graph_checksum = true;
};

struct all_pairs_result {
  uint64_t nodes = 0;
  uint64_t sources = 0;                  // sources whose distances the statistics cover
  uint32_t diameter = 0;                 // largest finite eccentricity
  uint32_t radius = 0;                   // smallest eccentricity (over processed sources)
  std::vector<uint64_t> distance_counts; // [d] = ordered pairs (s, t) at distance d; [0] = sources
  uint64_t unreachable_pairs = 0;        // ordered pairs with no path
  std::vector<uint64_t> eccentricity_histogram;  // [e] = sources of eccentricity e
  uint64_t distance_sum = 0;             // sum over ordered reachable pairs of d
  // Hamming check (when requested and the family has Hamming-1 edges):
  std::optional<bool> hamming_paths;
  std::optional<hamming_counterexample> counterexample;  // first failing pair, if any
  // Per node (when per_node): eccentricity (largest finite distance from the node) and
  // the sum of its finite distances to the run's sources.
  std::vector<uint32_t> eccentricity;
  std::vector<uint64_t> per_node_distance_sum;
  // How the run was made.
  std::vector<std::string> automorphisms;  // label maps used (symmetry), empty if none
  uint64_t orbits = 0;                     // orbits of their group (= nodes when none)
  uint64_t sources_run = 0;                // BFS sources actually run (one per orbit)
  int words = 0;
  uint64_t batches = 0;
  // [d] = seconds spent computing level d, summed over batches; each batch's last level
  // (the pass that finds nothing new) included.  Levels end with a host read of their
  // count on both backends, so these are wall times of finished work; bench/ uses them
  // for per-level throughput and the GPU bandwidth bound.
  std::vector<double> level_seconds;

  /// Wiener index: unordered pairs for undirected graphs (distance_sum / 2), ordered for directed.
  uint64_t wiener(bool directed) const { return directed ? distance_sum : distance_sum / 2; }
  double average_distance() const;
};

/// @brief All-pairs statistics of g: run_all_pairs_range over every source, then finish
/// (all_pairs_partial.hpp); over opt's source range alone, without symmetry, when it is
/// not every source.  Raises graph::graph_too_large (with the memory
/// needed) when even one word per node does not fit, core::interrupted on a stop request.
all_pairs_result all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt);

struct diameter_result {
  uint32_t diameter = 0;       // largest finite eccentricity (as all_pairs_result)
  uint32_t radius = 0;         // smallest finite (out-)eccentricity (as all_pairs_result)
  bool connected = true;       // every node reaches every node
  uint64_t bfs_runs = 0;       // BFS traversals used (one per direction, a batch's each)
  uint64_t single_bfs = 0;     // of them, run one source at a time (bounds updated)
  uint64_t batched_bfs = 0;    // of them, run 64 at a time (exact eccentricities only)
  uint64_t orbits = 0;         // orbits the search ran over (= nodes without symmetry)
  std::vector<std::string> automorphisms;  // label maps proved and used, if any
  uint32_t lower_bound = 0, upper_bound = 0;                // the diameter's
  uint32_t radius_lower_bound = 0, radius_upper_bound = 0;  // the radius's
  std::string method;          // "bounds", "bounds + MS-BFS", "one orbit", ...
  bool exact = true;           // false: stopped at max_bfs (bounds so far), or a directed
                               // graph that is not strongly connected (needs all pairs)
  // A witness of the diameter: d(witness_source, witness_target) = diameter (forward for
  // a directed graph); and a node whose eccentricity is the radius.
  uint32_t witness_source = 0, witness_target = 0;
  uint32_t center = 0;
  // Through a line digraph's root (line_digraph_diameter.hpp): how many times the graph
  // was reduced, and the nodes of the graph searched in the end; 0 and 0 when not.
  uint32_t line_digraph_levels = 0;
  uint64_t root_nodes = 0;
};

/// How exact_diameter searches; the defaults are what the checks use, the rest is for tests.
struct diameter_options {
  uint64_t max_bfs = 0;        // > 0: stop before a step would pass that many BFS
  bool symmetry = true;        // orbits of proved label maps (regular graphs first)
  /// Single-source BFS while each round removes at least this many candidates per BFS,
  /// MS-BFS batches after; 0 = batches from the second round on (tests).
  uint32_t min_gain_per_bfs = 4;
  bool level_bfs = false;      // the device's level-by-level BFS on the CPU too (tests)
  bool hybrid_bfs = false;     // the CPU's direction-optimizing BFS at any size (tests)
  bool line_digraph = true;    // a line digraph through its root (tests turn it off)
};

/// @brief Exact diameter and radius without all pairs: BFS from chosen nodes while lower
/// and upper eccentricity bounds of every node close (Takes and Kosters; SumSweep's
/// choice of nodes), forward and backward bounds for a directed graph, over orbits of
/// proved label maps (a vertex-transitive graph needs one BFS); 64-source MS-BFS batches
/// finish the candidates left when the bounds stop closing (graphs whose eccentricities
/// are all equal).  Also a witness pair for the diameter.  A directed graph that is not
/// strongly connected comes back with `connected` and `exact` false and only the first
/// BFS done: its finite distances need all pairs.
diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control = {}, uint64_t max_bfs = 0);
diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, const diameter_options& opt);

/// @brief The device's level-by-level BFS, on either backend (bfs on the cpu backend
/// uses a queue instead): for tests.
std::vector<uint32_t> bfs_by_levels(core::backend b, const graph::csr_graph& g, uint32_t source);

struct all_pairs_partial;  // all_pairs_partial.hpp: a run over a range of sources
using core::source_range;
struct all_pairs_plan;

namespace detail {
/// One backend's entry points (core/dispatch.hpp): defined in all_pairs_impl.inl,
/// instantiated by all_pairs_cpu.cpp and all_pairs_cuda.cu, called by all_pairs.cpp; use
/// the functions above instead.
template <core::backend B>
struct all_pairs_backend {
  static std::vector<uint32_t> bfs(const graph::csr_graph& g, uint32_t source);
  static std::vector<uint32_t> bfs_by_levels(const graph::csr_graph& g, uint32_t source);
  static all_pairs_partial all_pairs_range(const graph::csr_graph& g, const all_pairs_options& opt,
                                           source_range range);
  static all_pairs_plan plan(const graph::csr_graph& g, const all_pairs_options& opt);
  static diameter_result exact_diameter(const graph::csr_graph& g,
                                        const core::run_control& control,
                                        const diameter_options& opt);
};
}  // namespace detail

}  // namespace tv::distance
