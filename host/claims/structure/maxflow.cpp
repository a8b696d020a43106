// Node-disjoint path counts by unit-capacity max-flow on the vertex-split graph (Menger's
// theorem; see structure.hpp).
#include "host/claims/structure.hpp"

#include <stdexcept>

namespace tv::host::claims {

// ---- Node-disjoint paths ----------------------------------------------------------------

disjoint_paths::disjoint_paths(const graph::csr_graph& g) : g_(g) {
  if (g.directed) throw std::invalid_argument("disjoint_paths: the graph must be undirected");
  head_.assign(2 * g.nodes, no_node);
  for (uint64_t v = 0; v < g.nodes; ++v) add_arc(2 * v, 2 * v + 1);  // in -> out, capacity 1
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.targets[e] != u) add_arc(2 * u + 1, 2 * static_cast<uint64_t>(g.targets[e]));
  base_cap_ = cap_;
}

void disjoint_paths::add_arc(uint64_t u, uint64_t v) {
  for (int dir = 0; dir < 2; ++dir) {
    const uint64_t from = dir ? v : u, to = dir ? u : v;
    to_.push_back(to);
    cap_.push_back(dir ? 0 : 1);
    next_.push_back(head_[from]);
    head_[from] = to_.size() - 1;
  }
}

uint32_t disjoint_paths::count(uint64_t s, uint64_t t) {
  if (s == t) throw std::invalid_argument("disjoint_paths: s == t");
  cap_ = base_cap_;
  const uint64_t source = 2 * s + 1, sink = 2 * t;
  const uint64_t m = head_.size();
  uint32_t flow = 0;
  while (true) {
    prev_arc_.assign(m, no_node);
    queue_.clear();
    queue_.push_back(source);
    bool found = false;
    for (size_t qi = 0; qi < queue_.size() && !found; ++qi) {
      const uint64_t u = queue_[qi];
      for (uint64_t e = head_[u]; e != no_node; e = next_[e]) {
        const uint64_t w = to_[e];
        if (cap_[e] <= 0 || w == source || prev_arc_[w] != no_node) continue;
        prev_arc_[w] = e;
        if (w == sink) {
          found = true;
          break;
        }
        queue_.push_back(w);
      }
    }
    if (!found) break;
    for (uint64_t w = sink; w != source;) {
      const uint64_t e = prev_arc_[w];
      --cap_[e];
      ++cap_[e ^ 1];
      w = to_[e ^ 1];
    }
    ++flow;
  }
  return flow;
}

}  // namespace tv::host::claims
