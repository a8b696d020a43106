// The `connectivity` check: exact vertex and edge connectivity of an instance's graph
// (strong ones for a directed network) by maximum flow over a proved set of pairs, with
// a minimum separating set of each as witness (kernels/graph/connectivity.hpp).  CPU
// only, whatever the backend.
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The `connectivity` options, typed; what a key leaves out keeps its default.
struct connectivity_settings {
  bool symmetry = true;  // proved automorphisms skip equivalent pairs
  uint64_t max_flows = 100000;  // more flows planned: the record says so and none runs
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed value.
connectivity_settings parse_connectivity_options(const nlohmann::json& options);

/// @brief parse_connectivity_options, result unused: the check's validate_options.
void validate_connectivity_options(const nlohmann::json& options);

/// @brief Host bytes of `connectivity`: the graph and its node-split flow network.
uint64_t connectivity_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `connectivity` object to the record.
void run_connectivity(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
