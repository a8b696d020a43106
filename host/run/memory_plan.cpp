// The memory plan (see memory_plan.hpp).
#include "host/run/memory_plan.hpp"

#include <algorithm>

#include "host/batch/config.hpp"
#include "host/checks/registry.hpp"
#include "host/units.hpp"
#include "kernels/core/memory.hpp"

namespace tv::host {

uint64_t estimate_memory(const graph_shape& shape, const std::vector<std::string>& checks,
                         const nlohmann::json& options, core::backend b,
                         const std::vector<check_spec>& catalog) {
  uint64_t peak = 0;
  for (const auto& spec : catalog) {
    if (!check_runs(spec.name, checks)) continue;
    const nlohmann::json own = options.is_object() && options.contains(spec.name)
                                   ? options[spec.name]
                                   : nlohmann::json::object();
    peak = std::max(peak, spec.memory_bytes ? spec.memory_bytes(shape, own, b) : graph_bytes(shape));
  }
  return peak;
}

std::string memory_refusal(const instance& inst, const std::vector<std::string>& checks,
                           const nlohmann::json& options, core::backend b,
                           const instance_limits& limits, const std::vector<check_spec>& catalog) {
  graph_shape shape = planned_shape(inst);
  uint64_t needed = estimate_memory(shape, checks, options, b, catalog);
  const core::memory_info mem = core::backend_memory(core::backend::cpu);
  const uint64_t room = core::budget_bytes(mem);  // the engines' own budget: a tenth kept back
  const uint64_t limit = limits.memory_bytes ? *limits.memory_bytes : ~uint64_t{0};
  std::string about = "about ";
  if ((needed > limit || needed > room) && !shape.arcs_exact) {
    // N · max degree overstates sparse families.  What the nodes alone need (no arc) is
    // a floor: over the limit, the instance is refused at once; otherwise the arcs are
    // counted (a pass over the labels, seconds where the nodes fit) before refusing.
    graph_shape no_arcs = shape;
    no_arcs.arcs = 0;
    const uint64_t floor = estimate_memory(no_arcs, checks, options, b, catalog);
    if (floor > limit || floor > room) {
      needed = floor;
      about = "at least ";
    } else {
      shape = counted_shape(inst, b);
      needed = estimate_memory(shape, checks, options, b, catalog);
    }
  }
  if (needed > limit)
    return "memory limit: needs " + about + format_bytes(static_cast<double>(needed)) + ", limit " +
           limits.memory_text;
  if (needed > room)
    return "too large for this machine: needs " + about + format_bytes(static_cast<double>(needed)) +
           "; this process may use " + format_bytes(static_cast<double>(room)) + " (" +
           mem.limited_by + ")";
  return "";
}

}  // namespace tv::host
