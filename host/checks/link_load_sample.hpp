// The `link_load` check's loads above its work bound (max_pairs ordered pairs): estimated
// from a seeded sample of target routers (shortest paths) or of source routers (a
// routing algorithm, whose kernel runs per source), with 95% intervals.
//
// Why targets: the routes toward one target form a tree (link_load.hpp), so the kernel
// runs per target, and a link's load L_a = sum over targets t of c_t(a), the sources
// whose route to t crosses a.  k targets drawn without replacement (seeded_sample.hpp)
// in 16 batches of k / 16: a batch's sum scaled by N / (k / 16) is an unbiased estimate
// of every L_a, the batches are the random groups of load_sample_interval.hpp, which
// gives each link's estimate, the mean load with its interval, and the largest load's
// interval.  The mean load is sum_t H_t / arcs, H_t the hops of the routes toward t,
// which vary little from target to target: its interval is tight.  The largest is not a
// mean: c_t(a) is large for the few targets next to a (a sampled target's own last-hop
// links carry its whole incoming traffic, (N - 1) / degree routes, scaled by N / (k / 16)
// in its batch), so per-link estimates have a standard error of about sqrt(N / k) / D
// of the load (D the average distance): no point estimate of the largest is given, and
// its interval is wide unless k is a good part of N.  Sampling sources instead moves the
// same term to a sampled source's first-hop links (the throughput check's, and a routing
// algorithm's here: each source's routes walked, a link's load a sum over sources).
#pragma once
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::host {

/// Batches of a target sample: as the throughput check's (throughput_sample.hpp).
constexpr uint64_t link_load_sample_batches = 16;

/// A sample of routers (targets or sources): k (a multiple of the batches, below N; 0:
/// exact) and its seed.
struct link_load_sample_plan {
  uint64_t units = 0, seed = 1;
};

/// @brief The sample a work bound of max_pairs ordered pairs allows on N routers:
/// max_pairs / (N - 1) routers rounded down to a multiple of the batches, at least
/// 4 per batch (64), `wanted` instead when nonzero (rounded up); units = 0 (exact)
/// when that is N or more.
link_load_sample_plan plan_link_load_sample(uint64_t n, uint64_t max_pairs, uint64_t wanted, uint64_t seed);

/// The estimates from a sample: per link, of the mean load and of the routed pairs.
struct link_load_estimate {
  std::vector<double> per_arc;
  double mean_load = 0;
  std::pair<double, double> mean_load_ci95{0, 0}, max_load_ci95{0, 0};
  double routed_pairs = 0, unrouted_pairs = 0;  // estimates: N / k times the sample's
  uint64_t sampled_pairs = 0;                   // k (N - 1): the pairs routed or not
};

/// The loads toward (or from) each part of a partition of routers, handed to the sink
/// part by part: sim::shortest_path_loads_toward_parts or sim::routing_loads_from_parts
/// (the graph on the backend once for all the batches).
using loads_of_parts = std::function<void(const sim::unit_parts& parts, const sim::part_loads_sink& sink,
                                          const core::run_control& control)>;

/// @brief The loads on g of the plan's sample, batch by batch (each batch's routers in
/// index order, the batches one partition), and what they estimate.
link_load_estimate estimate_link_loads(const graph::csr_graph& g, const link_load_sample_plan& plan,
                                       const loads_of_parts& loads_of, const core::run_control& control = {});

}  // namespace tv::host
