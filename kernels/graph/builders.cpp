// Small hand-built graphs (see builders.hpp).
#include "kernels/graph/builders.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/core/hd.hpp"

namespace tv::graph {

namespace {

/// Sorted, duplicate-free rows flattened into offsets and targets.
void flatten(std::vector<std::vector<uint32_t>>& rows, std::vector<uint64_t>& offsets,
             std::vector<uint32_t>& targets) {
  offsets.assign(1, 0);
  for (auto& row : rows) {
    std::sort(row.begin(), row.end());
    row.erase(std::unique(row.begin(), row.end()), row.end());
    targets.insert(targets.end(), row.begin(), row.end());
    offsets.push_back(targets.size());
  }
}

}  // namespace

csr_graph from_edges(uint64_t n, const edge_list& edges, bool directed, std::vector<uint64_t> labels) {
  if (!labels.empty() && labels.size() != n)
    throw std::invalid_argument("from_edges: " + std::to_string(labels.size()) + " labels for " +
                                std::to_string(n) + " nodes");
  std::vector<std::vector<uint32_t>> out(n), in(directed ? n : 0);
  for (const auto& [u, v] : edges) {
    if (u >= n || v >= n) throw std::invalid_argument("from_edges: an edge names a node >= n");
    out[u].push_back(static_cast<uint32_t>(v));
    if (directed) in[v].push_back(static_cast<uint32_t>(u));
    else if (u != v) out[v].push_back(static_cast<uint32_t>(u));
  }
  csr_graph g;
  g.nodes = n;
  g.directed = directed;
  flatten(out, g.offsets, g.targets);
  if (directed) flatten(in, g.in_offsets, g.in_sources);
  if (labels.empty())
    for (uint64_t i = 0; i < n; ++i) labels.push_back(i);
  g.labels = std::move(labels);
  return g;
}

csr_graph hamming_graph(std::vector<uint64_t> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  uint64_t all = 0;
  for (uint64_t x : labels) all |= x;
  const int width = all ? core::msb64(all) + 1 : 0;
  std::vector<std::vector<uint32_t>> rows(labels.size());
  for (uint64_t i = 0; i < labels.size(); ++i)
    for (int b = 0; b < width; ++b) {
      const uint64_t y = labels[i] ^ (uint64_t{1} << b);
      auto it = std::lower_bound(labels.begin(), labels.end(), y);
      if (it != labels.end() && *it == y) rows[i].push_back(static_cast<uint32_t>(it - labels.begin()));
    }
  csr_graph g;
  g.nodes = labels.size();
  flatten(rows, g.offsets, g.targets);
  g.labels = std::move(labels);
  return g;
}

csr_graph induced_subgraph(const csr_graph& g, const std::vector<uint64_t>& ranks) {
  // new_index[u] = position of g's node u among `ranks`, or none.
  constexpr uint32_t none = 0xFFFFFFFFu;
  std::vector<uint32_t> new_index(g.nodes, none);
  for (uint64_t i = 0; i < ranks.size(); ++i) new_index.at(ranks[i]) = static_cast<uint32_t>(i);
  std::vector<std::vector<uint32_t>> out(ranks.size()), in(g.directed ? ranks.size() : 0);
  csr_graph h;
  h.nodes = ranks.size();
  h.directed = g.directed;
  for (uint64_t i = 0; i < ranks.size(); ++i) {
    const uint64_t u = ranks[i];
    h.labels.push_back(g.labels[u]);
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t t = new_index[g.targets[e]];
      if (t == none) continue;
      out[i].push_back(t);
      if (g.directed) in[t].push_back(static_cast<uint32_t>(i));
    }
  }
  flatten(out, h.offsets, h.targets);
  if (g.directed) flatten(in, h.in_offsets, h.in_sources);
  return h;
}

}  // namespace tv::graph
