// Small graphs for the claims and their tests: the Hamming graph of a label set, a graph
// from an edge list, an induced subgraph, and lookups by label and arc (see builders.hpp).
#include "host/claims/structure/builders.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/core/hd.hpp"

namespace tv::host::claims {

// ---- Graph construction helpers ---------------------------------------------------------

graph::csr_graph hamming_graph(std::vector<uint64_t> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  uint64_t all = 0;
  for (uint64_t x : labels) all |= x;
  const int width = all ? core::msb64(all) + 1 : 0;
  graph::csr_graph g;
  g.nodes = labels.size();
  g.offsets.reserve(labels.size() + 1);
  g.offsets.push_back(0);
  for (uint64_t x : labels) {
    std::vector<uint32_t> row;
    for (int b = 0; b < width; ++b) {
      const uint64_t y = x ^ (uint64_t{1} << b);
      auto it = std::lower_bound(labels.begin(), labels.end(), y);
      if (it != labels.end() && *it == y) row.push_back(static_cast<uint32_t>(it - labels.begin()));
    }
    std::sort(row.begin(), row.end());
    g.targets.insert(g.targets.end(), row.begin(), row.end());
    g.offsets.push_back(g.targets.size());
  }
  g.labels = std::move(labels);
  return g;
}

graph::csr_graph graph_from_edges(uint64_t n, const std::vector<std::pair<uint64_t, uint64_t>>& edges,
                                  std::vector<uint64_t> labels) {
  std::vector<std::vector<uint32_t>> rows(n);
  for (const auto& [u, v] : edges) {
    if (u >= n || v >= n) throw std::invalid_argument("graph_from_edges: edge names a node >= n");
    rows[u].push_back(static_cast<uint32_t>(v));
    if (u != v) rows[v].push_back(static_cast<uint32_t>(u));
  }
  graph::csr_graph g;
  g.nodes = n;
  g.offsets.push_back(0);
  for (auto& r : rows) {
    std::sort(r.begin(), r.end());
    g.targets.insert(g.targets.end(), r.begin(), r.end());
    g.offsets.push_back(g.targets.size());
  }
  if (labels.empty()) {
    labels.resize(n);
    for (uint64_t i = 0; i < n; ++i) labels[i] = i;
  }
  g.labels = std::move(labels);
  return g;
}

bool has_arc(const graph::csr_graph& g, uint64_t u, uint64_t v) {
  if (u >= g.nodes || v >= g.nodes) return false;
  const auto b = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u]);
  const auto e = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u + 1]);
  return std::binary_search(b, e, static_cast<uint32_t>(v));
}

uint64_t rank_of(const graph::csr_graph& g, uint64_t label) {
  auto it = std::lower_bound(g.labels.begin(), g.labels.end(), label);
  if (it == g.labels.end() || *it != label) return no_node;
  return static_cast<uint64_t>(it - g.labels.begin());
}

graph::csr_graph induced_subgraph(const graph::csr_graph& g, const std::vector<uint64_t>& ranks) {
  graph::csr_graph h;
  h.nodes = ranks.size();
  h.directed = g.directed;
  h.offsets.push_back(0);
  for (uint64_t u : ranks) {
    h.labels.push_back(g.labels[u]);
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      auto it = std::lower_bound(ranks.begin(), ranks.end(), static_cast<uint64_t>(g.targets[e]));
      if (it != ranks.end() && *it == g.targets[e])
        h.targets.push_back(static_cast<uint32_t>(it - ranks.begin()));
    }
    h.offsets.push_back(h.targets.size());
  }
  return h;
}

}  // namespace tv::host::claims
