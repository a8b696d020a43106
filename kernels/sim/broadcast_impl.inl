// The round-based broadcast engine on one backend (broadcast_backend<B>::run), written
// once against an Exec trait: it sizes W against the memory budget, copies the graph or
// the tree to the backend, and runs the sources batch by batch, round by round, with the
// scheme's rule (broadcast_rules.inl) inside the round driver (broadcast_round.inl),
// collecting the rounds, messages, duplicates and reach of a range of the sources into a
// partial (broadcast_partial.hpp, whose finish() makes the result).  Included by
// broadcast_cpu.cpp and broadcast_cuda.cu, which instantiate broadcast_backend<B>.
#pragma once
#include <algorithm>
#include <utility>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/broadcast_partial.hpp"
#include "kernels/sim/broadcast_round.inl"
#include "kernels/sim/broadcast_rules.inl"
#include "kernels/sim/trees.hpp"

namespace tv::sim::detail {

template <class Exec>
int choose_words(const broadcast_plan& plan, uint64_t sources, int arrays, uint64_t extra_bytes) {
  const uint64_t batches_needed = (sources + 63) / 64;
  uint64_t w = plan.opt.words > 0 ? static_cast<uint64_t>(plan.opt.words) : 64;
  w = std::min<uint64_t>(w, std::max<uint64_t>(1, batches_needed));
  if (plan.opt.words <= 0) {
    const core::memory_info mem = core::backend_memory(Exec::kind);
    // Six tenths, where the other engines plan with nine (core/memory.hpp): the broadcast
    // engine has kept more back since its first version.
    const uint64_t budget = core::budget_bytes(mem, 6);
    const uint64_t per_word = static_cast<uint64_t>(arrays) * plan.nodes * 8;
    const uint64_t avail = budget > extra_bytes ? budget - extra_bytes : 0;
    const uint64_t fit = per_word ? avail / per_word : w;
    if (fit == 0)
      throw graph::graph_too_large(
          "broadcast: N = " + std::to_string(plan.nodes) + " needs at least " +
          std::to_string((per_word + extra_bytes) >> 20) + " MiB of " +
          core::backend_name(Exec::kind) + " memory for one word per node, but " +
          std::to_string(mem.free_bytes >> 20) + " MiB is free");
    w = std::min(w, fit);
  }
  return static_cast<int>(w);
}

template <class Exec>
lane_plan make_lanes(uint64_t nodes, uint64_t words) {
  lane_plan lp;
  if (Exec::kind == core::backend::cuda) {
    lp.strided = true;
    lp.lanes = std::max<uint64_t>(1, std::min<uint64_t>(nodes, (uint64_t{1} << 18) / words));
  } else {
    lp.strided = false;
    const uint64_t want = 8 * static_cast<uint64_t>(core::cpu_threads());
    lp.lanes = std::max<uint64_t>(1, std::min<uint64_t>(nodes, (want + words - 1) / words));
  }
  return lp;
}

/// Which of the engine's paths a scheme takes.
struct scheme_paths {
  bool flood;       // flooding over the graph
  bool uses_tree;   // a spanning tree copied to the backend (tree_rule)
  bool translated;  // the hypercube's binomial tree translated to each source
  bool rule1;       // the de Bruijn network's Rule 1
  bool a2a;         // AlltoAllBroadcast: a fixed number of iterations, link loads
};

inline scheme_paths paths_of(const broadcast_plan& plan) {
  const broadcast_scheme scheme = plan.scheme;
  const bool tree = scheme == broadcast_scheme::binomial_tree ||
                    scheme == broadcast_scheme::postal_tree || scheme == broadcast_scheme::eft;
  const bool translated = tree && plan.mode == tree_mode::translated;
  return scheme_paths{scheme == broadcast_scheme::flooding, tree && !translated, translated,
                      scheme == broadcast_scheme::debruijn_rule1,
                      scheme == broadcast_scheme::debruijn_all_to_all};
}

/// The engine's arrays on the backend: the graph or the tree the rules read, copied once,
/// and the state of a batch, W words per node (word-major), sized once for the run.
template <class Exec>
struct broadcast_arrays {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  u64vec in_off, out_off, child_off;
  u32vec in_src, out_tgt, parent, children, pre, sub;
  u64vec seen, front, next, prev, up, next_up, forward;
  u64vec counters, grew, missing;
  u64vec loads;  // all-to-all: [iteration * N + node], summed over batches

