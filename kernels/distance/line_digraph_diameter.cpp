// The diameter of a line digraph through its root (line_digraph_diameter.hpp says why the
// lift is exact), with the lifted witness checked by a BFS on the graph itself: a lift that
// disagreed with it would be a defect here, and is raised as one rather than reported.
#include "kernels/distance/line_digraph_diameter.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/graph/line_digraph.hpp"

namespace tv::distance {

std::optional<diameter_result> diameter_through_root(core::backend b, const graph::csr_graph& g,
                                                     const core::run_control& control,
                                                     const diameter_options& opt) {
  std::optional<graph::line_digraph_root> r = graph::line_digraph_root_of(g);
  if (!r) return std::nullopt;
  if (std::any_of(r->tails_at.begin(), r->tails_at.end(), [](uint32_t t) { return t < 2; }))
    return std::nullopt;  // some u might be the only node starting at a far node of H
  diameter_options below = opt;
  if (opt.max_bfs > 0) {
    if (opt.max_bfs < 2) return std::nullopt;
    below.max_bfs = opt.max_bfs - 1;  // one BFS is kept for the witness check
  }
  const diameter_result h = exact_diameter(b, r->root, control, below);
  if (!h.exact || !h.connected) return std::nullopt;

  diameter_result d = h;
  d.diameter = h.diameter + 1;
  d.radius = h.radius + 1;
  d.lower_bound = h.lower_bound + 1, d.upper_bound = h.upper_bound + 1;
  d.radius_lower_bound = h.radius_lower_bound + 1, d.radius_upper_bound = h.radius_upper_bound + 1;
  d.line_digraph_levels = h.line_digraph_levels + 1;
  d.root_nodes = h.line_digraph_levels ? h.root_nodes : r->root.nodes;
  d.orbits = g.nodes;  // the orbits were the root's; this graph was not split into any
  d.automorphisms.clear();
  // Witness: u ends at the root's witness source, w != u starts at its target.
  const auto u = static_cast<uint32_t>(std::find(r->head.begin(), r->head.end(), h.witness_source) - r->head.begin());
  uint32_t w = 0;
  while (w < g.nodes && (r->tail[w] != h.witness_target || w == u)) ++w;
  d.witness_source = u;
  d.witness_target = w;
  d.center = static_cast<uint32_t>(std::find(r->head.begin(), r->head.end(), h.center) - r->head.begin());
  const std::vector<uint32_t> dist = bfs(b, g, u);
  const uint32_t ecc = *std::max_element(dist.begin(), dist.end());
  if (w >= g.nodes || dist[w] != d.diameter || ecc != d.diameter)
    throw std::logic_error("line digraph diameter: the lifted witness (" + std::to_string(u) + ", " +
                           std::to_string(w) + ") is at distance " +
                           (w < g.nodes ? std::to_string(dist[w]) : std::string("?")) +
                           " by BFS, not " + std::to_string(d.diameter));
  d.bfs_runs = h.bfs_runs + 1;
  d.single_bfs = h.single_bfs + 1;
  d.method = "line digraph" + std::string(d.line_digraph_levels > 1 ? " x" + std::to_string(d.line_digraph_levels) : "") +
             " to " + std::to_string(d.root_nodes) + (d.root_nodes == 1 ? " node" : " nodes") +
             ", then " + (h.line_digraph_levels ? h.method.substr(h.method.find(", then ") + 7) : h.method);
  return d;
}

}  // namespace tv::distance
