// The all-pairs area's public entry points: each validates its input, then runs on the
// backend asked for (core::dispatch).
#include "kernels/distance/all_pairs.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/core/dispatch.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/line_digraph_diameter.hpp"

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

all_pairs_partial run_all_pairs_range(core::backend b, const graph::csr_graph& g,
                                      const all_pairs_options& opt, source_range range) {
  return core::dispatch<detail::all_pairs_backend>(
      b, [&](auto on) { return on.all_pairs_range(g, opt, range); });
}

all_pairs_plan plan_all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt) {
  return core::dispatch<detail::all_pairs_backend>(b, [&](auto on) { return on.plan(g, opt); });
}

all_pairs_result all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt) {
  const uint64_t n = g.nodes;
  const uint64_t begin = std::min(opt.source_begin, n), end = std::min(opt.source_end, n);
  if (n == 0 || end <= begin) {
    all_pairs_result nothing;
    nothing.nodes = n;
    return nothing;
  }
  if (begin == 0 && end == n) {
    all_pairs_options whole = opt;
    whole.graph_checksum = false;  // finished here: never merged with another partial
    return finish(run_all_pairs_range(b, g, whole, every_source));
  }
  // A source range is in node order: no orbits, and no Hamming verdict (it needs them all).
  if (opt.hamming && !g.directed)
    throw std::invalid_argument("all-pairs: the Hamming check needs every source (no source range)");
  all_pairs_options part = opt;
  part.symmetry = false;
  part.colour_order = false;
  part.locality_order = false;
  return summarize(run_all_pairs_range(b, g, part, {begin, end}));
}

diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, uint64_t max_bfs) {
  diameter_options opt;
  opt.max_bfs = max_bfs;
  return exact_diameter(b, g, control, opt);
}

diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, const diameter_options& opt) {
  // Every eccentricity of a de Bruijn digraph is its diameter, so no bound closes on it
  // and the search would run a BFS per orbit; its root is half its size.
  if (opt.line_digraph && g.directed)
    if (std::optional<diameter_result> d = diameter_through_root(b, g, control, opt)) return *d;
  return core::dispatch<detail::all_pairs_backend>(
      b, [&](auto on) { return on.exact_diameter(g, control, opt); });
}

}  // namespace tv::distance
