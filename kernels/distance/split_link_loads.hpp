// Link loads of a traffic matrix under minimal routing with each demand split evenly
// over all its shortest paths (issue 36, item 3: throughput from link loads).  From each
// source router one BFS counts the shortest paths (sigma) and a pass back over its levels
// accumulates, as Brandes' betweenness does, the flow through each arc: a demand from s
// to t sends sigma(s,v) sigma(v->t) / sigma(s,t) of itself over the arc v -> w of a
// shortest path, where sigma(v->t) counts w's shortest paths on to t.  The traffic is a
// rank-one part (out_weight[s] in_weight[t] for every pair s != t: uniform traffic, and
// each phase of Valiant's routing) plus explicit demands (a permutation).  CPU only
// (OpenMP over sources, a load per arc for each thread); O(sources (N + arcs)).
// Unlike kernels/sim/link_load.hpp (one route per pair, a tie-break choosing it), no
// route is chosen: every shortest path carries an equal share.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::distance {

/// Demands between routers, in units of one endpoint's injection rate.
struct router_traffic {
  std::vector<double> out_weight, in_weight;  // rank one, both of N entries; empty: no such part
  std::vector<std::vector<std::pair<uint32_t, double>>> demands;  // [s]: (t, amount), each t once; empty: none
};

struct split_load_result {
  std::vector<double> per_arc;   // load of each arc, indexed as g.targets
  double routed = 0;             // the demand routed (s != t, t reached)
  double unroutable = 0;         // demand to routers that s does not reach
};

/// @brief Loads of `traffic` on the undirected graph g (std::invalid_argument for a
/// directed graph or traffic of the wrong size); polls `control` between sources
/// (core::interrupted).
///
/// Example: the path 0 - 1 - 2 with out_weight = in_weight = {1, 1, 1}: arc 0 -> 1
/// carries the demands 0 -> 1 and 0 -> 2, a load of 2.
split_load_result split_link_loads(const graph::csr_graph& g, const router_traffic& traffic,
                                   const core::run_control& control = {});

}  // namespace tv::distance
