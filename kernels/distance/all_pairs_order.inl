// The all-pairs run's plan, shared by every range of a run on one backend: W against the
// memory budget and the machine's cache, the level kernel, and the fixed order of sources
// (every node, or one per orbit of the proved automorphisms weighted by the orbit's size;
// relabelled for locality and listed colour by colour where that pays) with its batches.
// all_pairs_run.inl runs a range of that order.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "kernels/core/cache_size.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_partial.hpp"
#include "kernels/distance/all_pairs_words.hpp"
#include "kernels/distance/msbfs_engine.inl"
#include "kernels/graph/bipartite.hpp"
#include "kernels/graph/locality_order.hpp"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance::detail {

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

}  // namespace tv::distance::detail
