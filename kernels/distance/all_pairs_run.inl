// The all-pairs run on one backend (run_all_pairs<Exec>): it picks the sources (every
// one, or one per orbit of the proved automorphisms, weighted by the orbit's size), sizes
// W against the memory budget, runs them batch by batch through msbfs_engine and folds the
// per-node results into the diameter, radius, eccentricity histogram, distance counts and
// the Hamming check.
#pragma once
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/core/memory.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/bfs.inl"
#include "kernels/distance/msbfs_engine.inl"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance::detail {

inline uint32_t label_hamming(uint64_t a, uint64_t b) {
  return static_cast<uint32_t>(__builtin_popcountll(a ^ b));
}

/// W for a run: the requested one, else the largest power of two up to `cap` that the
/// sources need and the backend's memory budget holds (core/memory.hpp).
template <class Exec>
int choose_words(const graph::csr_graph& g, int requested, uint64_t sources, level_mode mode, int cap) {
  const bool word_kernel = mode == level_mode::word;
  auto bytes = [&](int W) {
    return msbfs_engine<Exec>::bytes_needed(g.nodes, g.arcs(), W, word_kernel);
  };
  int W = requested;
  if (requested > 0) {
    if (requested > 64 || (!word_kernel && (requested & (requested - 1))))
      throw std::invalid_argument("all-pairs: words = " + std::to_string(requested) +
                                  " must be a power of two from 1 to 64");
  } else {
    const uint64_t budget = core::budget_bytes(core::backend_memory(Exec::kind));
    W = 1;
    while (W < cap && static_cast<uint64_t>(W) * 64 < sources) W *= 2;
    while (W > 1 && bytes(W) > budget) W /= 2;
  }
  core::require_bytes(Exec::kind, bytes(W),
                      "all-pairs: N = " + std::to_string(g.nodes) + " with W = " + std::to_string(W));
  return W;
}

/// The level kernel for a run: forced by the options, else `preferred`; the warp kernel
/// only when W == 32 (it falls back to `fallback` otherwise).
inline level_mode pick_mode(all_pairs_options::kernel k, level_mode preferred, level_mode fallback,
                            int W) {
  level_mode m = preferred;
  if (k == all_pairs_options::kernel::node) m = level_mode::node;
  if (k == all_pairs_options::kernel::word) m = level_mode::word;
  if (k == all_pairs_options::kernel::warp) m = level_mode::warp;
  if (m == level_mode::warp && W != 32) m = fallback;
  return m;
}

/// Sources run with one weight: each stands for `weight` sources of the same statistics.
struct source_class {
  uint64_t weight;
  std::vector<uint32_t> sources;
};

/// Source classes, each run with its own weight: without symmetry (orb == nullptr) one
/// class of weight 1, every source of [begin, begin + total); with it, one representative
/// per orbit, grouped by orbit size, the size being the weight.
inline std::vector<source_class> make_source_classes(const graph::label_orbits* orb, uint64_t n,
                                                     uint64_t begin, uint64_t total) {
  std::vector<source_class> classes;
  if (orb) {
    std::vector<uint32_t> reps;
    for (uint64_t v = 0; v < n; ++v)
      if (orb->rep[v] == v) reps.push_back(static_cast<uint32_t>(v));
    std::stable_sort(reps.begin(), reps.end(), [&](uint32_t a, uint32_t b) {
      return orb->orbit_size[a] < orb->orbit_size[b];
    });
    for (uint32_t v : reps) {
      if (classes.empty() || classes.back().weight != orb->orbit_size[v])
        classes.push_back({orb->orbit_size[v], {}});
      classes.back().sources.push_back(v);
    }
  } else {
    classes.push_back({1, std::vector<uint32_t>(total)});
    for (uint64_t j = 0; j < total; ++j) classes[0].sources[j] = static_cast<uint32_t>(begin + j);
  }
  return classes;
}

