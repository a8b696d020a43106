// An all-pairs partial (kernels/distance/all_pairs_partial.hpp) as JSON and back, with a
// format version, so a range run can be written by one process (a checkpoint, a rank)
// and merged by another.  Reading checks the version and the shape (every per-node array
// of the graph's size, the covered ranges sorted, disjoint and inside the source order)
// and refuses anything else in one line.
#pragma once
#include <nlohmann/json.hpp>

#include "kernels/distance/all_pairs_partial.hpp"

namespace tv::host {

/// @brief The partial as JSON: `version` (1: a reader refuses any other), `identity`,
/// `covered` ([begin, end) pairs), the per-node arrays and every other field by name.
nlohmann::json all_pairs_partial_to_json(const distance::all_pairs_partial& p);
/// @brief The partial that JSON holds.  Raises input_error naming the problem for another
/// version, a missing or mistyped field, or an inconsistent shape.
distance::all_pairs_partial all_pairs_partial_from_json(const nlohmann::json& j);

}  // namespace tv::host
