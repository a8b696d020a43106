// The all-pairs run over a range of sources on one backend (run_all_pairs_range<Exec>):
// it takes the run's fixed order of sources and W (all_pairs_order.inl), searches from
// the small components' sources one by one (small_components.hpp), folds leaves into
// their neighbours where that saves rounds of batches (leaf_fold.hpp), runs the other
// sources batch by batch through msbfs_engine and hands back a partial
// (all_pairs_partial.hpp) that finish() turns into statistics.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/core/cache_size.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_order.inl"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/all_pairs_words.hpp"
#include "kernels/distance/bfs.inl"
#include "kernels/distance/hamming_sums.hpp"
#include "kernels/distance/leaf_fold.hpp"
#include "kernels/distance/msbfs_engine.inl"
#include "kernels/distance/small_components.hpp"
#include "kernels/graph/bipartite.hpp"
#include "kernels/graph/locality_order.hpp"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance::detail {

inline uint32_t label_hamming(uint64_t a, uint64_t b) {
  return static_cast<uint32_t>(__builtin_popcountll(a ^ b));
}

/// The range's share of the Hamming check (undirected graph).  Node v fails for the range
/// when some range source r has d(r, v) != H(r, v) (hamming_sums.hpp).  Every node of a
/// failing pair anywhere is in the orbit of a node failing for some range: the label maps
/// of graph/symmetry.hpp permute and flip bits, so they keep Hamming distances as well as
/// distances, and d is symmetric.  So the smallest node of any failing pair, the first
/// failing source of a one-call run, is the minimum over ranges of the smallest orbit
/// member (its rep) of their failing nodes; one BFS from the range's candidate names its
/// first failing target over every node, as a one-call run does.
template <class Exec>
std::optional<hamming_counterexample> hamming_candidate(const graph::csr_graph& g,
                                                        const graph::label_orbits* orb,
                                                        const hamming_sums& hs,
                                                        const std::vector<uint64_t>& dsum,
                                                        const std::vector<uint64_t>& reach) {
  const uint64_t n = g.nodes;
  uint64_t first = n;
  for (uint64_t v = 0; v < n; ++v)
    if (hs.fails(v, dsum[v], reach[v])) first = std::min<uint64_t>(first, orb ? orb->rep[v] : v);
  if (first == n) return std::nullopt;
  const std::vector<uint32_t> d = bfs<Exec>(g, static_cast<uint32_t>(first));
  for (uint64_t t = 0; t < n; ++t) {
    const uint32_t h = label_hamming(g.labels[first], g.labels[t]);
    if (d[t] != h)
      return hamming_counterexample{static_cast<uint32_t>(first), static_cast<uint32_t>(t), d[t], h};
  }
  throw std::logic_error("all-pairs: a node failing the Hamming check has no failing pair");
}

/// A worker's engine kept in an engine_cache, with what it was built for.
template <class Exec>
struct kept_engine final : engine_cache::entry {
  kept_engine(const graph::csr_graph& g, int W, level_mode mode, const std::vector<uint8_t>& colour)
      : graph(&g), words(W), mode(mode), eng(g, W, mode, colour) {}
  const graph::csr_graph* graph;
  int words;
  level_mode mode;
  msbfs_engine<Exec> eng;
};

/// The engine for a class's slice: the cache's when it was built for this graph, W and
/// kernel (its totals zeroed), else a new one, kept in the cache when there is one.
template <class Exec>
msbfs_engine<Exec>& engine_for(engine_cache* cache, std::unique_ptr<msbfs_engine<Exec>>& own,
                               const graph::csr_graph& g, int W, level_mode mode,
                               const std::vector<uint8_t>& colour) {
  if (!cache) {
    own = std::make_unique<msbfs_engine<Exec>>(g, W, mode, colour);
    return *own;
  }
  auto* k = dynamic_cast<kept_engine<Exec>*>(cache->kept.get());
  if (k && k->graph == &g && k->words == W && k->mode == mode) {
    k->eng.reset_totals();
    return k->eng;
  }
  cache->kept.reset();  // its memory first, then the new engine's
  auto fresh = std::make_unique<kept_engine<Exec>>(g, W, mode, colour);
  msbfs_engine<Exec>& e = fresh->eng;
  cache->kept = std::move(fresh);
  return e;
}

