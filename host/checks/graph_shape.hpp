// An instance's graph as the memory plan sees it before building it: N and the arc count
// from the family's counting formulas (kernels/families/arc_count.hpp), without
// enumerating a label, and the type of a check's memory estimate over that shape.  Below
// check.hpp, so a check can declare its estimate; the plan itself (memory_plan.hpp) sits
// above the registry, since it asks which checks run.
#pragma once
#include <cstdint>
#include <functional>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/core/backend.hpp"

namespace tv::host {

/// What the plan knows of an instance's graph before building it.
struct graph_shape {
  uint64_t nodes = 0;
  uint64_t arcs = 0;        // out-arcs summed over nodes (undirected: twice the edges)
  bool directed = false;
  bool arcs_exact = true;   // false: arcs is the bound N · max degree
  // A graph of one's own (a file's, Python's, an architects' family): numbered by no
  // label, so all pairs relabels it for locality, a second copy (distance_checks.cpp).
  bool own_numbering = false;
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

}  // namespace tv::host
