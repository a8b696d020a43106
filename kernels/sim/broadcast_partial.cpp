// Partials of broadcast runs: merge (sums, extremes, the smallest incomplete source, the
// covered ranges kept disjoint) and finish (broadcast()'s result: the informed series made
// cumulative, the all-to-all's link loads reduced to their extremes over nodes).
#include "kernels/sim/broadcast_partial.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace tv::sim {

namespace {

template <class T>
void add_into(std::vector<T>& into, const std::vector<T>& from) {
  if (into.size() < from.size()) into.resize(from.size(), T{});
  for (size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

/// The all-to-all's link loads per iteration i (1..bits): the largest and smallest load
/// of one link over the nodes, and the total over both out-links of every node.
void reduce_link_loads(const std::vector<uint64_t>& loads, uint64_t n, int bits,
                       broadcast_result& r) {
  r.link_load_max.assign(bits + 1, 0);
  r.link_load_min.assign(bits + 1, 0);
  r.link_load_total.assign(bits + 1, 0);
  for (int i = 1; i <= bits; ++i) {
    uint64_t mx = 0, mn = ~uint64_t{0}, tot = 0;
    for (uint64_t v = 0; v < n; ++v) {
      const uint64_t l = loads[static_cast<uint64_t>(i) * n + v];
      mx = std::max(mx, l);
      mn = std::min(mn, l);
      tot += l;
    }
    r.link_load_max[i] = mx;
    r.link_load_min[i] = mn;
    r.link_load_total[i] = 2 * tot;  // both out-links of every node
  }
}

}  // namespace

broadcast_partial merge(broadcast_partial a, const broadcast_partial& b) {
  merge_coverage(a.identity, b.identity, a.covered, b.covered, "broadcast");
  a.sources += b.sources;
  a.rounds_max = std::max(a.rounds_max, b.rounds_max);
  a.rounds_min = std::min(a.rounds_min, b.rounds_min);
  a.active_rounds = std::max(a.active_rounds, b.active_rounds);
  a.messages += b.messages;
  a.duplicates += b.duplicates;
  a.unreached += b.unreached;
  a.incomplete_sources += b.incomplete_sources;
  if (b.first_incomplete_source &&
      (!a.first_incomplete_source || *b.first_incomplete_source < *a.first_incomplete_source))
    a.first_incomplete_source = b.first_incomplete_source;
  add_into(a.informed_per_round, b.informed_per_round);
  add_into(a.messages_per_round, b.messages_per_round);
  add_into(a.duplicates_per_round, b.duplicates_per_round);
  // Each source's slot is filled by the one range that covers it (0 elsewhere).
  if (a.rounds_per_source.size() < b.rounds_per_source.size())
    a.rounds_per_source.resize(b.rounds_per_source.size(), 0);
  for (size_t i = 0; i < b.rounds_per_source.size(); ++i)
    a.rounds_per_source[i] = std::max(a.rounds_per_source[i], b.rounds_per_source[i]);
  if (a.trace.empty()) a.trace = b.trace;
  add_into(a.link_loads, b.link_loads);
  a.words = std::max(a.words, b.words);
  a.batches += b.batches;
  return a;
}

broadcast_result finish(broadcast_partial p) {
  core::require_all_covered(p.covered, p.order_size(), "broadcast");
  broadcast_result r;
  r.scheme = static_cast<broadcast_scheme>(p.identity.get("scheme"));
  r.mode = static_cast<tree_mode>(p.identity.get("mode"));
  r.nodes = p.identity.get("nodes");
  r.sources = p.sources;
  r.rounds_max = p.rounds_max;
  r.rounds_min = p.sources ? p.rounds_min : 0;
  r.active_rounds = p.active_rounds;
  r.messages = p.messages;
  r.duplicates = p.duplicates;
  r.unreached = p.unreached;
  r.incomplete_sources = p.incomplete_sources;
  r.first_incomplete_source = p.first_incomplete_source;
  r.informed_per_round = std::move(p.informed_per_round);
  for (size_t t = 1; t < r.informed_per_round.size(); ++t)  // new per round -> cumulative
    r.informed_per_round[t] += r.informed_per_round[t - 1];
  r.messages_per_round = std::move(p.messages_per_round);
  r.duplicates_per_round = std::move(p.duplicates_per_round);
  r.rounds_per_source = std::move(p.rounds_per_source);
  r.trace = std::move(p.trace);
  if (!p.link_loads.empty())
    reduce_link_loads(p.link_loads, r.nodes, static_cast<int>(p.identity.get("bits")), r);
  r.words = p.words;
  r.batches = p.batches;
  return r;
}

}  // namespace tv::sim
