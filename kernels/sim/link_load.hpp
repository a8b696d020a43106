// Link loads under uniform all-to-all traffic: one route for every ordered pair (s, t),
// s != t, and for every directed link (an arc of the CSR graph) the number of routes
// through it.  Their maximum is the edge-forwarding index of the routing (per directed
// link), their sum the total length of the routes (issue 18 item 3; INRFlow reports the
// same figure by sampling).
//
// Two kinds of routes:
//  - a papers' routing algorithm (routing.hpp: pn_adaptive, pn_nonminimal, efc_unicast,
//    ecube), hop by hop with route_step(), the very rule the routing check runs, random
//    choices included (same seed, same routes).  A route that gets stuck is not routed and
//    loads no link.
//  - shortest paths with a fixed tie-break among the out-neighbours of x one step closer
//    to t: the one of lowest index (label order), or the (hash4(seed, x, t) mod count)-th
//    of them ("hashed", spreading routes as ECMP hashing does; lowest index funnels them
//    toward low labels).  The next hop depends only on (x, t), so the routes to one
//    target form a tree: a BFS from t over the in-arcs gives the distances, and each
//    node's subtree size (the sources whose routes pass through it) is the load it puts
//    on its next-hop arc.  Works on any graph, directed or read from a file; a pair with
//    no path is not routed.
//
// Both run on either backend with identical loads: one work item per source (routing) or
// per target (shortest paths), adding to the per-arc counters with atomics.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/families/family.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::sim {

/// The loads of one routing over every ordered pair.
struct link_loads {
  std::vector<uint64_t> per_arc;  // [a] = routes through arc a of the CSR (g.targets[a])
  uint64_t pairs = 0;             // ordered pairs s != t: N (N - 1)
  uint64_t routed = 0;            // pairs whose route reached its target
  uint64_t unrouted = 0;          // stuck (an algorithm) or without a path (shortest)
  uint64_t hops_sum = 0;          // total length of the routed routes = sum of per_arc
  std::optional<std::pair<uint64_t, uint64_t>> first_unrouted;  // smallest (s, t), ranks
};

/// How shortest paths choose among the next hops one step closer to the target.
enum class tie_break { lowest, hashed };

struct shortest_path_rule {
  tie_break tie = tie_break::lowest;
  uint64_t seed = 1;  // hashed only
};

/// @brief Loads of the shortest-path routing with the rule's tie-break on g.  Raises
/// core::too_large when the per-target scratch does not fit, core::interrupted on a stop.
/// On the CPU, targets run in bit-parallel batches where their memory fits
/// (link_load_batched.hpp), else one at a time as on the GPU: the same loads either way.
link_loads shortest_path_loads(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule = {},
                               const core::run_control& control = {});

/// @brief The loads of shortest_path_loads from every source toward the targets in
/// `toward` alone (distinct node indices below g.nodes; std::invalid_argument otherwise):
/// the same route for each such pair, so the loads toward all targets are the sum of
/// those toward the parts of any partition of them (a sample of targets estimates them:
/// host/checks/link_load_sample.hpp).  pairs is toward.size() (N - 1).
link_loads shortest_path_loads_toward(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                      const std::vector<uint32_t>& toward, const core::run_control& control = {});

/// The parts of a partition of some routers (targets or sources), each a list of
/// distinct node indices.
using unit_parts = std::vector<std::vector<uint32_t>>;

/// Receives the loads of part `part` of a unit_parts as soon as they are done.
using part_loads_sink = std::function<void(size_t part, link_loads&& loads)>;

/// @brief shortest_path_loads_toward of each part in turn, handed to `sink` part by part
/// (the same loads as a call per part): the graph goes to the backend once for all of
/// them, as a sample's batches want (host/checks/link_load_sample.hpp).  Progress counts
/// the targets of every part.
void shortest_path_loads_toward_parts(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                      const unit_parts& parts, const part_loads_sink& sink,
                                      const core::run_control& control = {});

