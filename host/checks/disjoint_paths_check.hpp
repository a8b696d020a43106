// The `disjoint_paths` check (issue 36, item 3, path diversity's second measure): how
// many edge-disjoint paths join pairs of routers (kernels/graph/edge_disjoint_paths.hpp),
// over every unordered pair up to a work bound and over a seeded sample of pairs above
// it; the record says which (docs/checks.md, "Disjoint paths check").  CPU only.
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// The options, typed.
struct disjoint_path_settings {
  uint64_t pairs = 0;  // 0: every pair up to exact_max_work, else a sample of sample_pairs
  uint64_t exact_max_work = uint64_t{4} << 30;  // pairs x (mean degree + 1) x (N + arcs)
  uint64_t sample_pairs = 256;
};

/// @brief The settings the options ask for; input_error naming the first bad option.
disjoint_path_settings parse_disjoint_path_options(const nlohmann::json& options);

/// How many pairs a sample draws (0: every pair runs, streamed, none stored), and the work
/// bound that decided it, pairs x (mean degree + 1) x (N + arcs) over every pair: from N
/// and the arcs alone, so that the memory estimate and the ETA's work model see the
/// sample before the graph is built.
struct disjoint_path_pairs {
  uint64_t sampled = 0;
  double work = 0;
};

/// @brief The pairs the check runs on N routers and `arcs` arcs: every one within
/// exact_max_work and no `pairs` asked for (or a sample of all of them or more), else a
/// sample of `pairs` or of sample_pairs.
disjoint_path_pairs disjoint_path_sample(uint64_t n, uint64_t arcs, const disjoint_path_settings& s);

/// @brief Host bytes: the graph, one flow network (about 40 bytes per arc) per thread and
/// the sampled pairs, if the options ask for a sample (every pair is never stored).
uint64_t disjoint_path_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `edge_disjoint_paths` object to the record.
void run_disjoint_paths(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