/// From the orbit representatives' statistics to every node's.  Per node v, for an
/// automorphism group G: sum over s in orbit(r) of d(v, s) = |orbit(r)| / |orbit(v)| * sum
/// over v' in orbit(v) of d(v', r), and the max over orbit(r) of d(v, s) = the max over
/// v' in orbit(v) of d(v', r).  So v's statistics over all sources are its orbit's
/// maximum of `last` and its orbit's weighted sums divided by the orbit's size.
inline void spread_over_orbits(const graph::label_orbits& orb, std::vector<uint32_t>& last,
                               std::vector<uint64_t>& dsum, std::vector<uint64_t>& reach) {
  const uint64_t n = last.size();
  std::vector<uint32_t> omax(n, 0);
  std::vector<uint64_t> osum(n, 0), oreach(n, 0);
  for (uint64_t v = 0; v < n; ++v) {
    const uint32_t o = orb.rep[v];
    omax[o] = std::max(omax[o], last[v]);
    osum[o] += dsum[v];
    oreach[o] += reach[v];
  }
  for (uint64_t v = 0; v < n; ++v) {
    const uint32_t o = orb.rep[v];
    const uint64_t k = orb.orbit_size[v];
    if (osum[o] % k || oreach[o] % k)
      throw std::logic_error("all-pairs: orbit sums not divisible by the orbit size");
    last[v] = omax[o];
    dsum[v] = osum[o] / k;
    reach[v] = oreach[o] / k;
  }
}

/// Diameter, radius and eccentricity histogram.  Per node v, last[v] = max over the run's
/// sources s of d(v, s): with every source run it is v's (finite) eccentricity.
inline void summarize_eccentricities(const std::vector<uint32_t>& last, all_pairs_result& r) {
  r.diameter = 0;
  r.radius = ~0u;
  for (const uint32_t e : last) {
    r.diameter = std::max(r.diameter, e);
    r.radius = std::min(r.radius, e);
    if (r.eccentricity_histogram.size() <= e) r.eccentricity_histogram.resize(e + 1, 0);
    ++r.eccentricity_histogram[e];
  }
}

/// The Hamming check, once every source is in (undirected graph).  Per-bit label counts
/// give, for a node, the sum over all nodes of Hamming distances; every edge flips one
/// bit, so d >= H pair by pair, and a node's sums agree exactly when each of its
/// distances equals the Hamming distance.  Node v's sums over all sources are its sums as
/// a source, so v is in a failing pair exactly when it misses a node or its distance sum
/// exceeds its Hamming sum.  The smallest such v is the first failing source; one BFS from
/// it names the first failing target.
template <class Exec>
void hamming_check(const graph::csr_graph& g, const std::vector<uint64_t>& dsum,
                   const std::vector<uint64_t>& reach, all_pairs_result& r) {
  const uint64_t n = g.nodes;
  std::vector<uint64_t> bit_count(64, 0);
  for (uint64_t v = 0; v < n; ++v)
    for (uint64_t x = g.labels[v]; x; x &= x - 1) ++bit_count[core::ctz64(x)];
  auto hamming_sum = [&](uint64_t s) {
    uint64_t h = 0;
    for (int b = 0; b < 64; ++b) h += ((g.labels[s] >> b) & 1u) ? n - bit_count[b] : bit_count[b];
    return h;
  };
  uint64_t first = n;
  for (uint64_t v = 0; v < n && first == n; ++v)
    if (reach[v] != n || dsum[v] != hamming_sum(v)) first = v;
  r.hamming_paths = first == n;
  if (first == n) return;
  const std::vector<uint32_t> d = bfs<Exec>(g, static_cast<uint32_t>(first));
  for (uint64_t t = 0; t < n; ++t) {
    const uint32_t h = label_hamming(g.labels[first], g.labels[t]);
    if (d[t] != h) {
      r.counterexample =
          hamming_counterexample{static_cast<uint32_t>(first), static_cast<uint32_t>(t), d[t], h};
      return;
    }
  }
}

