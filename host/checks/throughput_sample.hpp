// The throughput check's link loads (throughput_check.hpp): exact from every source router,
// or estimated from a seeded sample of source routers in batches when the exact passes are
// over the work bound.  A load per link is a sum over source routers, so the sample's sum
// scaled by (routers that send) / (sources sampled) estimates it without bias (the
// sample is drawn among the routers that send: a fat tree's leaves); the 16 batches are
// independent estimates, which give each link's spread (batch means) and the interval of
// the largest load (throughput_sample.cpp says how).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/distance/split_link_loads.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

/// Every router a source, or a seeded sample of k of the routers that send, in equal
/// batches: the b-th stretch of k / batches of the draws (seeded_sample.hpp).
struct throughput_sources {
  bool exact = true;
  uint64_t sample = 0, batches = 0, seed = 0;
};

/// The batches of a sample: enough for an interval from each half (throughput_sample.cpp).
constexpr uint64_t throughput_sample_batches = 16;

/// @brief A sample of `wanted` source routers drawn from `seed` in
/// throughput_sample_batches batches (wanted rounded up to a multiple of them); exact
/// when that is n or more.
throughput_sources plan_throughput_sources(uint64_t n, uint64_t wanted, uint64_t seed);

/// Link loads of one pattern and routing: the per-arc loads (estimates when sampled) and,
/// when sampled, a 95% interval [low, high] for the largest.  A pass whose routers that
/// send are no more than the sample runs from all of them: exact when every pass does.
struct throughput_loads {
  std::vector<double> per_arc;
  double unroutable = 0;
  bool exact = true;
  std::pair<double, double> max_interval{0, 0};
};

/// Progress over the check's many kernel calls (patterns, routings, phases, batches),
/// each reporting its own sources: call i of n reports its share of the whole, so the
/// progress line never runs from 0 to 100% again for each of them.
struct staged_progress {
  core::run_control whole;
  uint64_t stage = 0, stages = 1;
  /// The control for the next call: `whole` with its progress scaled into stage `stage`.
  core::run_control next();
};

/// @brief Kernel calls estimate_throughput_loads makes for `passes` at most (a pass with
/// few routers that send makes one where a sampled one makes one per batch).
uint64_t throughput_calls(size_t passes, const throughput_sources& plan);

/// @brief The loads of `passes` (one traffic, or Valiant's two phases) summed, from the
/// sources of `plan`; progress.stage moves on by throughput_calls(passes.size(), plan).
throughput_loads estimate_throughput_loads(const graph::csr_graph& g,
                                           const std::vector<distance::router_traffic>& passes,
                                           const throughput_sources& plan, staged_progress& progress);

}  // namespace tv::host
