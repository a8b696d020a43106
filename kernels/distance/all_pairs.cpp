// The all-pairs area's public entry points: each validates its input, then runs on the
// backend asked for (core::dispatch).
#include "kernels/distance/all_pairs.hpp"

#include <stdexcept>
#include <string>

#include "kernels/core/dispatch.hpp"

namespace tv::distance {

double all_pairs_result::average_distance() const {
  uint64_t pairs = 0;
  for (size_t d = 1; d < distance_counts.size(); ++d) pairs += distance_counts[d];
  return pairs ? static_cast<double>(distance_sum) / static_cast<double>(pairs) : 0.0;
}

static void require_node(const graph::csr_graph& g, uint32_t source) {
  if (source >= g.nodes)
    throw std::invalid_argument("bfs: source " + std::to_string(source) + " is not a node");
}

std::vector<uint32_t> bfs(core::backend b, const graph::csr_graph& g, uint32_t source) {
  require_node(g, source);
  return core::dispatch<detail::all_pairs_backend>(b, [&](auto on) { return on.bfs(g, source); });
}

std::vector<uint32_t> bfs_by_levels(core::backend b, const graph::csr_graph& g, uint32_t source) {
  require_node(g, source);
  return core::dispatch<detail::all_pairs_backend>(
      b, [&](auto on) { return on.bfs_by_levels(g, source); });
}

all_pairs_result all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt) {
  return core::dispatch<detail::all_pairs_backend>(b, [&](auto on) { return on.all_pairs(g, opt); });
}

diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, uint64_t max_bfs) {
  return core::dispatch<detail::all_pairs_backend>(
      b, [&](auto on) { return on.exact_diameter(g, control, max_bfs); });
}

}  // namespace tv::distance
