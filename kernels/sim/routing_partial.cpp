// Partials of routing runs: merge (sums, the largest excess, the stuck pair of smallest
// index, the covered ranges kept disjoint) and finish (route_all()'s result, histograms
// without their empty top bins).
#include "kernels/sim/routing_partial.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace tv::sim {

namespace {

void add_into(std::vector<uint64_t>& into, const std::vector<uint64_t>& from) {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

std::vector<uint64_t> trimmed(std::vector<uint64_t> h) {
  while (!h.empty() && h.back() == 0) h.pop_back();
  return h;
}

}  // namespace

routing_partial merge(routing_partial a, const routing_partial& b) {
  merge_coverage(a.identity, b.identity, a.covered, b.covered, "routing");
  routing_result& x = a.totals;
  const routing_result& y = b.totals;
  x.pairs += y.pairs;
  x.delivered += y.delivered;
  x.stuck += y.stuck;
  x.hops_sum += y.hops_sum;
  x.excess_sum += y.excess_sum;
  x.max_excess = std::max(x.max_excess, y.max_excess);
  if (b.first_stuck_index && (!a.first_stuck_index || *b.first_stuck_index < *a.first_stuck_index)) {
    a.first_stuck_index = b.first_stuck_index;
    x.first_stuck = y.first_stuck;
  }
  add_into(x.hop_histogram, y.hop_histogram);
  add_into(x.excess_histogram, y.excess_histogram);
  return a;
}

routing_result finish(routing_partial p) {
  core::require_all_covered(p.covered, p.order_size(), "routing");
  routing_result r = std::move(p.totals);
  r.hop_histogram = trimmed(std::move(r.hop_histogram));
  r.excess_histogram = trimmed(std::move(r.excess_histogram));
  return r;
}

}  // namespace tv::sim
