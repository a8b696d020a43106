// Exact vertex and edge connectivity of a materialized network (strong connectivity for
// a directed one), by maximum flow (max_flow.hpp) over a set of node pairs proved to
// contain a pair that a minimum cut separates, made smaller by proved automorphisms
// (label_automorphisms.hpp); each with a minimum separating set as witness.  CPU only.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph {

struct connectivity_options {
  bool symmetry = true;       // use proved label-map automorphisms to skip equivalent pairs
  uint64_t max_flows = ~uint64_t{0};  // more planned than this: no flow runs (skipped)
  core::run_control control;  // progress (flows done / planned) and stop requests
};

/// One connectivity with its witness.
struct separating_set {
  uint32_t value = 0;
  /// The pair the set separates (no path from source to target once it is removed);
  /// absent (equal) where the value comes from no pair: a complete graph's n - 1 for
  /// vertices, and for edges the arcs of a node of least degree (they cut it off).
  uint32_t source = 0, target = 0;
  bool from_pair = false;
  std::vector<uint32_t> nodes;                        // vertex connectivity: the cut nodes
  std::vector<std::pair<uint32_t, uint32_t>> arcs;    // edge connectivity: the cut arcs
  uint64_t flows = 0;                                 // max-flow runs made
};

struct connectivity_result {
  separating_set vertex, edge;
  bool complete = false;                    // every node adjacent to every other
  /// The vertex pairs' set: "Even over orbits", "Esfahanian-Hakimi" or "complete graph".
  std::string vertex_method;
  std::vector<std::string> automorphisms;   // proved maps used ("flip bit 0", ...)
  uint64_t orbits = 0;                      // node orbits of their group (N without)
  uint64_t flows_planned = 0;               // at most the flows the pair sets need
  bool skipped = false;                     // flows_planned > max_flows: nothing computed
};

/// @brief Vertex and edge connectivity of g with minimum separating sets; raises
/// core::interrupted on a stop request.  A graph of one node has both 0.
connectivity_result connectivity(const csr_graph& g, const connectivity_options& opt = {});

}  // namespace tv::graph
