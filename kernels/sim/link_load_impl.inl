// Single-source implementation of the link loads (link_load.hpp), written once against
// an Exec trait (core::cpu_exec / core::cuda_exec).  Included by link_load_cpu.cpp and
// link_load_cuda.cu, which instantiate link_load_backend<B> for their backend.
//
// Routing algorithms: one work item per source routes to every target with route_step()
// and, once a route arrives, adds 1 to each arc it took (a stuck route adds nothing).
// Shortest paths: one work item per target, with a scratch slot of its own, runs a BFS
// toward the target and adds each node's subtree size to its next-hop arc.
// Either runs the parts of a partition of its units one after another (a sample's
// batches) with the graph copied to the backend once, handing each part's loads on.
#pragma once
#include <algorithm>

#include "kernels/core/atomics.hpp"
#include "kernels/core/dispatch.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::sim::detail {

enum load_counter : int { lc_routed, lc_unrouted, lc_hops, lc_first_unrouted, lc_count };

/// The arc u -> v in a CSR row (targets ascending); v must be a neighbour of u.
TV_HD inline uint64_t arc_of(const uint64_t* offsets, const uint32_t* targets, uint64_t u, uint64_t v) {
  uint64_t lo = offsets[u], hi = offsets[u + 1];
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    if (targets[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

/// Route capacity: route_step_limit() <= 64 bits + 2 * 15 spares + 1.
constexpr uint32_t max_route_arcs = 96;

template <class Fam>
struct route_loads_fn {
  Fam fam;
  routing_params rule;
  uint64_t nodes, first_source;
  const uint32_t* source_list;  // the sources (first_source + item indexes it), null: all
  uint32_t step_limit;
  const uint64_t* offsets;
  const uint32_t* targets;
  uint64_t* loads;
  uint64_t* counters;  // lc_count

  TV_HD void operator()(uint64_t item) const {
    const uint64_t s = source_list ? source_list[first_source + item] : first_source + item;
    const uint64_t s_label = fam.unrank(s);
    uint64_t taken[max_route_arcs];
    uint64_t routed = 0, unrouted = 0, hops = 0, first_unrouted = ~uint64_t{0};
    for (uint64_t t = 0; t < nodes; ++t) {
      if (t == s) continue;
      const uint64_t t_label = fam.unrank(t);
      route_state st;
      st.at = s_label;
      st.spares_left = rule.spare_limit;
      uint64_t at_rank = s;
      bool arrived = true;
      while (st.at != t_label) {
        const uint64_t from = st.at;
        if (st.hops >= step_limit || !route_step(fam, rule, s_label, t_label, st)) {
          arrived = false;
          break;
        }
        const uint64_t next_rank = fam.rank_neighbor(from, at_rank, st.at);
        taken[st.hops - 1] = arc_of(offsets, targets, at_rank, next_rank);
        at_rank = next_rank;
      }
      if (!arrived) {
        ++unrouted;
        if (first_unrouted == ~uint64_t{0}) first_unrouted = s * nodes + t;
        continue;
      }
      for (uint32_t h = 0; h < st.hops; ++h) core::atomic_add(&loads[taken[h]], 1);
      ++routed;
      hops += st.hops;
    }
    if (routed) core::atomic_add(&counters[lc_routed], routed);
    if (unrouted) core::atomic_add(&counters[lc_unrouted], unrouted);
    if (hops) core::atomic_add(&counters[lc_hops], hops);
    if (unrouted) core::atomic_min(&counters[lc_first_unrouted], first_unrouted);
  }
};

/// Per target: BFS over the in-arcs (the out-arcs of an undirected graph) gives each
/// node's distance to t in BFS order; then, deepest first, each node x adds its count of
/// sources (itself and those routed through it) to the arc toward its next hop, an
/// out-neighbour one step closer chosen by the tie-break, and passes the count on to it.
struct shortest_loads_fn {
  shortest_path_rule rule;
  uint64_t nodes, first_target;
  const uint32_t* target_list;  // the targets (first_target + item indexes it), null: all
  const uint64_t* out_offsets;
  const uint32_t* out_targets;
  const uint64_t* in_offsets;  // = out_offsets on an undirected graph
  const uint32_t* in_sources;
  uint32_t* scratch;           // 3 N words per slot: distance, BFS order, sources routed
  uint64_t* loads;
  uint64_t* counters;

  /// The arc from x to its next hop toward t: the first closer out-neighbour (rows are
  /// ascending), or the (hash mod count)-th of them.  One exists: x was reached from one.
  TV_HD uint64_t next_hop_arc(uint32_t x, uint64_t t, const uint32_t* dist) const {
    const uint64_t begin = out_offsets[x], end = out_offsets[x + 1];
    uint64_t skip = 0;
    if (rule.tie == tie_break::hashed) {
      uint64_t closer = 0;
      for (uint64_t a = begin; a < end; ++a) closer += dist[out_targets[a]] + 1 == dist[x];
      skip = closer > 1 ? hash4(rule.seed, x, t, 0x4C4C) % closer : 0;
    }
    uint64_t a = begin;
    while (dist[out_targets[a]] + 1 != dist[x] || skip-- > 0) ++a;
    return a;
  }

  TV_HD void operator()(uint64_t item) const {
    const uint64_t t = target_list ? target_list[first_target + item] : first_target + item;
    uint32_t* dist = scratch + item * 3 * nodes;
    uint32_t* order = dist + nodes;
    uint32_t* count = order + nodes;
    const uint32_t unseen = ~uint32_t{0};
    for (uint64_t v = 0; v < nodes; ++v) dist[v] = unseen;
    dist[t] = 0;
    order[0] = static_cast<uint32_t>(t);
    uint64_t head = 0, tail = 1;
    while (head < tail) {
      const uint32_t u = order[head++];
      for (uint64_t a = in_offsets[u]; a < in_offsets[u + 1]; ++a) {
        const uint32_t w = in_sources[a];
        if (dist[w] != unseen) continue;
        dist[w] = dist[u] + 1;
        order[tail++] = w;
      }
    }
    uint64_t hops = 0;
    for (uint64_t i = 0; i < tail; ++i) count[order[i]] = 1;
    for (uint64_t i = tail - 1; i >= 1; --i) {
      const uint32_t x = order[i];
      const uint64_t a = next_hop_arc(x, t, dist);
      const uint32_t next = out_targets[a];
      core::atomic_add(&loads[a], count[x]);
      count[next] += count[x];
      hops += dist[x];
    }
    const uint64_t unrouted = nodes - tail;
    if (tail > 1) core::atomic_add(&counters[lc_routed], tail - 1);
    if (hops) core::atomic_add(&counters[lc_hops], hops);
    if (unrouted) {
      core::atomic_add(&counters[lc_unrouted], unrouted);
      uint64_t s = 0;
      while (dist[s] != unseen) ++s;
      core::atomic_min(&counters[lc_first_unrouted], s * nodes + t);
    }
  }
};

/// The counters into the result's totals.
inline void put_counters(link_loads& r, const std::vector<uint64_t>& c, uint64_t nodes) {
  r.pairs = nodes < 2 ? 0 : nodes * (nodes - 1);
  r.routed = c[lc_routed];
  r.unrouted = c[lc_unrouted];
  r.hops_sum = c[lc_hops];
  if (r.unrouted) r.first_unrouted = std::make_pair(c[lc_first_unrouted] / nodes, c[lc_first_unrouted] % nodes);
}

inline std::vector<uint64_t> fresh_counters() {
  std::vector<uint64_t> c(lc_count, 0);
  c[lc_first_unrouted] = ~uint64_t{0};
  return c;
}

/// Units (sources or targets) in all the parts: every node when parts is null.
inline uint64_t units_in(const unit_parts* parts, uint64_t nodes) {
  if (!parts) return nodes;
  uint64_t units = 0;
  for (const std::vector<uint32_t>& part : *parts) units += part.size();
  return units;
}

template <class Exec, class Fam>
void route_loads(const Fam& fam, const graph::csr_graph& g, const routing_params& p, const core::run_control& control,
                 const unit_parts* parts, const part_loads_sink& sink) {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  const uint64_t n = g.nodes;
  // The rows go to the backend once, for every part.
  const u64vec offsets = Exec::from_host(g.offsets);
  const u32vec targets = Exec::from_host(g.targets);
  // Sources a slice at a time (about 2^24 routes on the CPU, 2^29 on a GPU), so stop
  // requests are polled and progress is reported.
  const uint64_t routes = Exec::kind == core::backend::cuda ? (uint64_t{1} << 29) : (uint64_t{1} << 24);
  const uint64_t slice = std::max<uint64_t>(1, routes / std::max<uint64_t>(n, 1));
  const uint32_t limit = route_step_limit(fam.bits(), p);
  const uint64_t total = units_in(parts, n);
  uint64_t before = 0;  // sources of the earlier parts
  for (size_t i = 0; i < (parts ? parts->size() : 1); ++i) {
    const std::vector<uint32_t>* from = parts ? &(*parts)[i] : nullptr;
    u64vec loads(g.arcs(), 0);
    u64vec counters = Exec::from_host(fresh_counters());
    const u32vec list = Exec::from_host(from ? *from : std::vector<uint32_t>{});
    const uint64_t all = from ? from->size() : n;  // sources
    for (uint64_t s = 0; n >= 2 && s < all; s += slice) {
      if (control.stop_requested()) throw core::interrupted("link loads stopped");
      const uint64_t e = std::min(all, s + slice);
      core::for_each_index(Exec{}, e - s,
                           route_loads_fn<Fam>{fam, p, n, s, from ? Exec::ptr(list) : nullptr, limit,
                                               Exec::ptr(offsets), Exec::ptr(targets), Exec::ptr(loads),
                                               Exec::ptr(counters)});
      Exec::sync();
      control.report(before + e, total);
    }
    link_loads r;
    put_counters(r, Exec::to_host(counters), n);
    r.pairs = n < 2 ? 0 : all * (n - 1);
    r.per_arc = Exec::to_host(loads);
    before += all;
    sink(i, std::move(r));
  }
}

template <core::backend B>
void link_load_backend<B>::routed(const families::family& f, const graph::csr_graph& g, const routing_params& p,
                                  const core::run_control& control, const unit_parts* parts,
                                  const part_loads_sink& sink) {
  std::visit([&](const auto& x) { route_loads<core::exec_of<B>>(x, g, p, control, parts, sink); }, f);
}

template <core::backend B>
void link_load_backend<B>::shortest(const graph::csr_graph& g, const shortest_path_rule& rule, uint64_t slots,
                                    const core::run_control& control, const unit_parts* parts,
                                    const part_loads_sink& sink) {
  using Exec = core::exec_of<B>;
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  const uint64_t n = g.nodes;
  // The rows (both ways on a directed graph) and the targets' scratch go to the backend
  // once, for every part: a work item sets its slot's distances, order and counts itself.
  const u64vec out_offsets = Exec::from_host(g.offsets);
  const u32vec out_targets = Exec::from_host(g.targets);
  const u64vec in_offsets = Exec::from_host(g.directed ? g.in_offsets : std::vector<uint64_t>{});
  const u32vec in_sources = Exec::from_host(g.directed ? g.in_sources : std::vector<uint32_t>{});
  u32vec scratch(slots * 3 * n, 0);
  const uint64_t total = units_in(parts, n);
  uint64_t before = 0;  // targets of the earlier parts
  for (size_t i = 0; i < (parts ? parts->size() : 1); ++i) {
    const std::vector<uint32_t>* toward = parts ? &(*parts)[i] : nullptr;
    const u32vec list = Exec::from_host(toward ? *toward : std::vector<uint32_t>{});
    const uint64_t all = toward ? toward->size() : n;  // targets
    u64vec loads(g.arcs(), 0);
    u64vec counters = Exec::from_host(fresh_counters());
    for (uint64_t t = 0; n >= 2 && t < all; t += slots) {
      if (control.stop_requested()) throw core::interrupted("link loads stopped");
      const uint64_t e = std::min(all, t + slots);
      shortest_loads_fn fn{rule,
                           n,
                           t,
                           toward ? Exec::ptr(list) : nullptr,
                           Exec::ptr(out_offsets),
                           Exec::ptr(out_targets),
                           Exec::ptr(g.directed ? in_offsets : out_offsets),
                           Exec::ptr(g.directed ? in_sources : out_targets),
                           Exec::ptr(scratch),
                           Exec::ptr(loads),
                           Exec::ptr(counters)};
      core::for_each_index(Exec{}, e - t, fn);
      Exec::sync();
      control.report(before + e, total);
    }
    link_loads r;
    put_counters(r, Exec::to_host(counters), n);
    r.pairs = n < 2 ? 0 : all * (n - 1);
    r.per_arc = Exec::to_host(loads);
    before += all;
    sink(i, std::move(r));
  }
}

}  // namespace tv::sim::detail
