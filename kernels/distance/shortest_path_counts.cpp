// BFS with shortest-path counting from each source, in parallel over sources
// (shortest_path_counts.hpp).
#include "kernels/distance/shortest_path_counts.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/core/parallel_steps.hpp"

namespace tv::distance {

namespace {

/// One thread's sums, merged at the end.
struct partial {
  std::map<uint64_t, uint64_t> histogram;
  std::vector<paths_at_distance> by_distance;
  std::vector<uint64_t> endpoint_counts;
  uint64_t unreachable = 0, endpoint_unreachable = 0;
  bool saturated = false;
};

template <class T>
void grow(std::vector<T>& v, size_t n) {
  if (v.size() < n) v.resize(n);
}

void bfs_from(const graph::csr_graph& g, uint32_t s, const std::vector<uint32_t>& endpoints,
              uint64_t endpoint_total, std::vector<uint32_t>& dist, std::vector<uint64_t>& sigma,
              std::vector<uint32_t>& order, partial& out) {
  std::fill(dist.begin(), dist.end(), UINT32_MAX);
  dist[s] = 0, sigma[s] = 1;
  order.clear();
  order.push_back(s);
  for (size_t head = 0; head < order.size(); ++head) {
    const uint32_t v = order[head];
    for (uint64_t i = g.offsets[v]; i < g.offsets[v + 1]; ++i) {
      const uint32_t u = g.targets[i];
      if (dist[u] == UINT32_MAX) {
        dist[u] = dist[v] + 1, sigma[u] = 0;
        order.push_back(u);
      }
      if (dist[u] == dist[v] + 1) {
        const uint64_t before = sigma[u];
        sigma[u] += sigma[v];
        if (sigma[u] < before) sigma[u] = UINT64_MAX, out.saturated = true;
      }
    }
  }
  out.unreachable += g.nodes - order.size();
  const uint64_t ws = endpoints.empty() ? 0 : endpoints[s];
  uint64_t reached_endpoints = 0;
  for (const uint32_t t : order) {
    const uint32_t d = dist[t];
    if (!endpoints.empty()) {
      const uint64_t wt = endpoints[t];
      reached_endpoints += wt;
      grow(out.endpoint_counts, d + 1);
      out.endpoint_counts[d] += t == s ? ws * (ws > 0 ? ws - 1 : 0) : ws * wt;
    }
    if (t == s) continue;
    ++out.histogram[sigma[t]];
    grow(out.by_distance, d + 1);
    paths_at_distance& a = out.by_distance[d];
    ++a.pairs, a.min = std::min(a.min, sigma[t]), a.max = std::max(a.max, sigma[t]);
    a.sum += static_cast<double>(sigma[t]);
  }
  if (!endpoints.empty()) out.endpoint_unreachable += ws * (endpoint_total - reached_endpoints);
}

/// One thread's BFS arrays and sums.
struct scratch {
  explicit scratch(uint64_t nodes) : dist(nodes), sigma(nodes) { order.reserve(nodes); }
  std::vector<uint32_t> dist, order;
  std::vector<uint64_t> sigma;
  partial sums;
};

}  // namespace

path_count_result count_shortest_paths(const graph::csr_graph& g, const path_count_options& opt) {
  if (g.directed) throw std::invalid_argument("count_shortest_paths: the graph must be undirected");
  if (!opt.endpoints.empty() && opt.endpoints.size() != g.nodes)
    throw std::invalid_argument("count_shortest_paths: endpoints has the wrong length");
  std::vector<uint32_t> sources = opt.sources;
  if (sources.empty())
    for (uint64_t v = 0; v < g.nodes; ++v) sources.push_back(static_cast<uint32_t>(v));
  uint64_t endpoint_total = 0;
  for (uint32_t w : opt.endpoints) endpoint_total += w;
  std::vector<partial> parts;
  core::parallel_steps(
      sources.size(), opt.control, "shortest-path counts", "sources",
      [&] { return scratch{g.nodes}; },
      [&](scratch& w, uint64_t i) {
        bfs_from(g, sources[i], opt.endpoints, endpoint_total, w.dist, w.sigma, w.order, w.sums);
      },
      [&](scratch& w) { parts.push_back(std::move(w.sums)); });
  path_count_result r;
  r.sources = sources.size();
  for (const partial& p : parts) {
    for (const auto& [paths, pairs] : p.histogram) r.path_histogram[paths] += pairs;
    grow(r.by_distance, p.by_distance.size());
    for (size_t d = 0; d < p.by_distance.size(); ++d) {
      const paths_at_distance& a = p.by_distance[d];
      paths_at_distance& b = r.by_distance[d];
      b.pairs += a.pairs, b.min = std::min(b.min, a.min), b.max = std::max(b.max, a.max), b.sum += a.sum;
    }
    grow(r.endpoint_distance_counts, p.endpoint_counts.size());
    for (size_t d = 0; d < p.endpoint_counts.size(); ++d) r.endpoint_distance_counts[d] += p.endpoint_counts[d];
    r.unreachable_pairs += p.unreachable;
    r.endpoint_unreachable_pairs += p.endpoint_unreachable;
    r.saturated = r.saturated || p.saturated;
  }
  return r;
}

}  // namespace tv::distance
