// The round-based broadcast engine on one backend (broadcast_backend<B>::run), written
// once against an Exec trait: it sizes W against the memory budget, copies the graph or
// the tree to the backend, and runs the sources batch by batch, round by round, with the
// scheme's rule (broadcast_rules.inl) inside the round driver (broadcast_round.inl),
// collecting the rounds, messages, duplicates and reach.  Included by broadcast_cpu.cpp
// and broadcast_cuda.cu, which instantiate broadcast_backend<B> for their backend.
#pragma once
#include <algorithm>
#include <utility>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/broadcast_round.inl"
#include "kernels/sim/broadcast_rules.inl"
#include "kernels/sim/trees.hpp"

namespace tv::sim::detail {

template <class Exec>
int choose_words(const broadcast_plan& plan, int arrays, uint64_t extra_bytes) {
  const uint64_t batches_needed = (plan.bit_sources.size() + 63) / 64;
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

template <class Exec>
broadcast_result run_broadcast(const broadcast_plan& plan) {
  using u64vec = typename Exec::template vector<uint64_t>;
  using u32vec = typename Exec::template vector<uint32_t>;
  const broadcast_options& opt = plan.opt;
  const uint64_t n = plan.nodes;
  const broadcast_scheme scheme = plan.scheme;
  const bool tree = scheme == broadcast_scheme::binomial_tree ||
                    scheme == broadcast_scheme::postal_tree || scheme == broadcast_scheme::eft;
  const bool translated = tree && plan.mode == tree_mode::translated;
  const bool a2a = scheme == broadcast_scheme::debruijn_all_to_all;
  const bool flood = scheme == broadcast_scheme::flooding;
  const bool rule1 = scheme == broadcast_scheme::debruijn_rule1;
  const bool uses_tree = tree && !translated;

  broadcast_result res;
  res.scheme = scheme;
  res.mode = plan.mode;
  res.nodes = n;
  res.sources = plan.bit_sources.size();
  if (opt.per_source) res.rounds_per_source.assign(res.sources, 0);
  if (res.sources == 0 || n == 0) return res;

  // Graph and tree arrays on the backend.
  u64vec in_off, out_off, child_off;
  u32vec in_src, out_tgt, parent, children, pre, sub;
  uint64_t extra = 0;
  if (flood) {
    const graph::csr_graph& g = *plan.g;
    out_off = Exec::from_host(g.offsets);
    out_tgt = Exec::from_host(g.targets);
    if (g.directed) {
      in_off = Exec::from_host(g.in_offsets);
      in_src = Exec::from_host(g.in_sources);
    }
    extra += graph::csr_bytes(n, g.arcs(), g.directed);
  }
  if (uses_tree) {
    const spanning_tree& t = *plan.tree;
    parent = Exec::from_host(t.parent);
    child_off = Exec::from_host(t.child_offsets);
    children = Exec::from_host(t.children);
    pre = Exec::from_host(t.preorder);
    sub = Exec::from_host(t.subtree);
    extra += n * 24;
  }
  const int arrays = flood ? 4 : uses_tree ? 5 : rule1 ? 4 : 3;
  if (a2a) extra += n * 8 * static_cast<uint64_t>(plan.bits + 1);
  const int W = choose_words<Exec>(plan, arrays, extra);
  res.words = W;
  const uint64_t bits_per_batch = 64 * static_cast<uint64_t>(W);
  const uint64_t cells = n * static_cast<uint64_t>(W);
  u64vec seen(cells), front(cells), next(cells), prev, up, next_up, forward;
  if (flood) prev.resize(cells);
  if (uses_tree) {
    up.resize(cells);
    next_up.resize(cells);
  }
  if (rule1 && plan.dense) forward.resize(cells);
  u64vec counters(bc_count), grew(W), missing(W);
  u64vec loads;  // all-to-all: [iteration * N + node], summed over batches
  if (a2a) loads.assign(static_cast<uint64_t>(plan.bits + 1) * n, 0);
  const lane_plan lp = make_lanes<Exec>(n, W);
  const uint64_t items = static_cast<uint64_t>(W) * lp.lanes;
  std::vector<uint32_t> last_round(res.sources, 0);
  res.rounds_min = ~0u;

  auto add_round = [&](size_t t, uint64_t informed, uint64_t msgs, uint64_t dups) {
    if (res.informed_per_round.size() <= t) {
      res.informed_per_round.resize(t + 1, 0);
      res.messages_per_round.resize(t + 1, 0);
      res.duplicates_per_round.resize(t + 1, 0);
    }
    res.informed_per_round[t] += informed;
    res.messages_per_round[t] += msgs;
    res.duplicates_per_round[t] += dups;
  };

  const uint64_t total_bits = res.sources;
  for (uint64_t first_bit = 0; first_bit < total_bits; first_bit += bits_per_batch) {
    if (opt.control.stop_requested()) throw core::interrupted("broadcast stopped");
    ++res.batches;
    const uint64_t in_batch = std::min(bits_per_batch, total_bits - first_bit);
    std::vector<uint64_t> src_h(bits_per_batch, ~uint64_t{0});
    std::vector<uint32_t> pre_h(bits_per_batch, ~0u);
    std::vector<uint64_t> valid_h(W, 0);
    for (uint64_t i = 0; i < in_batch; ++i) {
      src_h[i] = plan.bit_sources[first_bit + i];
      if (uses_tree) pre_h[i] = plan.bit_pre[first_bit + i];
      valid_h[i / 64] |= uint64_t{1} << (i % 64);
    }
    const u64vec src = Exec::from_host(src_h);
    const u32vec bpre = Exec::from_host(pre_h);
    const u64vec valid = Exec::from_host(valid_h);
    batch_view bv{n, static_cast<uint64_t>(W), plan.dense ? first_bit : 0, plan.dense,
                  Exec::ptr(src)};

    thrust::fill(Exec::par(), seen.begin(), seen.end(), 0);
    thrust::fill(Exec::par(), front.begin(), front.end(), 0);
    if (flood) thrust::fill(Exec::par(), prev.begin(), prev.end(), 0);
    if (uses_tree) thrust::fill(Exec::par(), up.begin(), up.end(), 0);
    core::for_each_index(Exec{}, bits_per_batch,
                         seed_fn{n, Exec::ptr(src), Exec::ptr(seen), Exec::ptr(front),
                                 uses_tree ? Exec::ptr(up) : nullptr});
    if (rule1 && plan.dense)
      core::for_each_index(Exec{}, cells,
                           rule1_prepare_fn{bv, Exec::ptr(valid), Exec::ptr(forward), plan.bits});
    add_round(0, in_batch, 0, 0);

    std::vector<uint64_t> seen_prev_h;
    if (opt.trace) {
      seen_prev_h = Exec::to_host(seen);
      if (res.trace.empty()) res.trace.push_back({plan.bit_sources[0]});
    }
    const uint32_t round_limit = a2a ? static_cast<uint32_t>(plan.bits)
                                     : static_cast<uint32_t>(std::min<uint64_t>(4 * n + 4, ~0u - 1));
    for (uint32_t t = 1;; ++t) {
      if (t > round_limit) {
        if (a2a) break;
        throw std::logic_error("broadcast: no quiescence after " + std::to_string(round_limit) +
                               " rounds");
      }
      if (opt.control.stop_requested()) throw core::interrupted("broadcast stopped");
      thrust::fill(Exec::par(), counters.begin(), counters.end(), 0);
      thrust::fill(Exec::par(), grew.begin(), grew.end(), 0);
      if (a2a) {
        core::for_each_index(Exec{}, items,
                             all_to_all_fn{lp, n, plan.bits, opt.relay_new_only, Exec::ptr(front),
                                           Exec::ptr(next), Exec::ptr(seen),
                                           Exec::ptr(loads) + static_cast<uint64_t>(t) * n,
                                           Exec::ptr(counters), Exec::ptr(grew)});
      } else if (flood) {
        const graph::csr_graph& g = *plan.g;
        flood_rule r{bv,
                     Exec::ptr(front),
                     Exec::ptr(prev),
                     g.directed ? Exec::ptr(in_off) : Exec::ptr(out_off),
                     g.directed ? Exec::ptr(in_src) : Exec::ptr(out_tgt),
                     Exec::ptr(out_off),
                     Exec::ptr(out_tgt),
                     g.directed,
                     opt.flood_exclude_sender};
        core::for_each_index(Exec{}, items,
                             round_fn<flood_rule>{r, lp, n, Exec::ptr(seen), Exec::ptr(next),
                                                  nullptr, Exec::ptr(counters), Exec::ptr(grew)});
      } else if (uses_tree) {
        tree_rule r{bv,
                    Exec::ptr(front),
                    Exec::ptr(up),
                    Exec::ptr(parent),
                    Exec::ptr(child_off),
                    Exec::ptr(children),
                    Exec::ptr(pre),
                    Exec::ptr(sub),
                    Exec::ptr(bpre),
                    bits_per_batch,
                    plan.tree->root,
                    plan.mode == tree_mode::via_root};
        core::for_each_index(Exec{}, items,
                             round_fn<tree_rule>{r, lp, n, Exec::ptr(seen), Exec::ptr(next),
                                                 Exec::ptr(next_up), Exec::ptr(counters),
                                                 Exec::ptr(grew)});
      } else if (translated) {
        translated_rule r{bv, Exec::ptr(front), plan.bits};
        core::for_each_index(Exec{}, items,
                             round_fn<translated_rule>{r, lp, n, Exec::ptr(seen), Exec::ptr(next),
                                                       nullptr, Exec::ptr(counters),
                                                       Exec::ptr(grew)});
      } else {
        rule1_rule r{bv, Exec::ptr(front), plan.dense ? Exec::ptr(forward) : nullptr, plan.bits};
        core::for_each_index(Exec{}, items,
                             round_fn<rule1_rule>{r, lp, n, Exec::ptr(seen), Exec::ptr(next),
                                                  nullptr, Exec::ptr(counters), Exec::ptr(grew)});
      }
      const std::vector<uint64_t> c = Exec::to_host(counters);
      const std::vector<uint64_t> gw = Exec::to_host(grew);
      add_round(t, c[bc_new], c[bc_receptions], c[bc_receptions] - c[bc_new]);
      res.messages += c[bc_receptions];
      res.duplicates += c[bc_receptions] - c[bc_new];
      if (c[bc_receptions]) res.active_rounds = std::max(res.active_rounds, t);
      for (int w = 0; w < W; ++w)
        for (uint64_t m = gw[w]; m; m &= m - 1)
          last_round[first_bit + 64 * static_cast<uint64_t>(w) + core::ctz64(m)] = t;
      if (opt.trace) {
        const std::vector<uint64_t> s = Exec::to_host(seen);
        std::vector<uint64_t> fresh;
        for (uint64_t v = 0; v < n; ++v)
          if ((s[v] & 1) && !(seen_prev_h[v] & 1)) fresh.push_back(v);
        res.trace.push_back(fresh);
        seen_prev_h = s;
      }
      // Rotate: the frontier just used becomes `previous` (flooding), next becomes current.
      if (flood) std::swap(prev, front);
      std::swap(front, next);
      if (uses_tree) std::swap(up, next_up);
      if (!c[bc_active]) {
        if (!a2a) break;
      }
    }
    // Reach and completeness of this batch's sources.
    thrust::fill(Exec::par(), counters.begin(), counters.end(), 0);
    thrust::fill(Exec::par(), missing.begin(), missing.end(), 0);
    core::for_each_index(Exec{}, items,
                         reach_fn{lp, n, Exec::ptr(seen), Exec::ptr(valid), Exec::ptr(counters),
                                  Exec::ptr(missing)});
    const std::vector<uint64_t> c = Exec::to_host(counters);
    const std::vector<uint64_t> miss = Exec::to_host(missing);
    res.unreached += in_batch * n - c[bc_reached];
    for (int w = 0; w < W; ++w)
      for (uint64_t m = miss[w]; m; m &= m - 1) {
        ++res.incomplete_sources;
        const uint64_t s = plan.bit_sources[first_bit + 64 * static_cast<uint64_t>(w) + core::ctz64(m)];
        if (!res.first_incomplete_source || s < *res.first_incomplete_source)
          res.first_incomplete_source = s;
      }
    opt.control.report(first_bit + in_batch, total_bits);
  }
  while (res.trace.size() > 1 && res.trace.back().empty()) res.trace.pop_back();
  for (size_t t = 1; t < res.informed_per_round.size(); ++t)  // new per round -> cumulative
    res.informed_per_round[t] += res.informed_per_round[t - 1];
  for (uint64_t i = 0; i < res.sources; ++i) {
    res.rounds_max = std::max(res.rounds_max, last_round[i]);
    res.rounds_min = std::min(res.rounds_min, last_round[i]);
    if (opt.per_source) res.rounds_per_source[plan.input_index[i]] = last_round[i];
  }
  if (a2a) {
    const std::vector<uint64_t> lh = Exec::to_host(loads);
    res.link_load_max.assign(plan.bits + 1, 0);
    res.link_load_min.assign(plan.bits + 1, 0);
    res.link_load_total.assign(plan.bits + 1, 0);
    for (int i = 1; i <= plan.bits; ++i) {
      uint64_t mx = 0, mn = ~uint64_t{0}, tot = 0;
      for (uint64_t v = 0; v < n; ++v) {
        const uint64_t l = lh[static_cast<uint64_t>(i) * n + v];
        mx = std::max(mx, l);
        mn = std::min(mn, l);
        tot += l;
      }
      res.link_load_max[i] = mx;
      res.link_load_min[i] = mn;
      res.link_load_total[i] = 2 * tot;  // both out-links of every node
    }
  }
  return res;
}

template <core::backend B>
broadcast_result broadcast_backend<B>::run(const broadcast_plan& plan) {
  return run_broadcast<core::exec_of<B>>(plan);
}

}  // namespace tv::sim::detail
