// Edge-disjoint paths between pairs of routers by maximum flow (edge_disjoint_paths.hpp).
#include "kernels/graph/edge_disjoint_paths.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/core/parallel_steps.hpp"
#include "kernels/graph/max_flow.hpp"

namespace tv::graph {

disjoint_path_result edge_disjoint_paths(const csr_graph& g, const disjoint_path_options& opt) {
  if (g.directed) throw std::invalid_argument("edge_disjoint_paths: the graph must be undirected");
  std::vector<std::pair<uint32_t, uint32_t>> pairs = opt.pairs;
  if (pairs.empty())
    for (uint64_t s = 0; s < g.nodes; ++s)
      for (uint64_t t = s + 1; t < g.nodes; ++t) pairs.emplace_back(static_cast<uint32_t>(s), static_cast<uint32_t>(t));
  for (const auto& [s, t] : pairs)
    if (s >= g.nodes || t >= g.nodes || s == t)
      throw std::invalid_argument("edge_disjoint_paths: pair (" + std::to_string(s) + ", " + std::to_string(t) +
                                  ") is no pair of two routers of the graph");
  std::vector<uint32_t> paths(pairs.size(), 0);
  const unit_flow_network network = unit_flow_network::for_edges(g);
  // Each thread its own copy: max_flow writes the residual capacities.
  core::parallel_steps(
      pairs.size(), opt.control, "edge-disjoint paths", "pairs", [&] { return network; },
      [&](unit_flow_network& mine, uint64_t i) {
        const auto [s, t] = pairs[i];
        paths[i] = mine.max_flow(s, t, std::min(g.degree(s), g.degree(t)));
      },
      [](unit_flow_network&) {});
  disjoint_path_result r;
  r.pairs = pairs.size();
  double sum = 0;
  r.min = UINT32_MAX;
  for (size_t i = 0; i < pairs.size(); ++i) {
    const auto [s, t] = pairs[i];
    ++r.histogram[paths[i]];
    sum += paths[i];
    if (paths[i] < r.min) r.min = paths[i], r.min_pair = pairs[i];
    r.max = std::max(r.max, paths[i]);
    if (paths[i] < std::min(g.degree(s), g.degree(t))) ++r.below_degree_bound;
  }
  if (pairs.empty()) r.min = 0;
  r.mean = pairs.empty() ? 0 : sum / static_cast<double>(pairs.size());
  return r;
}

}  // namespace tv::graph
