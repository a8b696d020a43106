// Isomorphism of two graphs under an explicit node mapping (see structure.hpp).
#include "host/claims/structure.hpp"

namespace tv::host::claims {

// ---- Isomorphism under an explicit mapping ----------------------------------------------

mapping_report check_mapped_isomorphism(const graph::csr_graph& a, const graph::csr_graph& b,
                                        const std::vector<uint64_t>& map) {
  mapping_report r;
  if (a.nodes != b.nodes) {
    r.problem = "the graphs have " + std::to_string(a.nodes) + " and " + std::to_string(b.nodes) +
                " nodes";
    return r;
  }
  if (map.size() != a.nodes) {
    r.problem = "the mapping has " + std::to_string(map.size()) + " entries for " +
                std::to_string(a.nodes) + " nodes";
    return r;
  }
  std::vector<uint64_t> inverse(b.nodes, no_node);
  for (uint64_t u = 0; u < a.nodes; ++u) {
    if (map[u] >= b.nodes) {
      r.problem = "node " + std::to_string(u) + " maps to no node";
      r.arc = std::make_pair(u, u);
      return r;
    }
    if (inverse[map[u]] != no_node) {
      r.problem = "nodes " + std::to_string(inverse[map[u]]) + " and " + std::to_string(u) +
                  " map to the same node";
      r.arc = std::make_pair(inverse[map[u]], u);
      return r;
    }
    inverse[map[u]] = u;
  }
  for (uint64_t u = 0; u < a.nodes; ++u)
    for (uint64_t e = a.offsets[u]; e < a.offsets[u + 1]; ++e) {
      const uint64_t v = a.targets[e];
      if (!has_arc(b, map[u], map[v])) {
        r.problem = "the arc " + std::to_string(u) + " -> " + std::to_string(v) +
                    " maps to a non-arc";
        r.arc = std::make_pair(u, v);
        return r;
      }
    }
  for (uint64_t x = 0; x < b.nodes; ++x)
    for (uint64_t e = b.offsets[x]; e < b.offsets[x + 1]; ++e) {
      const uint64_t y = b.targets[e];
      if (!has_arc(a, inverse[x], inverse[y])) {
        r.problem = "the arc " + std::to_string(inverse[x]) + " -> " + std::to_string(inverse[y]) +
                    " is missing (its image is an arc of the second graph)";
        r.arc = std::make_pair(inverse[x], inverse[y]);
        return r;
      }
    }
  if (a.arcs() != b.arcs()) {
    r.problem = "the graphs have " + std::to_string(a.arcs()) + " and " +
                std::to_string(b.arcs()) + " arcs (repeated arcs)";
    return r;
  }
  r.isomorphic = true;
  return r;
}

}  // namespace tv::host::claims
