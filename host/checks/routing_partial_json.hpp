// A routing partial (kernels/sim/routing_partial.hpp) as JSON and back, with a format
// version, so a range run can be written by one process (a checkpoint, a rank) and merged
// by another.  Reading checks the version and the shape (the covered ranges sorted,
// disjoint and inside the sources; the pair count that of the covered sources, for an
// all-pairs run; a first stuck pair with its index) and refuses anything else in one line.
#pragma once
#include <nlohmann/json.hpp>

#include "kernels/sim/routing_partial.hpp"

namespace tv::host {

/// @brief The partial as JSON: `version` (1: a reader refuses any other), `identity`
/// ([name, value] pairs), `covered` ([begin, end] pairs) and every other field by name.
nlohmann::json routing_partial_to_json(const sim::routing_partial& p);
/// @brief The partial that JSON holds.  Raises input_error naming the problem for another
/// version, a missing or mistyped field, or an inconsistent shape.
sim::routing_partial routing_partial_from_json(const nlohmann::json& j);

}  // namespace tv::host
