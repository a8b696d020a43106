// Shortest-path link loads from a sample of targets (link_load_sample.hpp).
#include "host/checks/link_load_sample.hpp"

#include <algorithm>

#include "host/checks/load_sample_interval.hpp"
#include "host/checks/seeded_sample.hpp"

namespace tv::host {

link_load_sample_plan plan_link_load_sample(uint64_t n, uint64_t max_pairs, uint64_t wanted, uint64_t seed) {
  const uint64_t b = link_load_sample_batches;
  link_load_sample_plan p;
  p.seed = seed;
  if (n < 2) return p;
  const uint64_t k = wanted ? (wanted + b - 1) / b * b : std::max(max_pairs / (n - 1) / b * b, 4 * b);
  p.units = k >= n ? 0 : k;
  return p;
}

link_load_estimate estimate_link_loads(const graph::csr_graph& g, const link_load_sample_plan& plan,
                                       const loads_of_parts& loads_of, const core::run_control& control) {
  const uint64_t n = g.nodes, k = plan.units, batches = link_load_sample_batches, size = k / batches;
  const std::vector<uint32_t> drawn = seeded_sample(n, k, plan.seed);
  const double fraction = static_cast<double>(k) / static_cast<double>(n);
  const double scale = static_cast<double>(n) / static_cast<double>(size);  // a batch's estimate of the whole
  sim::unit_parts parts;
  for (uint64_t i = 0; i < batches; ++i) {
    parts.emplace_back(drawn.begin() + static_cast<std::ptrdiff_t>(i * size),
                       drawn.begin() + static_cast<std::ptrdiff_t>((i + 1) * size));
    // In index order: the batched kernel runs 256 targets per BFS, which costs less the
    // more their frontiers overlap, as near indices (a dragonfly's group) do; the loads
    // are the same in any order (and sources' routes walk a family's rows in order).  On DF(a=40, h=20) with half the targets: 20% less CPU.
    std::sort(parts.back().begin(), parts.back().end());
  }
  load_sample_interval interval(g.arcs(), batches, fraction);
  link_load_estimate out;
  loads_of(
      parts,
      [&](size_t, sim::link_loads&& loads) {
        interval.add(loads.per_arc, scale);
        out.routed_pairs += static_cast<double>(loads.routed) * scale / static_cast<double>(batches);
        out.unrouted_pairs += static_cast<double>(loads.unrouted) * scale / static_cast<double>(batches);
        out.sampled_pairs += loads.pairs;
      },
      control);
  out.per_arc = interval.estimates();
  out.mean_load = interval.mean();
  out.mean_load_ci95 = interval.mean_interval();
  out.max_load_ci95 = interval.max_interval();
  return out;
}

}  // namespace tv::host