template <class Exec>
all_pairs_partial run_all_pairs_range(const graph::csr_graph& g, const all_pairs_options& opt,
                                      source_range range, level_mode preferred,
                                      level_mode fallback, int cap) {
  all_pairs_partial p;
  const uint64_t n = g.nodes;
  const source_order order = make_source_order(g, opt);
  const graph::label_orbits& orb = order.orb();
  const bool sym = order.sym;
  p.orbits = sym ? orb.orbits : n;
  p.identity = identity_of(g, opt, p.orbits, order.by_colour);
  p.identity.locality = order.relabel != nullptr;
  // The engine runs this graph; its node i is g's node order[i] when relabelled.
  const graph::csr_graph& run_graph = order.graph(g);
  // A relabelling made here dies with this call: an engine kept beyond it would read its
  // freed arrays, so none is kept then.
  engine_cache* const cache = order.relabel && !opt.known_relabelling ? nullptr : opt.engines.get();
  range = core::resolve_range(range, p.identity.order_size, "all-pairs");
  if (sym) p.automorphisms = orb.automorphisms;
  p.last.assign(n, 0);
  p.dsum.assign(n, 0);
  p.reach.assign(n, 0);
  const uint64_t run_total = range.end - range.begin;
  if (run_total == 0) {
    if (sym) p.orbit_rep = orb.rep;
    return p;
  }
  p.covered = {range};

  // A planned range runs with the whole run's W, whatever memory this process has free.
  // Cut at the plan's batch starts, its slices of a class hold whole batches of the one
  // call (or its last, shorter one), so they narrow to the same W as the class does.
  const bool planned = opt.plan_words > 0;
  const level_mode sizing = sizing_mode(opt, preferred, fallback);
  const int W = planned ? opt.plan_words
                        : run_words<Exec>(g, opt.words, run_total, sizing, cap, !order.colour->empty());
  if (planned)
    core::require_bytes(Exec::kind, msbfs_engine<Exec>::bytes_needed(n, g.arcs(), W, sizing == level_mode::word),
                        "all-pairs: N = " + std::to_string(n) + " with W = " + std::to_string(W));
  p.words = W;

  hamming_sums hs(g.labels);
  // A relabelled graph's nodes in small components: their sources run by plain searches
  // (small_components.hpp), the engine's batches take the others.  Relabelled means no
  // orbits: every class weighs 1.
  const std::vector<uint8_t> small =
      order.relabel ? small_component_nodes(order.relabel->component_starts) : std::vector<uint8_t>{};
  // Leaves folded into their neighbours (leaf_fold.hpp) where that takes rounds of
  // batches off: a relabelled graph's run over every source, on the CPU's fused node
  // kernel without a two-colouring.  The engines then search the pruned graph, made
  // here: none is kept in the cache.
  const bool may_fold = fused_batch<Exec>::available && order.relabel && !run_graph.directed &&
                        !p.identity.hamming && order.colour->empty() && order.classes.size() == 1 && !planned &&
                        range.begin == 0 && range.end == p.identity.order_size &&
                        pick_mode(opt.level_kernel, preferred, fallback, W) == level_mode::node;
  leaf_fold fold;
  bool folding = false;
  uint64_t done = 0, class_begin = 0;
  for (const source_class& cls : order.classes) {
    // The part of the range in this class: [lo, hi) of the fixed order.
    const uint64_t class_end = class_begin + cls.sources.size();
    const uint64_t lo = std::max(range.begin, class_begin), hi = std::min(range.end, class_end);
    const uint64_t offset = lo - std::min(lo, class_begin);
    class_begin = class_end;
    if (lo >= hi) continue;
    const uint32_t* slice_sources = cls.sources.data() + offset;
    uint64_t slice = hi - lo;
    std::vector<uint32_t> engine_sources;
    if (!small.empty()) {
      std::vector<uint32_t> searched;
      for (uint64_t i = 0; i < slice; ++i)
        (small[slice_sources[i]] ? searched : engine_sources).push_back(slice_sources[i]);
      add_small_component_sources(run_graph, searched, p.distance_counts, p.last, p.dsum, p.reach);
      p.sources += searched.size();
      done += searched.size();
      opt.control.report(done, run_total);
      slice_sources = engine_sources.data();
      slice = engine_sources.size();
      if (slice == 0) continue;
    }
    // Rounds of batches `count` sources take: batches over the threads running them side by side.
    const auto rounds = [&](uint64_t count) {
      const int w = class_words(W, opt, count);
      const uint64_t per = 64ull * static_cast<uint64_t>(w), b = (count + per - 1) / per;
      const uint64_t t =
          order.relabel && pick_mode(opt.level_kernel, preferred, fallback, w) == level_mode::node
              ? parallel_batches<Exec>::threads(b, msbfs_engine<Exec>::bytes_needed(n, run_graph.arcs(), w, false))
              : 1;
      return (b + t - 1) / t;
    };
    // Counting the leaves costs a few popcounts at every node each level reaches, against
    // a pull over the node's arcs: a fifth of the rounds saved pays for that where nodes
    // have three arcs or more on average (as-22july06 and email-Enron: a third saved, 15-25%
    // faster); an eighth did not (astro-ph, 8 rounds to 7 at two threads), nor a fifth at
    // 2.7 arcs a node (the power grid, 30% slower), and fewer sources in as many rounds
    // cannot (hep-th at two threads: bench/RESULTS.md).
    if (may_fold && run_graph.arcs() >= 3 * n) {
      const uint64_t leaves = count_leaves(run_graph, slice_sources, slice);
      folding = leaves > 0 && 5 * rounds(slice - leaves) <= 4 * rounds(slice);
      if (folding) fold = fold_leaves(run_graph, small);
    }
    if (folding) {  // the leaves' searches are their neighbours'
      std::vector<uint32_t> searched;
      uint64_t leaves = 0;
      for (uint64_t i = 0; i < slice; ++i)
        if (fold.folded[slice_sources[i]]) ++leaves;
        else searched.push_back(slice_sources[i]);
      engine_sources.swap(searched);
      p.sources += leaves;
      done += leaves;
      opt.control.report(done, run_total);
      slice_sources = engine_sources.data();
      slice = engine_sources.size();
      if (slice == 0) throw std::logic_error("all-pairs: folded leaves without their neighbours");
    }
    const graph::csr_graph& engine_graph = folding ? fold.pruned : run_graph;
    engine_cache* const engines_kept = folding ? nullptr : cache;
    const int Wc = class_words(W, opt, slice);
    const level_mode mode = pick_mode(opt.level_kernel, preferred, fallback, Wc);
    const uint64_t per_batch = 64ull * static_cast<uint64_t>(Wc);
    const uint64_t batches = (slice + per_batch - 1) / per_batch;
    // Whole batches side by side, an engine per thread (parallel_batches), where the
    // graph is relabelled for locality (a graph of one's own) and small enough.
    const int T = order.relabel && mode == level_mode::node
                      ? parallel_batches<Exec>::threads(
                            batches, msbfs_engine<Exec>::bytes_needed(n, run_graph.arcs(), Wc, false))
                      : 1;
    // Per-thread engines are made by their own threads, side by side (and first touched
    // there): one after the other they were a serial step of every small graph's call.
    std::unique_ptr<msbfs_engine<Exec>> own;
    std::vector<std::unique_ptr<msbfs_engine<Exec>>> per_thread(T == 1 ? 0 : static_cast<size_t>(T));
    std::vector<msbfs_engine<Exec>*> engines(static_cast<size_t>(T), nullptr);
    if (T == 1) {
      engines[0] = &engine_for<Exec>(engines_kept, own, engine_graph, Wc, mode, *order.colour);
      engines[0]->set_leaf_weights(folding ? &fold.weight : nullptr);
    }
    const auto stopped = [&] {
      return core::interrupted("all-pairs stopped after " + std::to_string(done) + " of " +
                               std::to_string(run_total) + " sources");
    };
    // Each thread takes the next batch until none is left; the partial's sums and the
    // progress are shared.  Sums and maxima: the same statistics in any batch order.
    std::atomic<uint64_t> next_batch{0};
    std::atomic<bool> stop{false};
    std::mutex shared;
    std::exception_ptr error;
    const auto run_batches = [&](int t) {
      std::vector<uint32_t> sources;
      std::vector<uint64_t> counts;
      std::vector<double> seconds;
      try {
        if (!engines[static_cast<size_t>(t)]) {
          auto made = std::make_unique<msbfs_engine<Exec>>(engine_graph, Wc, mode, *order.colour);
          made->run_on_this_thread_only();
          made->set_leaf_weights(folding ? &fold.weight : nullptr);
          engines[static_cast<size_t>(t)] = made.get();
          per_thread[static_cast<size_t>(t)] = std::move(made);
        }
        msbfs_engine<Exec>& eng = *engines[static_cast<size_t>(t)];
        for (uint64_t b = 0; !stop.load() && (b = next_batch.fetch_add(1)) < batches;) {
          if (opt.control.stop_requested()) {
            stop = true;
            break;
          }
          const uint64_t first = b * per_batch;
          const uint64_t count = std::min<uint64_t>(per_batch, slice - first);
          sources.assign(slice_sources + first, slice_sources + first + count);
          // Heaviest sources first: their bit planes then span the fewest words.
          if (folding)
            std::stable_sort(sources.begin(), sources.end(),
                             [&](uint32_t x, uint32_t y) { return fold.weight[x] > fold.weight[y]; });
          counts.clear();
          // Polled at every level too: a batch of a large graph takes seconds.
          if (!eng.run_batch(sources, counts, nullptr, &seconds, &opt.control)) {
            stop = true;
            break;
          }
          const std::lock_guard<std::mutex> lock(shared);
          ++p.batches;
          if (p.distance_counts.size() < counts.size()) p.distance_counts.resize(counts.size(), 0);
          for (size_t d = 0; d < counts.size(); ++d) p.distance_counts[d] += cls.weight * counts[d];
          if (p.identity.hamming)
            for (const uint32_t s : sources) hs.add_source(s, cls.weight);
          p.sources += cls.weight * count;
          done += count;
          opt.control.report(done, run_total);
        }
      } catch (...) {
        const std::lock_guard<std::mutex> lock(shared);
        if (!error) error = std::current_exception();
        stop = true;
      }
      const std::lock_guard<std::mutex> lock(shared);
      if (p.level_seconds.size() < seconds.size()) p.level_seconds.resize(seconds.size(), 0.0);
      for (size_t l = 0; l < seconds.size(); ++l) p.level_seconds[l] += seconds[l];
    };
    if (T == 1) run_batches(0);
    else parallel_batches<Exec>::run(T, run_batches);
    if (error) std::rethrow_exception(error);
    if (stop) throw stopped();
    for (const msbfs_engine<Exec>* eng : engines) {
      if (!eng) continue;  // a thread the team did not have: the others ran its batches
      const std::vector<uint32_t> l = eng->lastlevel();
      const std::vector<uint64_t> ds = eng->dsum();
      const std::vector<uint64_t> re = eng->reach();
      for (uint64_t v = 0; v < n; ++v) {
        p.last[v] = std::max(p.last[v], l[v]);
        p.dsum[v] += cls.weight * ds[v];
        p.reach[v] += cls.weight * re[v];
      }
    }
  }
  if (folding) {
    correct_leaf_self_pairs(fold, p.distance_counts);
    unfold_leaf_totals(fold, p.last, p.dsum, p.reach);
  }
  if (order.relabel) {
    // Back to g's nodes.
    const std::vector<uint32_t>& at = order.relabel->order;
    std::vector<uint32_t> last(n);
    std::vector<uint64_t> dsum(n), reach(n);
    for (uint64_t i = 0; i < n; ++i) {
      last[at[i]] = p.last[i];
      dsum[at[i]] = p.dsum[i];
      reach[at[i]] = p.reach[i];
    }
    p.last.swap(last);
    p.dsum.swap(dsum);
    p.reach.swap(reach);
  }
  p.sources_run = run_total;
  if (p.identity.hamming)
    p.hamming_candidate = hamming_candidate<Exec>(g, sym ? &orb : nullptr, hs, p.dsum, p.reach);
  if (sym) p.orbit_rep = orb.rep;
  return p;
}

}  // namespace tv::distance::detail
