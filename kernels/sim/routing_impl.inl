// Single-source implementation of the routing run over a range of pair indices (to a
// partial, routing_partial.hpp, whose finish() makes route_all's result), written once
// against an Exec trait (core::cpu_exec / core::cuda_exec).  Included by routing_cpu.cpp
// and routing_cuda.cu, which instantiate routing_backend<B> for their backend.
//
// Work item = a run of `chunk` consecutive pair indices (one source, consecutive
// targets, for the all-pairs order); each item keeps local counters and a local hop
// histogram and merges them with a few atomics at its end, so no lock and no atomic
// sits in the per-route loop.
#pragma once
#include <algorithm>

#include "kernels/core/atomics.hpp"
#include "kernels/core/dispatch.hpp"
#include "kernels/sim/routing.hpp"
#include "kernels/sim/routing_partial.hpp"

namespace tv::sim::detail {

/// Histogram bins: hops <= 64 bits + 2 * spare_limit (spare_limit <= 15).
constexpr int route_bins = 96;

enum route_counter : int {
  rc_pairs,
  rc_delivered,
  rc_stuck,
  rc_hops,
  rc_excess,
  rc_max_excess,
  rc_first_stuck,
  rc_count
};

/// Pair index -> (source rank, target rank), source != target.
struct pair_map {
  uint64_t nodes;
  bool sampled;
  uint64_t seed;
  TV_HD void operator()(uint64_t p, uint64_t& s, uint64_t& t) const {
    uint64_t j;
    if (sampled) {
      s = hash4(seed, p, 0, 0x5A) % nodes;
      j = hash4(seed, p, 1, 0xA5) % (nodes - 1);
    } else {
      s = p / (nodes - 1);
      j = p % (nodes - 1);
    }
    t = j < s ? j : j + 1;
  }
};

template <class Fam>
struct route_chunk_fn {
  Fam fam;
  routing_params rule;
  pair_map pairs;
  uint64_t begin, end, chunk;
  uint32_t step_limit;
  uint64_t* counters;  // rc_count
  uint64_t* hist;      // route_bins
  uint64_t* excess;    // route_bins

