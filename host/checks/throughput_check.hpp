// The `throughput` check (issue 36, item 3): saturation throughput per endpoint under
// uniform traffic and two adversarial patterns (a shift, a seeded random permutation),
// from the link loads of minimal routing with each demand split evenly over its shortest
// paths, and of Valiant's routing through a random router
// (kernels/distance/split_link_loads.hpp).  Exact over every source router up to a work
// bound, above it estimated from a seeded sample of source routers with a 95% interval
// (throughput_sample.hpp); the record says which (docs/checks.md, "Throughput check").
// CPU only.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"
#include "host/checks/throughput_sample.hpp"

namespace tv::host {

/// The options, typed.
struct throughput_settings {
  std::vector<std::string> patterns{"uniform", "shift", "random_permutation"};
  std::vector<std::string> routings{"minimal", "valiant"};
  uint64_t shift = 0;                            // 0: the family's default (throughput_check.cpp)
  uint64_t exact_max_work = uint64_t{4} << 30;   // N (N + arcs) per pass up to this; else a sample
  uint64_t sources = 0;         // a sample of this many source routers whatever the size; 0: as above
  uint64_t sample_sources = 0;  // the sample above exact_max_work; 0: exact_max_work / (N + arcs), at least 64
};

/// @brief The settings the options ask for; input_error naming the first bad option.
throughput_settings parse_throughput_options(const nlohmann::json& options);

/// @brief The source routers the check runs from on N routers and `arcs` arcs: every one
/// (N (N + arcs) within exact_max_work and no `sources` asked for), else a sample of
/// `sources`, of sample_sources, or of what the bound allows (64 at least), drawn from
/// `seed` in batches (plan_throughput_sources).  The ETA's work model charges the same.
throughput_sources throughput_plan(uint64_t n, uint64_t arcs, const throughput_settings& s, uint64_t seed);

/// @brief Passes over the sources: one per pattern for minimal routing, two (Valiant's
/// phases) per pattern for valiant.
uint64_t throughput_passes(const throughput_settings& s);

/// @brief Refuses a shift of no use on this instance (a multiple of its endpoints).
void validate_throughput_for_instance(const nlohmann::json& options, const instance& inst);

/// @brief Host bytes: the graph, a load per arc and four values per router per thread,
/// and a sample's sums and squares per arc.
uint64_t throughput_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b);

/// Adds the `throughput` object to the record.
void run_throughput(check_context& ctx, nlohmann::ordered_json& record);

}  // namespace tv::host
