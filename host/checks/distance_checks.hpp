// The `distances` (all pairs) and `diameter` (big-graph mode) checks.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "host/checks.hpp"

namespace tv::host {

/// Options: words (W), hamming (default: true for Hamming-edge families), per_node
/// ("csv" or "bin": write eccentricity and distance sum per node to output_dir),
/// symmetry (default true: one BFS source per orbit of the label-map automorphisms).
void run_distances(check_context& ctx, nlohmann::ordered_json& record);

/// The `distances` options, typed; what a key leaves out keeps its default.
struct distances_settings {
  int words = 0;                  // W: 0 (automatic) or a power of two up to 64
  std::optional<bool> hamming;    // default: the family has Hamming edges
  std::string per_node;           // "", "csv" or "bin"
  bool symmetry = true;
};

/// @brief The settings the options ask for; input_error naming the first unknown option
/// or ill-typed or out-of-range value.
distances_settings parse_distances_options(const nlohmann::json& options);

/// @brief parse_distances_options, result unused: the check's validate_options.
void validate_distances_options(const nlohmann::json& options);

/// Exact diameter by iFUB on undirected graphs; all pairs on directed ones.
void run_diameter(check_context& ctx, nlohmann::ordered_json& record);

/// @brief A label as a bit string of the family's width ("0101").
std::string label_bits(uint64_t label, int width);

}  // namespace tv::host
