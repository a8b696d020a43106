// The `bisection` check: the bisection width of an instance's graph, as an upper bound
// by the best balanced cut along label coordinates or by METIS's multilevel partition
// (kernels/graph/bisection_metis.hpp), whichever is less, and, on small graphs, exact by
// enumerating every balanced split (kernels/graph/bisection.hpp), each labelled as what
// it is.  CPU only, whatever the backend.
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The `bisection` options, typed; what a key leaves out keeps its default.
struct bisection_settings {
  uint64_t exact_max_nodes = 24;  // N up to this: exact too (0: never; at most 30)
  bool multilevel = true;         // METIS's multilevel bound too, where the build has METIS
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed or out-of-range value.
bisection_settings parse_bisection_options(const nlohmann::json& options);

/// @brief parse_bisection_options, result unused: the check's validate_options.
void validate_bisection_options(const nlohmann::json& options);

/// @brief Host bytes of `bisection`: the graph, a key, a sort copy and a side per node.
uint64_t bisection_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `bisection` object to the record.
void run_bisection(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
