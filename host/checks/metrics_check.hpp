// The `metrics` check: what architects compare topologies by, from exact all-pairs
// statistics (kernels/distance/distance_metrics.hpp): the effective diameter at chosen
// percentiles, plain and interpolated as SNAP and KONECT report it, and N against the
// Moore bound for the graph's maximum degree and diameter.
#pragma once
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The `metrics` options, typed; what a key leaves out keeps its default.
struct metrics_settings {
  std::vector<int> percentiles = {50, 90};  // each 1..100, distinct, ascending in the record
  int words = 0;  // W of the all-pairs run: 0 (automatic) or a power of two up to 64
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed or out-of-range value.
metrics_settings parse_metrics_options(const nlohmann::json& options);

/// @brief parse_metrics_options, result unused: the check's validate_options.
void validate_metrics_options(const nlohmann::json& options);

/// @brief Host bytes of `metrics`: those of `distances` at the same W (it runs all pairs
/// unless `distances` ran first).
uint64_t metrics_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `metrics` object to the record.  Reuses the distance distribution and diameter
/// that `distances` put in the record when it ran on the instance (it runs first), else
/// runs all pairs itself.
void run_metrics(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