/// @brief Peak bytes shortest_path_loads plans on backend b for a graph of `nodes` and
/// `arcs` (beside the graph itself): the batched kernel's where it fits, else the
/// per-target kernel's copy of the rows, the loads and its slots.
uint64_t shortest_path_loads_bytes(core::backend b, uint64_t nodes, uint64_t arcs, bool directed);

/// @brief Loads of routing algorithm p on family f, whose CSR is g (graph::build_csr(f)).
/// Raises std::invalid_argument when routing_unsupported() says so or g is not f's graph.
link_loads routing_loads(core::backend b, const families::family& f, const graph::csr_graph& g,
                         const routing_params& p, const core::run_control& control = {});

/// @brief The loads of routing_loads from the sources in `from` alone (distinct node
/// indices below g.nodes; std::invalid_argument otherwise) to every target: the same
/// routes, so the loads of the parts of a partition of the sources add up to the whole
/// (a sample of sources estimates them: host/checks/link_load_sample.hpp).  pairs is
/// from.size() (N - 1).
link_loads routing_loads_from(core::backend b, const families::family& f, const graph::csr_graph& g,
                              const routing_params& p, const std::vector<uint32_t>& from,
                              const core::run_control& control = {});

/// @brief routing_loads_from of each part of the sources in turn, handed to `sink` part by
/// part, the graph on the backend once for all of them (as
/// shortest_path_loads_toward_parts).
void routing_loads_from_parts(core::backend b, const families::family& f, const graph::csr_graph& g,
                              const routing_params& p, const unit_parts& parts, const part_loads_sink& sink,
                              const core::run_control& control = {});

/// What the records say about a set of loads.
struct link_load_summary {
  uint64_t links = 0;      // directed links: the arcs of the graph
  uint64_t load_sum = 0;
  double mean_load = 0;    // load_sum / links
  uint64_t max_load = 0;   // the edge-forwarding index of the routing
  uint64_t max_links = 0;  // links carrying max_load
  uint64_t max_from = 0, max_to = 0;  // node indices of the first such link (arc order)
  uint64_t bin_width = 1;             // histogram[i]: links with load in [i w, (i+1) w)
  std::vector<uint64_t> histogram;    // at most load_histogram_bins bins
};

/// Bins of the load histogram: the width is the least power of two that keeps to them.
constexpr uint64_t load_histogram_bins = 64;

/// The `link_load` check's default work bound, in ordered pairs (about 65,536 nodes' all
/// pairs): more, and it samples (host/checks/link_load_sample.hpp).  A comparison lowers
/// it above its all_pairs_up_to (host/batch/comparison.cpp).
constexpr uint64_t default_link_load_max_pairs = uint64_t{1} << 32;

/// @brief Maximum, mean, histogram and the most loaded link of per-arc loads on g.
link_load_summary summarize_loads(const graph::csr_graph& g, const std::vector<uint64_t>& per_arc);

namespace detail {
/// @brief The per-target kernel on backend b (one BFS and one tree per target): the
/// GPU's, and the CPU's where the batched kernel's memory does not fit.
link_loads per_target_shortest_loads(core::backend b, const graph::csr_graph& g, const shortest_path_rule& rule,
                                     const core::run_control& control = {},
                                     const std::vector<uint32_t>* toward = nullptr);

/// One backend's entry points (core/dispatch.hpp): defined in link_load_impl.inl,
/// instantiated by link_load_cpu.cpp and link_load_cuda.cu, called by link_load.cpp.
/// Each puts the graph on the backend once, then runs each part (every node as one part
/// when `parts` is null) and hands its loads to `sink`.
template <core::backend B>
struct link_load_backend {
  static void shortest(const graph::csr_graph& g, const shortest_path_rule& rule, uint64_t slots,
                       const core::run_control& control, const unit_parts* parts, const part_loads_sink& sink);
  static void routed(const families::family& f, const graph::csr_graph& g, const routing_params& p,
                     const core::run_control& control, const unit_parts* parts, const part_loads_sink& sink);
};
}  // namespace detail

}  // namespace tv::sim
