// Plain searches for the sources in small components (see small_components.hpp).
#include "kernels/distance/small_components.hpp"

#include <stdexcept>

namespace tv::distance::detail {

std::vector<uint8_t> small_component_nodes(const std::vector<uint64_t>& component_starts) {
  // Largest first: the last component is the smallest.  None small (a connected graph,
  // the common case): no flags, so the run neither sweeps nor copies its sources.
  const size_t c_last = component_starts.size() < 2 ? 0 : component_starts.size() - 2;
  if (component_starts.size() < 2 ||
      component_starts[c_last + 1] - component_starts[c_last] > small_component_max_nodes)
    return {};
  std::vector<uint8_t> small(component_starts.back(), 0);
  for (size_t c = 0; c + 1 < component_starts.size(); ++c)
    if (component_starts[c + 1] - component_starts[c] <= small_component_max_nodes)
      for (uint64_t v = component_starts[c]; v < component_starts[c + 1]; ++v) small[v] = 1;
  return small;
}

void add_small_component_sources(const graph::csr_graph& g, const std::vector<uint32_t>& sources,
                                 std::vector<uint64_t>& counts, std::vector<uint32_t>& last,
                                 std::vector<uint64_t>& dsum, std::vector<uint64_t>& reach) {
  if (g.directed) throw std::invalid_argument("add_small_component_sources: the graph is directed");
  if (sources.empty()) return;
  constexpr uint32_t unseen = ~uint32_t{0};
  // One distance array for every search; each search resets the nodes it reached.
  std::vector<uint32_t> dist(g.nodes, unseen);
  std::vector<uint32_t> queue;
  if (counts.empty()) counts.push_back(0);
  for (const uint32_t s : sources) {
    queue.assign(1, s);
    dist[s] = 0;
    for (size_t head = 0; head < queue.size(); ++head) {
      const uint32_t u = queue[head];
      const uint32_t d = dist[u];
      if (counts.size() <= d) counts.resize(d + 1, 0);
      ++counts[d];
      if (d > last[u]) last[u] = d;
      dsum[u] += d;
      ++reach[u];
      for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const uint32_t v = g.targets[e];
        if (dist[v] != unseen) continue;
        dist[v] = d + 1;
        queue.push_back(v);
      }
    }
    for (const uint32_t v : queue) dist[v] = unseen;
  }
}

}  // namespace tv::distance::detail