  /// Copies what the scheme's rule reads to the backend; returns its bytes, plus the
  /// all-to-all's link loads, for the memory plan of choose_words.
  uint64_t copy_structure(const broadcast_plan& plan, const scheme_paths& path) {
    const uint64_t n = plan.nodes;
    uint64_t extra = 0;
    if (path.flood) {
      const graph::csr_graph& g = *plan.g;
      out_off = Exec::from_host(g.offsets);
      out_tgt = Exec::from_host(g.targets);
      if (g.directed) {
        in_off = Exec::from_host(g.in_offsets);
        in_src = Exec::from_host(g.in_sources);
      }
      extra += graph::csr_bytes(n, g.arcs(), g.directed);
    }
    if (path.uses_tree) {
      const spanning_tree& t = *plan.tree;
      parent = Exec::from_host(t.parent);
      child_off = Exec::from_host(t.child_offsets);
      children = Exec::from_host(t.children);
      pre = Exec::from_host(t.preorder);
      sub = Exec::from_host(t.subtree);
      extra += n * 24;
    }
    if (path.a2a) extra += n * 8 * static_cast<uint64_t>(plan.bits + 1);
    return extra;
  }

  /// Arrays of W words per node the scheme keeps (what choose_words plans for).
  static int state_arrays(const scheme_paths& path) {
    return path.flood ? 4 : path.uses_tree ? 5 : path.rule1 ? 4 : 3;
  }

