// A node order that keeps neighbours close (reverse Cuthill-McKee) and the graph
// relabelled in it.  The CPU all-pairs engine gathers its neighbours' frontier rows at
// every level: in this order they sit in nearby cache lines, and a batch of consecutive
// sources is a compact region whose searches reach each node within fewer levels
// (bench/RESULTS.md, 2026-11-27: graph_tool.collection's networks, 1.4-2.3x less CPU time).
// Host code only.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// @brief Reverse Cuthill-McKee order of an undirected graph: order[i] is the node placed
/// at position i.  Each connected component is searched breadth-first from its node of
/// largest degree (the smallest index among equals; not the classic pseudo-peripheral
/// start, locality_order.cpp says why), neighbours by increasing degree (then index);
/// each component's search is reversed, so its start comes last, and the components are
/// listed largest first (equal sizes: the one whose start has the smaller degree, then
/// the larger index, first, as reversing the concatenation of the searches in their
/// starts' order would).  Deterministic; O(arcs log degree).  With `component_starts`,
/// also where each component begins in the order, ascending, and the order's size last
/// (so component c is [starts[c], starts[c+1])).
std::vector<uint32_t> reverse_cuthill_mckee(const csr_graph& g,
                                            std::vector<uint64_t>* component_starts = nullptr);

/// @brief g with node order[i] renamed i (labels carried along, each row ascending).
csr_graph relabelled(const csr_graph& g, const std::vector<uint32_t>& order);

/// A graph relabelled in reverse Cuthill-McKee order: `graph`'s node i is the original
/// graph's node order[i]; its components are the consecutive ranges between
/// component_starts (largest first).
struct relabelling {
  std::vector<uint64_t> component_starts;  // declared first: the order's call fills it
  std::vector<uint32_t> order;
  csr_graph graph;
  explicit relabelling(const csr_graph& g)
      : order(reverse_cuthill_mckee(g, &component_starts)), graph(relabelled(g, order)) {}
};

}  // namespace tv::graph
