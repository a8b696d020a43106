// Edge-disjoint paths between pairs of routers by maximum flow (edge_disjoint_paths.hpp).
// Every unordered pair is made from its index as its flow starts and only the tallies are
// kept: at 8192 routers the 33.5 million pairs and their counts, stored before the first
// flow, took 400 MB beside a graph of 1 MB.
#include "kernels/graph/edge_disjoint_paths.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "kernels/core/parallel_steps.hpp"
#include "kernels/graph/max_flow.hpp"

namespace tv::graph {

namespace {

/// The index of the first pair (s, s + 1) of row s in the order (0,1), (0,2), ...,
/// (0,n-1), (1,2), ...: the n-1, n-2, ... pairs of the rows before it.
uint64_t row_start(uint64_t n, uint64_t s) { return s * n - s * (s + 1) / 2; }

}  // namespace

std::pair<uint32_t, uint32_t> unordered_pair_at(uint64_t n, uint64_t i) {
  // Row s solves s^2 - (2n - 1) s + 2i = 0 for its smaller root; the double's rounding is
  // put right by the exact starts on either side.
  const double b = 2.0 * static_cast<double>(n) - 1;
  uint64_t s = static_cast<uint64_t>(std::max(0.0, (b - std::sqrt(std::max(0.0, b * b - 8.0 * static_cast<double>(i)))) / 2));
  s = std::min(s, n - 2);
  while (s > 0 && row_start(n, s) > i) --s;
  while (s + 2 < n && row_start(n, s + 1) <= i) ++s;
  return {static_cast<uint32_t>(s), static_cast<uint32_t>(s + 1 + (i - row_start(n, s)))};
}

namespace {

/// What the pairs a thread has done give, merged into the result one thread at a time.
struct pair_tally {
  std::map<uint32_t, uint64_t> histogram;
  uint64_t sum = 0, below_degree_bound = 0;
  uint32_t min = UINT32_MAX, max = 0;
  uint64_t min_index = UINT64_MAX;  // the first pair in order with the fewest paths
  std::pair<uint32_t, uint32_t> min_pair{0, 0};

  void add(uint64_t index, std::pair<uint32_t, uint32_t> pair, uint32_t paths, uint32_t bound) {
    ++histogram[paths];
    sum += paths;
    if (paths < min || (paths == min && index < min_index)) min = paths, min_index = index, min_pair = pair;
    max = std::max(max, paths);
    if (paths < bound) ++below_degree_bound;
  }
  void merge(const pair_tally& o) {
    for (const auto& [paths, n] : o.histogram) histogram[paths] += n;
    sum += o.sum;
    below_degree_bound += o.below_degree_bound;
    if (o.min < min || (o.min == min && o.min_index < min_index)) min = o.min, min_index = o.min_index, min_pair = o.min_pair;
    max = std::max(max, o.max);
  }
};

struct flow_thread {
  unit_flow_network network;
  pair_tally tally;
};

}  // namespace

disjoint_path_result edge_disjoint_paths(const csr_graph& g, const disjoint_path_options& opt) {
  if (g.directed) throw std::invalid_argument("edge_disjoint_paths: the graph must be undirected");
  for (const auto& [s, t] : opt.pairs)
    if (s >= g.nodes || t >= g.nodes || s == t)
      throw std::invalid_argument("edge_disjoint_paths: pair (" + std::to_string(s) + ", " + std::to_string(t) +
                                  ") is no pair of two routers of the graph");
  const bool every_pair = opt.pairs.empty();
  const uint64_t count = every_pair ? (g.nodes < 2 ? 0 : g.nodes * (g.nodes - 1) / 2) : opt.pairs.size();
  const unit_flow_network network = unit_flow_network::for_edges(g);
  pair_tally all;
  // Each thread its own copy of the network: max_flow writes the residual capacities.
  core::parallel_steps(
      count, opt.control, "edge-disjoint paths", "pairs", [&] { return flow_thread{network, {}}; },
      [&](flow_thread& mine, uint64_t i) {
        const auto pair = every_pair ? unordered_pair_at(g.nodes, i) : opt.pairs[i];
        const uint32_t bound = std::min(g.degree(pair.first), g.degree(pair.second));
        mine.tally.add(i, pair, mine.network.max_flow(pair.first, pair.second, bound), bound);
      },
      [&](flow_thread& mine) { all.merge(mine.tally); });
  disjoint_path_result r;
  r.pairs = count;
  r.histogram = std::move(all.histogram);
  r.min = count ? all.min : 0;
  r.max = all.max;
  r.min_pair = all.min_pair;
  r.below_degree_bound = all.below_degree_bound;
  r.mean = count ? static_cast<double>(all.sum) / static_cast<double>(count) : 0;
  return r;
}

}  // namespace tv::graph
