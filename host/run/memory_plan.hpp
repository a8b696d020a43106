// The memory plan: before any work on an instance, the bytes its checks will need —
// from N and the arc count that the family's counting formulas give, without enumerating
// a label — against the least of what this process may allocate (free memory, the
// cgroup's memory.max / memory.high, ulimit -v / -d) and the batch's `limits.memory`.
// An instance that cannot fit is refused in milliseconds with both figures, instead of
// failing in std::bad_alloc after minutes of work.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/graph_shape.hpp"
#include "kernels/core/backend.hpp"

namespace tv::host {

struct check_spec;
struct instance_limits;

/// @brief Peak bytes of the checks on the instance: the largest of the checks' estimates,
/// since they run one after another and share the graph.  A check without an estimate is
/// taken to build the graph.  `options` is {check: {option: value}}.
uint64_t estimate_memory(const graph_shape& shape, const std::vector<std::string>& checks,
                         const nlohmann::json& options, core::backend b,
                         const std::vector<check_spec>& catalog);

/// @brief Why the instance cannot run in memory, or "" when it fits:
///   "memory limit: needs about 5.0 MiB, limit 4MiB"                    (limits.memory)
///   "too large for this machine: needs about 13.5 GiB; this process may use 3.6 GiB
///    (ulimit -v)"                                                       (the machine)
/// The machine's figure keeps a tenth of what is free back for everything else, as the
/// engines do.  Where the arcs are only bounded, the nodes alone give a floor ("needs at
/// least ..."); between the floor and the bound the arcs are counted before refusing.
std::string memory_refusal(const instance& inst, const std::vector<std::string>& checks,
                           const nlohmann::json& options, core::backend b,
                           const instance_limits& limits, const std::vector<check_spec>& catalog);

}  // namespace tv::host