template <class Exec>
all_pairs_result run_all_pairs(const graph::csr_graph& g, const all_pairs_options& opt,
                               level_mode preferred, level_mode fallback, int cap) {
  all_pairs_result r;
  const uint64_t n = g.nodes;
  r.nodes = n;
  const uint64_t begin = std::min(opt.source_begin, n), end = std::min(opt.source_end, n);
  const uint64_t total = end > begin ? end - begin : 0;
  if (n == 0 || total == 0) return r;

  graph::label_orbits orb;
  bool sym = opt.symmetry && begin == 0 && end == n;
  if (sym) {
    orb = graph::find_label_orbits(g);
    sym = orb.orbits < n;
  }
  const std::vector<source_class> classes =
      make_source_classes(sym ? &orb : nullptr, n, begin, total);
  r.orbits = sym ? orb.orbits : n;
  if (sym) r.automorphisms = orb.automorphisms;
  uint64_t run_total = 0;
  for (const auto& c : classes) run_total += c.sources.size();

  // Size W for the more demanding of the two kernels the run may use.
  const level_mode sizing = pick_mode(opt.level_kernel, preferred, fallback, 32) == level_mode::word ||
                                    fallback == level_mode::word
                                ? level_mode::word
                                : level_mode::node;
  const int W = choose_words<Exec>(g, opt.words, run_total, sizing, cap);
  r.words = W;

  const bool hamming = opt.hamming && !g.directed;
  if (hamming && total != n)
    throw std::invalid_argument("all-pairs: the Hamming check needs every source (no source range)");

  // Per node, over the run's sources: the largest distance (max), and the weighted sums
  // of distances and of sources reached.
  std::vector<uint32_t> last(n, 0);
  std::vector<uint64_t> dsum(n, 0), reach(n, 0);
  uint64_t done = 0;
  for (const source_class& cls : classes) {
    // A small class (e.g. the fixed points of a reversal) gets a narrower engine.
    int Wc = W;
    if (opt.words <= 0)
      while (Wc > 1 && 64ull * static_cast<uint64_t>(Wc / 2) >= cls.sources.size()) Wc /= 2;
    msbfs_engine<Exec> eng(g, Wc, pick_mode(opt.level_kernel, preferred, fallback, Wc));
    const uint64_t per_batch = 64ull * static_cast<uint64_t>(Wc);
    std::vector<uint32_t> sources;
    for (uint64_t first = 0; first < cls.sources.size(); first += per_batch) {
      if (opt.control.stop_requested())
        throw core::interrupted("all-pairs stopped after " + std::to_string(done) + " of " +
                                std::to_string(run_total) + " sources");
      const uint64_t count = std::min<uint64_t>(per_batch, cls.sources.size() - first);
      sources.assign(cls.sources.begin() + static_cast<std::ptrdiff_t>(first),
                     cls.sources.begin() + static_cast<std::ptrdiff_t>(first + count));
      std::vector<uint64_t> counts;
      eng.run_batch(sources, counts, nullptr, &r.level_seconds);
      ++r.batches;
      if (r.distance_counts.size() < counts.size()) r.distance_counts.resize(counts.size(), 0);
      for (size_t d = 0; d < counts.size(); ++d) r.distance_counts[d] += cls.weight * counts[d];
      done += count;
      opt.control.report(done, run_total);
    }
    const std::vector<uint32_t> l = eng.lastlevel();
    const std::vector<uint64_t> ds = eng.dsum();
    const std::vector<uint64_t> re = eng.reach();
    for (uint64_t v = 0; v < n; ++v) {
      last[v] = std::max(last[v], l[v]);
      dsum[v] += cls.weight * ds[v];
      reach[v] += cls.weight * re[v];
    }
  }
  r.sources = total;
  r.sources_run = run_total;
  for (size_t d = 0; d < r.distance_counts.size(); ++d) r.distance_sum += d * r.distance_counts[d];

  if (sym) spread_over_orbits(orb, last, dsum, reach);
  uint64_t reached_total = 0;
  for (uint64_t v = 0; v < n; ++v) reached_total += reach[v];
  r.unreachable_pairs = total * n - reached_total;
  summarize_eccentricities(last, r);
  if (hamming) hamming_check<Exec>(g, dsum, reach, r);
  if (opt.per_node) {
    r.eccentricity = std::move(last);
    r.per_node_distance_sum = std::move(dsum);
  }
  return r;
}

}  // namespace tv::distance::detail
