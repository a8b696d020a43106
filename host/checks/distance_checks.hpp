// The `distances` (all pairs) and `diameter` (big-graph mode) checks.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// Options: words (W), hamming (default: true for Hamming-edge families), per_node
/// ("csv" or "bin": write eccentricity and distance sum per node to output_dir: a run's
/// output folder, beside its records; the working directory for `info` and `check`; the
/// record's `per_node_file` is the name within that folder),
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

/// @brief Host bytes of `distances`: the graph, the engine's rows at the W asked for (at
/// least 1: the engine lowers an automatic W until it fits) and the per-node results.  On
/// the cuda backend the rows live on the device, which the engine plans itself.
uint64_t distances_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// @brief Host bytes of `diameter`: all pairs at W = 1 on directed graphs (those not
/// strongly connected need it); on undirected ones the graph, the search's per-node
/// arrays, and a 64-source engine.
uint64_t diameter_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Exact diameter and radius by eccentricity bounds (kernels/distance/exact_diameter.inl),
/// with a witness pair; all pairs on a directed graph that is not strongly connected.
void run_diameter(check_context& ctx, nlohmann::ordered_json& record);


}  // namespace tv::host
