// Link loads with demands split evenly over shortest paths (split_link_loads.hpp).
#include "kernels/distance/split_link_loads.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/core/parallel_steps.hpp"

namespace tv::distance {

namespace {

/// One thread's scratch and loads.
struct worker {
  std::vector<uint32_t> dist, order;
  std::vector<double> sigma, demand, through, load;
  double routed = 0, unroutable = 0;
  explicit worker(const graph::csr_graph& g)
      : dist(g.nodes, UINT32_MAX), sigma(g.nodes), demand(g.nodes, 0), through(g.nodes), load(g.arcs(), 0) {
    order.reserve(g.nodes);
  }
};

void from_source(const graph::csr_graph& g, const router_traffic& tr, uint32_t s, worker& w) {
  // This source's demands, into w.demand (left all zero again at the end).
  const bool rank_one = !tr.out_weight.empty() && tr.out_weight[s] != 0;
  if (rank_one)
    for (uint64_t t = 0; t < g.nodes; ++t) w.demand[t] = tr.out_weight[s] * tr.in_weight[t];
  if (!tr.demands.empty())
    for (const auto& [t, amount] : tr.demands[s]) w.demand[t] += amount;
  w.demand[s] = 0;
  std::fill(w.dist.begin(), w.dist.end(), UINT32_MAX);
  w.dist[s] = 0, w.sigma[s] = 1;
  w.order.clear();
  w.order.push_back(s);
  for (size_t head = 0; head < w.order.size(); ++head) {
    const uint32_t v = w.order[head];
    for (uint64_t i = g.offsets[v]; i < g.offsets[v + 1]; ++i) {
      const uint32_t u = g.targets[i];
      if (w.dist[u] == UINT32_MAX) w.dist[u] = w.dist[v] + 1, w.sigma[u] = 0, w.order.push_back(u);
      if (w.dist[u] == w.dist[v] + 1) w.sigma[u] += w.sigma[v];
    }
  }
  // Back from the farthest level: through[v] is the flow that enters v and goes on.
  for (const uint32_t v : w.order) w.through[v] = 0;
  for (size_t i = w.order.size(); i-- > 0;) {
    const uint32_t v = w.order[i];
    for (uint64_t a = g.offsets[v]; a < g.offsets[v + 1]; ++a) {
      const uint32_t u = g.targets[a];
      if (w.dist[u] != w.dist[v] + 1) continue;
      const double flow = (w.demand[u] + w.through[u]) * w.sigma[v] / w.sigma[u];
      w.load[a] += flow;
      w.through[v] += flow;
    }
  }
  for (const uint32_t v : w.order) w.routed += w.demand[v];
  // The demand to routers s does not reach, and w.demand all zero again.
  if (rank_one) {
    for (uint64_t t = 0; t < g.nodes; ++t) {
      if (w.dist[t] == UINT32_MAX) w.unroutable += w.demand[t];
      w.demand[t] = 0;
    }
  } else if (!tr.demands.empty()) {
    for (const auto& [t, amount] : tr.demands[s]) {
      if (w.dist[t] == UINT32_MAX) w.unroutable += w.demand[t];
      w.demand[t] = 0;
    }
  }
}

}  // namespace

split_load_result split_link_loads(const graph::csr_graph& g, const router_traffic& tr,
                                   const core::run_control& control) {
  if (g.directed) throw std::invalid_argument("split_link_loads: the graph must be undirected");
  if ((!tr.out_weight.empty() && (tr.out_weight.size() != g.nodes || tr.in_weight.size() != g.nodes)) ||
      (!tr.demands.empty() && tr.demands.size() != g.nodes))
    throw std::invalid_argument("split_link_loads: traffic of the wrong size");
  std::vector<uint32_t> sources;
  for (uint64_t s = 0; s < g.nodes; ++s)
    if ((!tr.out_weight.empty() && tr.out_weight[s] != 0) || (!tr.demands.empty() && !tr.demands[s].empty()))
      sources.push_back(static_cast<uint32_t>(s));
  split_load_result r;
  r.per_arc.assign(g.arcs(), 0);
  core::parallel_steps(
      sources.size(), control, "split link loads", "sources", [&] { return worker(g); },
      [&](worker& w, uint64_t i) { from_source(g, tr, sources[i], w); },
      [&](worker& w) {
        for (size_t a = 0; a < w.load.size(); ++a) r.per_arc[a] += w.load[a];
        r.routed += w.routed;
        r.unroutable += w.unroutable;
      });
  return r;
}

}  // namespace tv::distance
