// The all-pairs run over a range of sources on one backend (run_all_pairs_range<Exec>):
// it lists the sources in a fixed order (every node, or one per orbit of the proved
// automorphisms, weighted by the orbit's size), sizes W against the memory budget, runs
// the range's sources batch by batch through msbfs_engine and hands back a partial
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
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/all_pairs_words.hpp"
#include "kernels/distance/bfs.inl"
#include "kernels/distance/hamming_sums.hpp"
#include "kernels/distance/msbfs_engine.inl"
#include "kernels/distance/small_components.hpp"
#include "kernels/graph/bipartite.hpp"
#include "kernels/graph/locality_order.hpp"
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
    // Every kernel takes the same W (the options' contract, distance_checks.cpp): the
    // word kernel could run any count, but a run must not depend on which kernel a
    // backend picks (the CUDA backend's W = 3 ran where the CPU's was refused).
    if (requested > 64 || (requested & (requested - 1)))
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

/// W for a run: choose_words under the backend's cap, which on the CPU doubles where a
/// level's rows outgrow the machine's largest cache (all_pairs_words.hpp), unless W was
/// asked for.
/// `bipartite`: the node kernel streams two row arrays instead of three.
template <class Exec>
int run_words(const graph::csr_graph& g, int requested, uint64_t sources, level_mode mode, int cap,
              bool bipartite) {
  if constexpr (Exec::kind == core::backend::cpu)
    if (requested <= 0 && mode == level_mode::node)
      cap = std::max(cap, cpu_words_cap(g.nodes, bipartite ? 2 : 3, core::machine_cache_bytes()));
  return choose_words<Exec>(g, requested, sources, mode, cap);
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

/// Source classes, each run with its own weight, in the run's fixed order: without
/// symmetry (orb == nullptr) one class of weight 1, every node; with it, one
/// representative per orbit, grouped by orbit size, the size being the weight.
inline std::vector<source_class> make_source_classes(const graph::label_orbits* orb, uint64_t n) {
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
    classes.push_back({1, std::vector<uint32_t>(n)});
    for (uint64_t j = 0; j < n; ++j) classes[0].sources[j] = static_cast<uint32_t>(j);
  }
  return classes;
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

/// The run's fixed order of sources: the orbits found (when asked for and found) and the
/// source classes over them, each listed colour by colour where the graph is bipartite
/// (stably, so in node order within a colour): then every batch but one per class holds
/// sources of one colour, whose searches reach the nodes of one colour at each level.
/// The plan and every range's run list it the same way, on every backend.
struct source_order {
  std::shared_ptr<const graph::label_orbits> found;  // the orbits (shared with the plan's)
  graph::label_orbits empty;
  const graph::label_orbits& orb() const { return found ? *found : empty; }
  bool sym = false;
  std::vector<source_class> classes;
  // graph::two_colouring (shared with the plan's): empty unless bipartite, never null.
  std::shared_ptr<const std::vector<uint8_t>> colour;
  bool by_colour = false;       // classes listed colour by colour (opt.colour_order)
  // opt.locality_order in force: the graph relabelled (shared with the plan's); sources,
  // classes and colouring are then of its nodes, and the run maps its per-node arrays back.
  std::shared_ptr<const graph::relabelling> relabel;
  /// The graph the engine runs: g, or g relabelled.
  const graph::csr_graph& graph(const graph::csr_graph& g) const { return relabel ? relabel->graph : g; }
  uint64_t size() const {
    uint64_t s = 0;
    for (const source_class& c : classes) s += c.sources.size();
    return s;
  }
};

/// Relabelling pays for itself on graphs up to this size (a copy of the graph is kept
/// beside it; the engine's rows are several times larger).
constexpr uint64_t locality_order_max_nodes = uint64_t{1} << 26;

/// The orbits, the relabelling and the colouring are made once per run: a range of a
/// planned run reuses the plan's (opt.known_orbits, opt.known_relabelling,
/// opt.known_colouring), which matters when a run is cut into many ranges.
inline source_order make_source_order(const graph::csr_graph& g, const all_pairs_options& opt) {
  source_order o;
  o.sym = opt.symmetry && g.nodes > 0;
  if (o.sym) {
    o.found = opt.known_orbits ? opt.known_orbits
                               : std::make_shared<const graph::label_orbits>(graph::find_label_orbits(g));
    o.sym = o.found->orbits < g.nodes;
  }
  if (opt.locality_order && !o.sym && !opt.hamming && !g.directed && g.nodes > 1 &&
      g.nodes <= locality_order_max_nodes)
    o.relabel = opt.known_relabelling ? opt.known_relabelling : std::make_shared<const graph::relabelling>(g);
  const graph::csr_graph& run_graph = o.graph(g);
  o.classes = make_source_classes(o.sym ? &o.orb() : nullptr, g.nodes);
  o.colour = opt.known_colouring ? opt.known_colouring
                                  : std::make_shared<const std::vector<uint8_t>>(graph::two_colouring(run_graph));
  o.by_colour = opt.colour_order && !o.colour->empty();
  if (o.by_colour)
    for (source_class& c : o.classes)
      std::stable_partition(c.sources.begin(), c.sources.end(), [&](uint32_t v) { return (*o.colour)[v] == 0; });
  return o;
}

/// The kernel W is sized for: the more demanding of the two a run may use.
inline level_mode sizing_mode(const all_pairs_options& opt, level_mode preferred, level_mode fallback) {
  return pick_mode(opt.level_kernel, preferred, fallback, 32) == level_mode::word ||
                 fallback == level_mode::word
             ? level_mode::word
             : level_mode::node;
}

/// W for one class's batches: a class of few sources (e.g. the fixed points of a
/// reversal) gets a narrower engine unless W was asked for.
inline int class_words(int W, const all_pairs_options& opt, uint64_t sources) {
  int Wc = W;
  if (opt.words <= 0)
    while (Wc > 1 && 64ull * static_cast<uint64_t>(Wc / 2) >= sources) Wc /= 2;
  return Wc;
}

/// How a run over every source batches the fixed order (all_pairs_plan).
template <class Exec>
all_pairs_plan plan_all_pairs(const graph::csr_graph& g, const all_pairs_options& opt,
                              level_mode preferred, level_mode fallback, int cap) {
  const source_order order = make_source_order(g, opt);
  all_pairs_plan plan;
  plan.identity = identity_of(g, opt, order.sym ? order.orb().orbits : g.nodes, order.by_colour);
  plan.identity.locality = order.relabel != nullptr;
  plan.orbits = order.found;
  plan.colouring = order.colour;
  plan.relabelling = order.relabel;
  plan.words = run_words<Exec>(g, opt.words, order.size(), sizing_mode(opt, preferred, fallback), cap,
                               !order.colour->empty());
  uint64_t class_begin = 0;
  for (const source_class& cls : order.classes) {
    const uint64_t per_batch = 64ull * static_cast<uint64_t>(class_words(plan.words, opt, cls.sources.size()));
    for (uint64_t first = 0; first < cls.sources.size(); first += per_batch)
      plan.batch_starts.push_back(class_begin + first);
    class_begin += cls.sources.size();
  }
  return plan;
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
    if (T == 1) engines[0] = &engine_for<Exec>(cache, own, run_graph, Wc, mode, *order.colour);
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
          auto made = std::make_unique<msbfs_engine<Exec>>(run_graph, Wc, mode, *order.colour);
          made->run_on_this_thread_only();
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
