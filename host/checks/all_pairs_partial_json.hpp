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

/// @brief all_pairs_partial_to_json without the per-node arrays (`last`, `dsum`, `reach`,
/// `orbit_rep`), for a writer that stores them as bytes (the byte form).
nlohmann::json all_pairs_partial_fields_to_json(const distance::all_pairs_partial& p);
/// @brief all_pairs_partial_from_json without the per-node arrays and the shape check, for
/// a reader that fills those arrays from elsewhere (the byte form) and then checks the shape.
distance::all_pairs_partial all_pairs_partial_fields_from_json(const nlohmann::json& j);
/// @brief Raises input_error unless every per-node array has the graph's size and the
/// orbits name nodes of the graph (the covered ranges are checked as they are read).
void check_all_pairs_partial_shape(const distance::all_pairs_partial& p);

}  // namespace tv::host
