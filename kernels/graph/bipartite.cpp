// Two-colouring by breadth-first search (bipartite.hpp).
#include "kernels/graph/bipartite.hpp"

#include <cstdint>
#include <vector>

namespace tv::graph {

std::vector<uint8_t> two_colouring(const csr_graph& g) {
  if (g.directed) return {};
  constexpr uint8_t none = 2;
  std::vector<uint8_t> colour(g.nodes, none);
  std::vector<uint32_t> queue;
  queue.reserve(g.nodes);
  for (uint64_t root = 0; root < g.nodes; ++root) {
    if (colour[root] != none) continue;
    colour[root] = 0;
    queue.assign(1, static_cast<uint32_t>(root));
    for (size_t head = 0; head < queue.size(); ++head) {
      const uint32_t v = queue[head];
      const uint8_t other = colour[v] ^ 1;
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const uint32_t u = g.targets[e];
        if (colour[u] == none) {
          colour[u] = other;
          queue.push_back(u);
        } else if (colour[u] != other) {
          return {};  // an odd cycle (or a loop)
        }
      }
    }
  }
  return colour;
}

bool is_bipartite(const csr_graph& g) { return g.nodes == 0 ? !g.directed : !two_colouring(g).empty(); }

}  // namespace tv::graph
