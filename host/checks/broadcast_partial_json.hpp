// A broadcast partial (kernels/sim/broadcast_partial.hpp) as JSON and back, with a format
// version, so a range run can be written by one process (a checkpoint, a rank) and merged
// by another.  Reading checks the version and the shape (the covered ranges sorted,
// disjoint, inside the source order and adding up to `sources`; the per-source rounds and
// the link loads of the sizes the identity implies) and refuses anything else in one line.
#pragma once
#include <nlohmann/json.hpp>

#include "kernels/sim/broadcast_partial.hpp"

namespace tv::host {

/// @brief The partial as JSON: `version` (1: a reader refuses any other), `identity`
/// ([name, value] pairs), `covered` ([begin, end] pairs) and every other field by name.
nlohmann::json broadcast_partial_to_json(const sim::broadcast_partial& p);
/// @brief The partial that JSON holds.  Raises input_error naming the problem for another
/// version, a missing or mistyped field, or an inconsistent shape.
sim::broadcast_partial broadcast_partial_from_json(const nlohmann::json& j);

}  // namespace tv::host
