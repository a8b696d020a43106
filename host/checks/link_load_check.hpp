// The `link_load` check: under uniform all-to-all traffic, the routes through each
// directed link for every ordered pair, by a papers' routing algorithm or by shortest
// paths with the lowest-index tie-break (kernels/sim/link_load.hpp); the record gives
// the maximum (the routing's edge-forwarding index), the mean over links, a histogram and
// the most loaded link; above the work bound, shortest paths' mean and largest loads as
// 95% intervals from a seeded sample of targets, or of sources for a routing algorithm
// (link_load_sample.hpp).
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"
#include "host/checks/link_load_sample.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::host {

/// The `link_load` options, typed; what a key leaves out keeps its default.
struct link_load_settings {
  bool shortest_path = true;       // algorithm = "shortest_path"; else `rule`
  sim::routing_params rule;        // a routing algorithm with its choice, seed, spare_limit
  // shortest_path's tie-break, hashed by default: lowest index funnels routes toward low
  // labels, so its maximum says more about the tie-break than about the network.
  sim::shortest_path_rule shortest{sim::tie_break::hashed, 1};  // its seed: rule.seed
  // More ordered pairs: an estimate from a sample of targets (shortest paths) or of
  // sources (an algorithm) whose pairs are at most this many (link_load_sample.hpp).
  uint64_t max_pairs = sim::default_link_load_max_pairs;
  uint64_t sample_size = 0;     // sample_targets or sample_sources: instead of the bound's (0: the bound's)
  uint64_t sample_seed = 1;     // the seed that draws the sample
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed value, or an option the chosen routing does not take.  The check's
/// validate_options is this parser with its result unused; its validate_for_instance
/// adds that the algorithm runs on the instance's family (routing_unsupported), a
/// network read from a file taking shortest_path only.
link_load_settings parse_link_load_options(const nlohmann::json& options);
void validate_link_load_options(const nlohmann::json& options);
void validate_link_load_for_instance(const nlohmann::json& options, const instance& inst);

/// @brief The sample the check runs on N routers with these settings: units 0 when it
/// runs every target (or source), N (N - 1) within max_pairs and no sample size asked
/// for, or a sample of N or more.  The ETA's work model charges the same.
link_load_sample_plan link_load_plan(uint64_t n, const link_load_settings& s);

/// Adds the `link_load` object to the record; link_load_memory is its peak host bytes
/// (the graph, the run's copy of it and the per-arc loads, the shortest paths' per-target
/// scratch on the CPU).
void run_link_load(check_context& ctx, nlohmann::ordered_json& record);
uint64_t link_load_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

}  // namespace tv::host
