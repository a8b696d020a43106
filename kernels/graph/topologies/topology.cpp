// The CSR of a constructed network from its neighbour rule, checked (topology.hpp).
#include "kernels/graph/topologies/topology.hpp"

#include <algorithm>
#include <stdexcept>

#include "kernels/core/memory.hpp"
#include "kernels/graph/topologies/k_ary_levels.hpp"

namespace tv::graph::topologies {

uint64_t endpoint_layout::total(uint64_t routers) const {
  if (at.empty()) return per_router * routers;
  uint64_t sum = 0;
  for (uint32_t c : at) sum += c;
  return sum;
}

topology_shape k_ary_levels_shape(const std::string& family, const std::string& level, uint64_t k, uint64_t n) {
  if (k < 2) throw std::invalid_argument(family + ": k = " + std::to_string(k) + " must be at least 2");
  if (n < 1) throw std::invalid_argument(family + ": n = " + std::to_string(n) + " must be at least 1");
  uint64_t row = 1;  // k^(n-1), refused past 2^40
  for (uint64_t i = 0; i + 1 < n; ++i) {
    if (row > (uint64_t{1} << 40) / k || n > 64)
      throw std::invalid_argument(family + ": k^(n-1) is over 2^40 switches per " + level);
    row *= k;
  }
  return {n * row, (n - 1) * row * k};
}

csr_graph build_from_rule(const topology_shape& shape, const neighbour_rule& rule) {
  const uint64_t n = shape.routers;
  if (n > (uint64_t{1} << 32))
    throw core::too_large(std::to_string(n) + " routers are more than 2^32 node indices");
  core::require_bytes(core::backend::cpu, csr_bytes(n, 2 * shape.links, false),
                      "the network's graph (" + std::to_string(n) + " routers, " +
                          std::to_string(shape.links) + " links)");
  csr_graph g;
  g.nodes = n;
  g.directed = false;
  g.labels.resize(n);
  g.offsets.assign(n + 1, 0);
  g.targets.reserve(2 * shape.links);
  std::vector<uint32_t> row;
  auto add = [&row](uint32_t u) { row.push_back(u); };
  for (uint64_t v = 0; v < n; ++v) {
    row.clear();
    rule(static_cast<uint32_t>(v), add);
    std::sort(row.begin(), row.end());
    for (size_t i = 0; i < row.size(); ++i) {
      if (row[i] >= n || row[i] == v || (i > 0 && row[i] == row[i - 1]))
        throw std::logic_error("construction bug: router " + std::to_string(v) + " has neighbour " +
                               std::to_string(row[i]) + " out of range, itself, or twice");
    }
    g.targets.insert(g.targets.end(), row.begin(), row.end());
    g.offsets[v + 1] = g.targets.size();
    g.labels[v] = v;
  }
  // Every arc u -> v needs v -> u: a binary search in v's sorted row.
  for (uint64_t v = 0; v < n; ++v)
    for (uint64_t i = g.offsets[v]; i < g.offsets[v + 1]; ++i) {
      const uint32_t u = g.targets[i];
      const auto b = g.targets.begin() + static_cast<int64_t>(g.offsets[u]);
      const auto e = g.targets.begin() + static_cast<int64_t>(g.offsets[u + 1]);
      if (!std::binary_search(b, e, static_cast<uint32_t>(v)))
        throw std::logic_error("construction bug: arc " + std::to_string(v) + " -> " +
                               std::to_string(u) + " has no reverse");
    }
  return g;
}

topology k_ary_levels_network(const topology_shape& shape, uint64_t k, uint64_t n,
                              const std::function<uint64_t(uint64_t level)>& digit_between,
                              uint64_t endpoint_level, uint32_t concentration) {
  const uint64_t row = shape.routers / n;  // k^(n-1) switches per level
  std::vector<uint64_t> place(n, 1);       // k^i, digit i's place value
  for (uint64_t i = 1; i < n; ++i) place[i] = place[i - 1] * k;
  auto with_digit = [&](uint64_t w, uint64_t digit, uint64_t value) {
    return w - (w / place[digit]) % k * place[digit] + value * place[digit];
  };
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    const uint64_t level = v / row, w = v % row;
    if (level + 1 < n) {  // down (or on) to level + 1: the link's port sets digit_between(level)
      const uint64_t digit = digit_between(level);
      for (uint64_t j = 0; j < k; ++j) add(static_cast<uint32_t>((level + 1) * row + with_digit(w, digit, j)));
    }
    if (level > 0) {  // up (or back) to level - 1: the links of level - 1 that lead here
      const uint64_t digit = digit_between(level - 1);
      for (uint64_t j = 0; j < k; ++j) add(static_cast<uint32_t>((level - 1) * row + with_digit(w, digit, j)));
    }
  });
  t.facts.endpoints.at.assign(shape.routers, 0);
  for (uint64_t w = 0; w < row; ++w) t.facts.endpoints.at[endpoint_level * row + w] = concentration;
  t.facts.endpoints.per_router = concentration;
  return t;
}

}  // namespace tv::graph::topologies