  /// `aligned`: the batches are aligned (Rule 1 then keeps its forward masks).
  void allocate_state(const broadcast_plan& plan, const scheme_paths& path, int W, bool aligned) {
    const uint64_t n = plan.nodes;
    const uint64_t cells = n * static_cast<uint64_t>(W);
    seen = u64vec(cells);
    front = u64vec(cells);
    next = u64vec(cells);
    if (path.flood) prev.resize(cells);
    if (path.uses_tree) {
      up.resize(cells);
      next_up.resize(cells);
    }
    if (path.rule1 && aligned) forward.resize(cells);
    counters = u64vec(bc_count);
    grew = u64vec(W);
    missing = u64vec(W);
    if (path.a2a) loads.assign(static_cast<uint64_t>(plan.bits + 1) * n, 0);
  }
};

/// Round t of the batch `bv` at every node: the scheme's rule inside round_fn (or one
/// AlltoAllBroadcast iteration), leaving next / next_up, the counters and grew.
template <class Exec>
void launch_round(const broadcast_plan& plan, const scheme_paths& path,
                  broadcast_arrays<Exec>& a, const batch_view& bv, const uint32_t* batch_pre,
                  uint64_t bits_per_batch, const lane_plan& lp, uint64_t items, uint32_t t) {
  const uint64_t n = plan.nodes;
  const broadcast_options& opt = plan.opt;
  if (path.a2a) {
    core::for_each_index(Exec{}, items,
                         all_to_all_fn{lp, n, plan.bits, opt.relay_new_only, Exec::ptr(a.front),
                                       Exec::ptr(a.next), Exec::ptr(a.seen),
                                       Exec::ptr(a.loads) + static_cast<uint64_t>(t) * n,
                                       Exec::ptr(a.counters), Exec::ptr(a.grew)});
  } else if (path.flood) {
    const graph::csr_graph& g = *plan.g;
    flood_rule r{bv,
                 Exec::ptr(a.front),
                 Exec::ptr(a.prev),
                 g.directed ? Exec::ptr(a.in_off) : Exec::ptr(a.out_off),
                 g.directed ? Exec::ptr(a.in_src) : Exec::ptr(a.out_tgt),
                 Exec::ptr(a.out_off),
                 Exec::ptr(a.out_tgt),
                 g.directed,
                 opt.flood_exclude_sender};
    core::for_each_index(Exec{}, items,
                         round_fn<flood_rule>{r, lp, n, Exec::ptr(a.seen), Exec::ptr(a.next),
                                              nullptr, Exec::ptr(a.counters), Exec::ptr(a.grew)});
  } else if (path.uses_tree) {
    tree_rule r{bv,
                Exec::ptr(a.front),
                Exec::ptr(a.up),
                Exec::ptr(a.parent),
                Exec::ptr(a.child_off),
                Exec::ptr(a.children),
                Exec::ptr(a.pre),
                Exec::ptr(a.sub),
                batch_pre,
                bits_per_batch,
                plan.tree->root,
                plan.mode == tree_mode::via_root};
    core::for_each_index(Exec{}, items,
                         round_fn<tree_rule>{r, lp, n, Exec::ptr(a.seen), Exec::ptr(a.next),
                                             Exec::ptr(a.next_up), Exec::ptr(a.counters),
                                             Exec::ptr(a.grew)});
  } else if (path.translated) {
    translated_rule r{bv, Exec::ptr(a.front), plan.bits};
    core::for_each_index(Exec{}, items,
                         round_fn<translated_rule>{r, lp, n, Exec::ptr(a.seen), Exec::ptr(a.next),
                                                   nullptr, Exec::ptr(a.counters),
                                                   Exec::ptr(a.grew)});
  } else {
    rule1_rule r{bv, Exec::ptr(a.front), bv.aligned ? Exec::ptr(a.forward) : nullptr, plan.bits};
    core::for_each_index(Exec{}, items,
                         round_fn<rule1_rule>{r, lp, n, Exec::ptr(a.seen), Exec::ptr(a.next),
                                              nullptr, Exec::ptr(a.counters), Exec::ptr(a.grew)});
  }
}

/// Adds one round's newly informed, messages and duplicates to the per-round series.
inline void add_round(broadcast_partial& p, size_t t, uint64_t informed, uint64_t msgs,
                      uint64_t dups) {
  if (p.informed_per_round.size() <= t) {
    p.informed_per_round.resize(t + 1, 0);
    p.messages_per_round.resize(t + 1, 0);
    p.duplicates_per_round.resize(t + 1, 0);
  }
  p.informed_per_round[t] += informed;
  p.messages_per_round[t] += msgs;
  p.duplicates_per_round[t] += dups;
}

/// The plan's sources at bits [range.begin, range.end), batch by batch, into a partial
/// (its identity is the caller's).  A batch is aligned (bit i <-> rank first + i, the
/// masks of Rule 1 and the translated tree) when the plan is dense and the batch starts
/// at a multiple of 64; a range starting elsewhere takes the per-source path, which
/// gives the same rounds (the tests compare the two with every split).
template <class Exec>
broadcast_partial run_broadcast(const broadcast_plan& plan, source_range range) {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  const broadcast_options& opt = plan.opt;
  const uint64_t n = plan.nodes;
  const scheme_paths path = paths_of(plan);

  broadcast_partial p;
  p.sources = range.end - range.begin;
  if (opt.per_source) p.rounds_per_source.assign(plan.bit_sources.size(), 0);
  if (p.sources == 0 || n == 0) return p;
  p.covered = {range};
  const bool aligned = plan.dense && range.begin % 64 == 0;

  // The structure first: what W fits is planned with its bytes already taken.
  broadcast_arrays<Exec> a;
  const uint64_t extra = a.copy_structure(plan, path);
  const int W =
      choose_words<Exec>(plan, p.sources, broadcast_arrays<Exec>::state_arrays(path), extra);
  p.words = W;
  a.allocate_state(plan, path, W, aligned);
  const uint64_t bits_per_batch = 64 * static_cast<uint64_t>(W);
  const uint64_t cells = n * static_cast<uint64_t>(W);
  const lane_plan lp = make_lanes<Exec>(n, W);
  const uint64_t items = static_cast<uint64_t>(W) * lp.lanes;
  std::vector<uint32_t> last_round(p.sources, 0);  // [bit - range.begin]

  for (uint64_t first_bit = range.begin; first_bit < range.end; first_bit += bits_per_batch) {
    if (opt.control.stop_requested()) throw core::interrupted("broadcast stopped");
    ++p.batches;
    const uint64_t in_batch = std::min(bits_per_batch, range.end - first_bit);
    std::vector<uint64_t> src_h(bits_per_batch, ~uint64_t{0});
    std::vector<uint32_t> pre_h(bits_per_batch, ~0u);
    std::vector<uint64_t> valid_h(W, 0);
    for (uint64_t i = 0; i < in_batch; ++i) {
      src_h[i] = plan.bit_sources[first_bit + i];
      if (path.uses_tree) pre_h[i] = plan.bit_pre[first_bit + i];
      valid_h[i / 64] |= uint64_t{1} << (i % 64);
    }
    const u64vec src = Exec::from_host(src_h);
    const u32vec bpre = Exec::from_host(pre_h);
    const u64vec valid = Exec::from_host(valid_h);
    batch_view bv{n, static_cast<uint64_t>(W), aligned ? first_bit : 0, aligned, Exec::ptr(src)};

    thrust::fill(Exec::par(), a.seen.begin(), a.seen.end(), 0);
    thrust::fill(Exec::par(), a.front.begin(), a.front.end(), 0);
    if (path.flood) thrust::fill(Exec::par(), a.prev.begin(), a.prev.end(), 0);
    if (path.uses_tree) thrust::fill(Exec::par(), a.up.begin(), a.up.end(), 0);
    core::for_each_index(Exec{}, bits_per_batch,
                         seed_fn{n, Exec::ptr(src), Exec::ptr(a.seen), Exec::ptr(a.front),
                                 path.uses_tree ? Exec::ptr(a.up) : nullptr});
    if (path.rule1 && aligned)
      core::for_each_index(Exec{}, cells,
                           rule1_prepare_fn{bv, Exec::ptr(valid), Exec::ptr(a.forward), plan.bits});
    add_round(p, 0, in_batch, 0, 0);

    std::vector<uint64_t> seen_prev_h;
    if (opt.trace) {
      seen_prev_h = Exec::to_host(a.seen);
      if (p.trace.empty()) p.trace.push_back({plan.bit_sources[first_bit]});
    }
    const uint32_t round_limit = path.a2a
                                     ? static_cast<uint32_t>(plan.bits)
                                     : static_cast<uint32_t>(std::min<uint64_t>(4 * n + 4, ~0u - 1));
    for (uint32_t t = 1;; ++t) {
      if (t > round_limit) {
        if (path.a2a) break;
        throw std::logic_error("broadcast: no quiescence after " + std::to_string(round_limit) +
                               " rounds");
      }
      if (opt.control.stop_requested()) throw core::interrupted("broadcast stopped");
      thrust::fill(Exec::par(), a.counters.begin(), a.counters.end(), 0);
      thrust::fill(Exec::par(), a.grew.begin(), a.grew.end(), 0);
      launch_round<Exec>(plan, path, a, bv, Exec::ptr(bpre), bits_per_batch, lp, items, t);
      const std::vector<uint64_t> c = Exec::to_host(a.counters);
      const std::vector<uint64_t> gw = Exec::to_host(a.grew);
      add_round(p, t, c[bc_new], c[bc_receptions], c[bc_receptions] - c[bc_new]);
      p.messages += c[bc_receptions];
      p.duplicates += c[bc_receptions] - c[bc_new];
      if (c[bc_receptions]) p.active_rounds = std::max(p.active_rounds, t);
      for (int w = 0; w < W; ++w)
        for (uint64_t m = gw[w]; m; m &= m - 1)
          last_round[first_bit - range.begin + 64 * static_cast<uint64_t>(w) + core::ctz64(m)] = t;
      if (opt.trace) {
        const std::vector<uint64_t> sh = Exec::to_host(a.seen);
        std::vector<uint64_t> fresh;
        for (uint64_t v = 0; v < n; ++v)
          if ((sh[v] & 1) && !(seen_prev_h[v] & 1)) fresh.push_back(v);
        p.trace.push_back(fresh);
        seen_prev_h = sh;
      }
      // Rotate: the frontier just used becomes `previous` (flooding), next becomes current.
      if (path.flood) std::swap(a.prev, a.front);
      std::swap(a.front, a.next);
      if (path.uses_tree) std::swap(a.up, a.next_up);
      if (!c[bc_active]) {
        if (!path.a2a) break;
      }
    }
    // Reach and completeness of this batch's sources.
    thrust::fill(Exec::par(), a.counters.begin(), a.counters.end(), 0);
    thrust::fill(Exec::par(), a.missing.begin(), a.missing.end(), 0);
    core::for_each_index(Exec{}, items,
                         reach_fn{lp, n, Exec::ptr(a.seen), Exec::ptr(valid),
                                  Exec::ptr(a.counters), Exec::ptr(a.missing)});
    const std::vector<uint64_t> c = Exec::to_host(a.counters);
    const std::vector<uint64_t> miss = Exec::to_host(a.missing);
    p.unreached += in_batch * n - c[bc_reached];
    for (int w = 0; w < W; ++w)
      for (uint64_t m = miss[w]; m; m &= m - 1) {
        ++p.incomplete_sources;
        const uint64_t s = plan.bit_sources[first_bit + 64 * static_cast<uint64_t>(w) + core::ctz64(m)];
        if (!p.first_incomplete_source || s < *p.first_incomplete_source)
          p.first_incomplete_source = s;
      }
    opt.control.report(first_bit + in_batch - range.begin, p.sources);
  }
  // The trace without its empty last rounds; each source's last round into the extremes
  // and its slot; the all-to-all's link loads as they are (finish takes their extremes).
  while (p.trace.size() > 1 && p.trace.back().empty()) p.trace.pop_back();
  for (uint64_t i = 0; i < p.sources; ++i) {
    p.rounds_max = std::max(p.rounds_max, last_round[i]);
    p.rounds_min = std::min(p.rounds_min, last_round[i]);
    if (opt.per_source) p.rounds_per_source[plan.input_index[range.begin + i]] = last_round[i];
  }
  if (path.a2a) p.link_loads = Exec::to_host(a.loads);
  return p;
}

template <core::backend B>
broadcast_partial broadcast_backend<B>::run(const broadcast_plan& plan, source_range range) {
  return run_broadcast<core::exec_of<B>>(plan, range);
}

}  // namespace tv::sim::detail