  TV_HD void operator()(uint64_t item) const {
    const uint64_t p0 = begin + item * chunk;
    const uint64_t p1 = p0 + chunk < end ? p0 + chunk : end;
    uint32_t h_local[route_bins];
    uint32_t e_local[route_bins];
    for (int i = 0; i < route_bins; ++i) h_local[i] = e_local[i] = 0;
    uint64_t delivered = 0, stuck = 0, hops = 0, exc = 0, max_exc = 0;
    uint64_t first_stuck = ~uint64_t{0};
    uint64_t last_s = ~uint64_t{0}, s_label = 0;
    for (uint64_t p = p0; p < p1; ++p) {
      uint64_t s, t;
      pairs(p, s, t);
      if (s != last_s) {
        s_label = fam.unrank(s);
        last_s = s;
      }
      const uint64_t t_label = fam.unrank(t);
      route_state st;
      st.at = s_label;
      st.spares_left = rule.spare_limit;
      bool ok = true;
      while (st.at != t_label) {
        if (st.hops >= step_limit || !route_step(fam, rule, s_label, t_label, st)) {
          ok = false;
          break;
        }
      }
      if (!ok) {
        ++stuck;
        if (p < first_stuck) first_stuck = p;
        continue;
      }
      const uint32_t ham = static_cast<uint32_t>(core::popcount64(s_label ^ t_label));
      const uint32_t e = st.hops - ham;  // every hop flips one bit, so hops >= ham
      ++delivered;
      hops += st.hops;
      exc += e;
      if (e > max_exc) max_exc = e;
      ++h_local[st.hops < route_bins ? st.hops : route_bins - 1];
      ++e_local[e < route_bins ? e : route_bins - 1];
    }
    core::atomic_add(&counters[rc_pairs], p1 - p0);
    if (delivered) core::atomic_add(&counters[rc_delivered], delivered);
    if (stuck) core::atomic_add(&counters[rc_stuck], stuck);
    if (hops) core::atomic_add(&counters[rc_hops], hops);
    if (exc) core::atomic_add(&counters[rc_excess], exc);
    if (max_exc) core::atomic_max(&counters[rc_max_excess], max_exc);
    if (stuck) core::atomic_min(&counters[rc_first_stuck], first_stuck);
    for (int i = 0; i < route_bins; ++i) {
      if (h_local[i]) core::atomic_add(&hist[i], h_local[i]);
      if (e_local[i]) core::atomic_add(&excess[i], e_local[i]);
    }
  }
};

/// The pairs of indices [pair_begin, pair_end) (of the all-pairs order, or of the sample)
/// into a partial: counters, histograms and the first stuck pair of the range, replayed
/// on the host to say where it got stuck.
template <class Exec, class Fam>
routing_partial route_pairs(const Fam& fam, const routing_options& opt, uint64_t pair_begin,
                            uint64_t pair_end) {
  routing_partial part;
  const uint64_t n = fam.size();
  if (n < 2 || pair_begin >= pair_end) return part;
  const bool sampled = opt.sample_pairs != 0;
  const uint64_t total = pair_end - pair_begin;
  const pair_map pm{n, sampled, opt.sample_seed};
  using u64vec = typename Exec::template vector<uint64_t>;
  std::vector<uint64_t> init(rc_count, 0);
  init[rc_first_stuck] = ~uint64_t{0};
  u64vec counters = Exec::from_host(init);
  u64vec hist(route_bins, 0), excess(route_bins, 0);
  // Items of `chunk` pairs; a slice of items per launch so stop requests are polled.
  const uint64_t chunk = Exec::kind == core::backend::cuda ? 1024 : 4096;
  const uint64_t slice = Exec::kind == core::backend::cuda ? (uint64_t{1} << 29)
                                                           : (uint64_t{1} << 24);
  const uint32_t limit = route_step_limit(fam.bits(), opt.rule);
  for (uint64_t b = pair_begin; b < pair_end; b += slice) {
    if (opt.control.stop_requested()) throw core::interrupted("routing stopped");
    const uint64_t e = std::min(pair_end, b + slice);
    const uint64_t items = (e - b + chunk - 1) / chunk;
    core::for_each_index(Exec{}, items,
                         route_chunk_fn<Fam>{fam, opt.rule, pm, b, e, chunk, limit,
                                             Exec::ptr(counters), Exec::ptr(hist),
                                             Exec::ptr(excess)});
    Exec::sync();
    opt.control.report(e - pair_begin, total);
  }
  const std::vector<uint64_t> c = Exec::to_host(counters);
  routing_result& res = part.totals;
  res.pairs = c[rc_pairs];
  res.delivered = c[rc_delivered];
  res.stuck = c[rc_stuck];
  res.hops_sum = c[rc_hops];
  res.excess_sum = c[rc_excess];
  res.max_excess = static_cast<uint32_t>(c[rc_max_excess]);
  res.hop_histogram = Exec::to_host(hist);
  res.excess_histogram = Exec::to_host(excess);
  if (res.stuck) {
    uint64_t s, t;
    pm(c[rc_first_stuck], s, t);
    stuck_pair sp;
    sp.source = fam.unrank(s);
    sp.target = fam.unrank(t);
    route_state st;
    st.at = sp.source;
    st.spares_left = opt.rule.spare_limit;
    while (st.at != sp.target && st.hops < limit &&
           route_step(fam, opt.rule, sp.source, sp.target, st)) {
    }
    sp.at = st.at;
    sp.hops = st.hops;
    part.first_stuck_index = c[rc_first_stuck];
    res.first_stuck = sp;
  }
  return part;
}

template <core::backend B>
routing_partial routing_backend<B>::route_pairs(const families::family& f,
                                                const routing_options& opt, uint64_t pair_begin,
                                                uint64_t pair_end) {
  return std::visit(
      [&](const auto& x) { return detail::route_pairs<core::exec_of<B>>(x, opt, pair_begin, pair_end); },
      f);
}

}  // namespace tv::sim::detail
