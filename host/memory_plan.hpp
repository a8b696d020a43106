// The memory plan: before any work on an instance, the bytes its checks will need —
// from N and the arc count that the family's counting formulas give, without enumerating
// a label — against the least of what this process may allocate (free memory, the
// cgroup's memory.max / memory.high, ulimit -v / -d) and the batch's `limits.memory`.
// An instance that cannot fit is refused in milliseconds with both figures, instead of
// failing in std::bad_alloc after minutes of work.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/core/backend.hpp"

namespace tv::host {

struct check_spec;
struct instance_limits;

/// What the plan knows of an instance's graph before building it.
struct graph_shape {
  uint64_t nodes = 0;
  uint64_t arcs = 0;        // out-arcs summed over nodes (undirected: twice the edges)
  bool directed = false;
  bool arcs_exact = true;   // false: arcs is the bound N · max degree
};

/// @brief N and the arcs from closed forms (kernels/families/arc_count.hpp), else the
/// bound N · max degree; milliseconds at any size.
graph_shape planned_shape(const instance& inst);

/// @brief The same with the arcs counted over the labels on `b` (no per-node array: a
/// pass of seconds at 10^8 nodes), for families without a closed form.
graph_shape counted_shape(const instance& inst, core::backend b);

/// @brief Bytes of the CSR graph, labels included, on the host.
uint64_t graph_bytes(const graph_shape& shape);

/// A check's estimate of its peak host bytes (the graph included when it builds one).
using memory_estimate =
    std::function<uint64_t(const graph_shape&, const nlohmann::json& options, core::backend)>;

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
