// Lookups by label and arc in a small graph (see lookups.hpp).
#include "host/claims/structure/lookups.hpp"

#include <algorithm>

namespace tv::host::claims {

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

}  // namespace tv::host::claims
