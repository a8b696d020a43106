// Edge-disjoint paths between pairs of routers by maximum flow (edge_disjoint_paths.hpp).
#include "kernels/graph/edge_disjoint_paths.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

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
  uint64_t done = 0;
  int stopped = 0;
#pragma omp parallel
  {
    unit_flow_network mine = network;  // max_flow writes its residual capacities
#pragma omp for schedule(dynamic, 16)
    for (size_t i = 0; i < pairs.size(); ++i) {
      int stop;
#pragma omp atomic read
      stop = stopped;
      if (stop) continue;
      const auto [s, t] = pairs[i];
      paths[i] = mine.max_flow(s, t, std::min(g.degree(s), g.degree(t)));
      if (i % 64 == 63 || i + 1 == pairs.size()) {
#pragma omp critical(edge_disjoint_paths_progress)
        {
          done += 64;
          opt.control.report(std::min<uint64_t>(done, pairs.size()), pairs.size());
          if (opt.control.stop_requested()) stopped = 1;
        }
      }
    }
  }
  if (stopped) throw core::interrupted("edge-disjoint paths stopped after about " + std::to_string(done) + " pairs");
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
