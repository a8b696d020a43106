// The `fault_diameter` check: the largest diameter left after removing any 1 (or, with
// failures = 2, any 2) nodes, exact by orbits of the failed sets where they fit the
// budget of all-pairs runs, else a seeded sample labelled as one
// (kernels/distance/fault_diameter.hpp).
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The `fault_diameter` options, typed; what a key leaves out keeps its default.
struct fault_diameter_settings {
  int failures = 1;       // 1 or 2 nodes removed at once
  uint64_t budget = 64;   // all-pairs runs: exact by orbits within it, a sample of it beyond
  bool symmetry = true;   // classes of failed sets under proved automorphisms
  int words = 0;          // W of the all-pairs runs, as distances.words
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed or out-of-range value.
fault_diameter_settings parse_fault_diameter_options(const nlohmann::json& options);

/// @brief parse_fault_diameter_options, result unused: the check's validate_options.
void validate_fault_diameter_options(const nlohmann::json& options);

/// @brief The instance has more nodes than failures (N from the family's counting
/// formula, without enumerating); input_error otherwise.
void validate_fault_diameter_for_instance(const nlohmann::json& options, const instance& inst);

/// @brief Host bytes of `fault_diameter`: the graph, the graph left by a failed set, and
/// an all-pairs run on it (as `distances` at the same W).
uint64_t fault_diameter_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `fault_diameter` object to the record.
void run_fault_diameter(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
