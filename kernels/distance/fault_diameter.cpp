// Fault diameter by all-pairs runs on the graph left by each failed set (see
// fault_diameter.hpp).  Host code around the engine: the runs themselves are
// distance::all_pairs on either backend.
#include "kernels/distance/fault_diameter.hpp"

#include <algorithm>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/label_automorphisms.hpp"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance {

namespace {

using failed_set = std::vector<uint32_t>;

/// Classes of failed sets, one representative each, or none when more than `budget`.
/// One node: the node orbits.  Two nodes {a, b}: an automorphism g with g(a) = r, r the
/// representative of a's orbit, gives {r, g(b)}; a map h fixing r gives {r, h(g(b))}; so
/// the sets {r, w} with w one per orbit of the maps fixing r (orbits_fixing) cover every
/// class (some perhaps twice, which costs runs, not exactness).
std::optional<std::vector<failed_set>> classes_within(const graph::csr_graph& g, int failures,
                                                      uint64_t budget,
                                                      const core::run_control& control,
                                                      std::vector<std::string>& names) {
  const graph::proved_automorphisms a = graph::find_label_automorphisms(g);
  const graph::label_orbits orbits = graph::find_label_orbits(g);
  names = a.names();
  std::set<failed_set> sets;
  for (uint32_t r = 0; r < g.nodes; ++r) {
    if (orbits.rep[r] != r) continue;
    if (control.stop_requested()) throw core::interrupted("stopped during fault_diameter");
    if (failures == 1) {
      sets.insert({r});
    } else {
      const std::vector<uint32_t> fixing = graph::orbits_fixing(g, a, r);
      for (uint32_t w = 0; w < g.nodes && sets.size() <= budget; ++w)
        if (w != r && fixing[w] == w) sets.insert({std::min(r, w), std::max(r, w)});
    }
    if (sets.size() > budget) return std::nullopt;
  }
  return std::vector<failed_set>(sets.begin(), sets.end());
}

/// The index-th set of `failures` nodes in lexicographic order.
failed_set unrank_set(uint64_t n, int failures, uint64_t index) {
  if (failures == 1) return {static_cast<uint32_t>(index)};
  // Row a holds the n - 1 - a pairs (a, b > a), so a(2n - a - 1) / 2 pairs come before it:
  // the last row starting at or before `index`, by binary search.
  auto before = [n](uint64_t a) {
    return static_cast<uint64_t>(static_cast<unsigned __int128>(a) * (2 * n - a - 1) / 2);
  };
  uint64_t low = 0, high = n - 1;  // before(low) <= index < before(high)
  while (high - low > 1) {
    const uint64_t mid = low + (high - low) / 2;
    (before(mid) <= index ? low : high) = mid;
  }
  return {static_cast<uint32_t>(low), static_cast<uint32_t>(low + 1 + index - before(low))};
}

/// `count` distinct sets drawn uniformly from the `total` by a 64-bit Mersenne Twister on
/// `seed` (Floyd's sampling: the same seed gives the same sets everywhere).
std::vector<failed_set> sample_sets(uint64_t n, int failures, uint64_t total, uint64_t count,
                                    uint64_t seed) {
  std::mt19937_64 random(seed);
  std::set<uint64_t> picked;
  for (uint64_t j = total - count; j < total; ++j) {
    const uint64_t t = random() % (j + 1);
    picked.insert(picked.count(t) ? j : t);
  }
  std::vector<failed_set> sets;
  for (uint64_t index : picked) sets.push_back(unrank_set(n, failures, index));
  return sets;
}

}  // namespace

std::vector<std::vector<uint32_t>> failed_sets_to_run(const graph::csr_graph& g,
                                                      const fault_diameter_options& opt,
                                                      fault_diameter_result& plan) {
  if (opt.failures != 1 && opt.failures != 2)
    throw std::invalid_argument("fault_diameter: failures must be 1 or 2");
  if (g.nodes < static_cast<uint64_t>(opt.failures) + 1)
    throw std::invalid_argument("fault_diameter: the graph has fewer than failures + 1 nodes");
  const uint64_t n = g.nodes;
  plan.failed_sets = opt.failures == 1 ? n : n * (n - 1) / 2;
  std::optional<std::vector<failed_set>> classes;
  if (opt.symmetry)
    classes = classes_within(g, opt.failures, opt.budget, opt.control, plan.automorphisms);
  else if (plan.failed_sets <= opt.budget)
    classes = sample_sets(n, opt.failures, plan.failed_sets, plan.failed_sets, opt.seed);  // all
  if (classes) {
    plan.exact = true;
    plan.planned = classes->size();
    return *classes;
  }
  plan.exact = false;
  plan.planned = std::min(opt.budget, plan.failed_sets);
  return sample_sets(n, opt.failures, plan.failed_sets, plan.planned, opt.seed);
}

fault_diameter_result fault_diameter(core::backend b, const graph::csr_graph& g,
                                     const fault_diameter_options& opt) {
  fault_diameter_result r;
  const std::vector<failed_set> sets = failed_sets_to_run(g, opt, r);
  all_pairs_options run;
  run.words = opt.words;
  run.control.should_stop = opt.control.should_stop;
  bool first = true;
  for (const failed_set& failed : sets) {
    std::vector<uint64_t> keep;
    for (uint64_t v = 0, f = 0; v < g.nodes; ++v) {
      if (f < failed.size() && failed[f] == v) ++f;
      else keep.push_back(v);
    }
    const all_pairs_result left = all_pairs(b, graph::induced_subgraph(g, keep), run);
    ++r.runs;
    opt.control.report(r.runs, sets.size());
    if (left.unreachable_pairs > 0) {  // disconnected: the fault diameter is infinite
      r.stays_connected = false;
      r.worst_set = failed;
      break;
    }
    if (first || left.diameter > r.fault_diameter) {
      r.fault_diameter = left.diameter;
      r.worst_set = failed;
      first = false;
    }
  }
  return r;
}

}  // namespace tv::distance
