// The `paths` and `endpoints` checks (issue 36, items 2 and 3): shortest-path diversity
// between routers, and the distance distribution between endpoints, both from one BFS
// per source router that counts shortest paths (kernels/distance/shortest_path_counts.hpp).
// Exact from every router up to a work bound, a seeded sample of source routers above
// it; the record says which (docs/checks.md, "Paths and endpoints").  A network of the
// other families has one endpoint per node.  CPU only, whatever the backend.
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The options both checks take, typed.
struct path_count_settings {
  uint64_t sources = 0;  // 0: every router up to exact_max_work, else a sample of sample_sources
  uint64_t exact_max_work = uint64_t{4} << 30;  // N (N + arcs) up to this: every router
  uint64_t sample_sources = 256;
};

/// @brief The settings the options ask for; input_error naming the first bad option.
path_count_settings parse_path_count_options(const std::string& check, const nlohmann::json& options);

/// @brief How many source routers the checks run from on N routers and `arcs` arcs: 0 for
/// every router (N (N + arcs) within exact_max_work and no `sources` asked for, or a
/// sample of N or more), else the sample's size.  The ETA's work model charges the same.
uint64_t path_count_sample(uint64_t n, uint64_t arcs, const path_count_settings& s);

/// @brief Host bytes of either check: the graph and a distance, count and queue per node
/// for each CPU thread.
uint64_t path_count_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `path_diversity` object to the record.
void run_paths(check_context& ctx, nlohmann::ordered_json& record);

/// Adds the `endpoints` object to the record.
void run_endpoints(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
