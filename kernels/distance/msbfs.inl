// Bit-parallel multi-source BFS, written once against an Exec trait (core::cpu_exec /
// core::cuda_exec); included through all_pairs_impl.inl by all_pairs_cpu.cpp and
// all_pairs_cuda.cu only.
//
// Layout (DESIGN.md, "The all-pairs engine"): sources are processed in batches of
// 64*W; node v keeps W-word bitsets seen / cur / nxt, bit j of word w meaning "source
// 64w+j of the batch is at the current distance from v".  The BFS runs on the reversed
// graph (a node pulls from its out-neighbors), so a node's bits record d(v, s): the level
// at which v last grows is its out-eccentricity over the batch, and the popcounts it
// gains give its distance sum.  Everything per source reduces to per-node state owned by
// one thread, and the only cross-node reduction per level is the count of new pairs.
//
// Two level kernels compute the same thing:
//  - pull_node_fn<W>: one node, all W words in registers (W fixed at compile time so the
//    word loops vectorize); the CPU backend uses it.
//  - pull_word_fn: one (node, word) pair, so a GPU warp covers 32 words of one node and
//    its gathers are coalesced; the CUDA backend uses it, the CPU tests run it too.
// Both skip neighbors whose frontier is empty (a byte flag per node, so a pull reads one
// byte per inactive neighbor instead of W words) and nodes / words already saturated.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstring>
#include <type_traits>
#include <vector>

#include "kernels/core/atomics.hpp"
#include "kernels/core/bitwords.hpp"
#include "kernels/core/hd.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_memory.hpp"
#include "kernels/graph/csr_impl.inl"
#include "kernels/graph/symmetry.hpp"

namespace tv::distance::detail {

struct level_args {
  const uint64_t* offsets;  // pull lists: out-arcs (reverse BFS)
  const uint32_t* adj;
  const uint64_t* cur;
  uint64_t* nxt;
  uint64_t* seen;
  // Per node: which words of its frontier row are non-zero (bit w for word w < 32; any
  // non-zero value means "active" for W > 32).  Rows of inactive words are never read,
  // so kernels need not clear them.
  const uint32_t* active_cur;
  uint32_t* active_nxt;
  const uint64_t* full;  // per word: the bits of sources present in this batch
  uint32_t level;
};

template <int W>
struct pull_node_fn {
  level_args a;
  uint32_t* lastlevel;  // per node
  uint64_t* dsum;       // per node
  uint8_t* saturated;   // per node: every source of the batch has reached it
  TV_HD uint64_t operator()(uint64_t v) const {
    if (saturated[v]) {
      a.active_nxt[v] = 0;
      return 0;
    }
    uint64_t* sv = a.seen + v * W;
    core::word_row<W> acc;
    acc.clear();
    bool any = false;
    for (uint64_t e = a.offsets[v], end = a.offsets[v + 1]; e < end; ++e) {
      const uint32_t u = a.adj[e];
      if (a.active_cur[u]) {
        acc.or_from(a.cur + uint64_t{u} * W);
        any = true;
      }
    }
    // No active neighbor: nothing can be new, and an inactive row is never read, so
    // neither row is touched (most nodes in a batch's first and last levels).
    if (!any) {
      a.active_nxt[v] = 0;
      return 0;
    }
    uint64_t count = 0;
    uint32_t mask = 0;
    for (int w = 0; w < W; ++w) {
      const uint64_t nx = acc.word(w) & ~sv[w];
      count += static_cast<uint64_t>(core::popcount64(nx));
      mask |= static_cast<uint32_t>(nx != 0) << (w & 31);
    }
    a.active_nxt[v] = mask;
    if (count) {
      uint64_t* nv = a.nxt + v * W;
      for (int w = 0; w < W; ++w) {
        const uint64_t nx = acc.word(w) & ~sv[w];
        nv[w] = nx;
        sv[w] |= nx;
      }
      if (a.level > lastlevel[v]) lastlevel[v] = a.level;
      dsum[v] += count * a.level;
      bool full = true;
      for (int w = 0; w < W; ++w) full &= sv[w] == a.full[w];
      saturated[v] = full;
    }
    return count;
  }
};

// Packed per-(node, word) accumulator of the word kernel: the last level the word grew
// (high 24 bits) and its distance sum within the batch (low 40 bits).
constexpr int wacc_shift = 40;
constexpr uint64_t wacc_mask = (uint64_t{1} << wacc_shift) - 1;

struct pull_word_fn {
  level_args a;
  uint64_t* wacc;  // per (node, word)
  int W;
  TV_HD uint64_t operator()(uint64_t i) const {
    const uint64_t v = i / static_cast<uint64_t>(W);
    const int w = static_cast<int>(i - v * static_cast<uint64_t>(W));
    const uint64_t s = a.seen[i];
    if (s == a.full[w]) {
      a.nxt[i] = 0;  // keep the buffer clean: a reader may read it if another word of v grows
      return 0;
    }
    uint64_t acc = 0;
    for (uint64_t e = a.offsets[v], end = a.offsets[v + 1]; e < end; ++e) {
      const uint32_t u = a.adj[e];
      if ((a.active_cur[u] >> (w & 31)) & 1u) acc |= a.cur[uint64_t{u} * W + w];
    }
    const uint64_t nx = acc & ~s;
    a.nxt[i] = nx;
    if (!nx) return 0;
    a.seen[i] = s | nx;
    core::atomic_or32(&a.active_nxt[v], uint32_t{1} << (w & 31));
    const uint64_t c = static_cast<uint64_t>(core::popcount64(nx));
    wacc[i] = (uint64_t{a.level} << wacc_shift) | ((wacc[i] & wacc_mask) + c * a.level);
    return c;
  }
};

/// End of a batch for the word kernel: fold per-word accumulators into per-node ones.
struct fold_words_fn {
  uint64_t* wacc;
  uint32_t* lastlevel;
  uint64_t* dsum;
  int W;
  TV_HD void operator()(uint64_t v) const {
    uint32_t last = lastlevel[v];
    uint64_t sum = 0;
    for (int w = 0; w < W; ++w) {
      const uint64_t x = wacc[v * W + w];
      const uint32_t l = static_cast<uint32_t>(x >> wacc_shift);
      last = l > last ? l : last;
      sum += x & wacc_mask;
      wacc[v * W + w] = 0;
    }
    lastlevel[v] = last;
    dsum[v] += sum;
  }
};

/// Nodes' reach over the batch: popcount of seen, added into reach[v].
struct reach_fn {
  const uint64_t* seen;
  uint64_t* reach;
  int W;
  TV_HD void operator()(uint64_t v) const {
    uint64_t c = 0;
    for (int w = 0; w < W; ++w) c += static_cast<uint64_t>(core::popcount64(seen[v * W + w]));
    reach[v] += c;
  }
};

/// Seeds a batch: source sources[j] sets bit j in its own row (sources are distinct).
struct seed_fn {
  uint64_t* seen;
  uint64_t* cur;
  uint32_t* active;
  const uint32_t* sources;
  int W;
  TV_HD void operator()(uint64_t j) const {
    const uint64_t s = sources[j];
    const uint64_t bit = uint64_t{1} << (j % 64);
    seen[s * W + j / 64] |= bit;
    cur[s * W + j / 64] |= bit;
    active[s] = uint32_t{1} << ((j / 64) & 31);
  }
};

/// OR over all nodes of one word of nxt (which sources grew at this level); for W == 1.
/// Only rows flagged active were written at this level: a node that found nothing new
/// (a saturated one, or one with no active neighbor) may hold an older row there.
struct word_of_fn {
  const uint64_t* nxt;
  const uint32_t* active_nxt;
  TV_HD uint64_t operator()(uint64_t v) const { return active_nxt[v] ? nxt[v] : 0; }
};

/// Single-source BFS level (pull): dist[v] = level if an in-neighbor is at level-1.
struct bfs_level_fn {
  const uint64_t* offsets;
  const uint32_t* adj;  // in-arcs (forward BFS)
  uint32_t* dist;
  uint32_t level;
  TV_HD uint64_t operator()(uint64_t v) const {
    if (dist[v] != unreachable) return 0;
    for (uint64_t e = offsets[v], end = offsets[v + 1]; e < end; ++e)
      if (dist[adj[e]] == level - 1) {
        dist[v] = level;
        return 1;
      }
    return 0;
  }
};

struct fill_u32_fn {
  uint32_t* p;
  uint32_t value;
  TV_HD void operator()(uint64_t i) const { p[i] = value; }
};
struct set_u32_fn {
  uint32_t* p;
  uint64_t index;
  uint32_t value;
  TV_HD void operator()(uint64_t) const { p[index] = value; }
};

/// Which level kernel an engine runs.
enum class level_mode { node, word, warp };

/// Hook for a backend's hand-written level kernel (warp per node, W = 32); the CUDA
/// backend specializes it in all_pairs_cuda.cu.  Its CPU twin is pull_node_fn<32>.
template <class Exec>
struct warp_level {
  static constexpr bool available = false;
  static uint64_t run(const level_args&, uint32_t*, uint64_t*, uint8_t*, uint64_t) {
    throw std::logic_error("no warp-level kernel on this backend");
  }
};

/// Calls f(std::integral_constant<int, W>{}) for the run's W (a power of two up to 64):
/// the node kernel keeps its W words in registers, so W is a template argument.
template <class F>
decltype(auto) with_words(int W, F&& f) {
  switch (W) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 8: return f(std::integral_constant<int, 8>{});
    case 16: return f(std::integral_constant<int, 16>{});
    case 32: return f(std::integral_constant<int, 32>{});
    default: return f(std::integral_constant<int, 64>{});
  }
}

/// Per word of a batch of `count` sources: the bits of the sources present.
inline std::vector<uint64_t> batch_full_words(uint64_t count, int W) {
  std::vector<uint64_t> full(W, 0);
  for (uint64_t j = 0; j < count; ++j) full[j / 64] |= uint64_t{1} << (j % 64);
  return full;
}

/// Hook for a backend's whole-batch driver of the node kernel: the CPU backend
/// specializes it in all_pairs_cpu.cpp to run a batch's levels inside one OpenMP parallel
/// region (a region per level costs a thread wake-up per level with passive waits).  It
/// calls the same functors, in the same order, as run_batch below.
template <class Exec>
struct fused_batch {
  static constexpr bool available = false;
  template <class Engine>
  static void run(Engine&, const std::vector<uint32_t>&, std::vector<uint64_t>&,
                  std::vector<uint64_t>*, std::vector<double>*) {}
};

/// The engine on one backend: the graph and the per-node state live in Exec's memory.
template <class Exec>
class msbfs_engine {
  template <class T>
  using vec = typename Exec::template vector<T>;
  template <class E>
  friend struct fused_batch;

 public:
  msbfs_engine(const graph::csr_graph& g, int words, level_mode mode)
      : n_(g.nodes), W_(words), word_kernel_(mode == level_mode::word), mode_(mode) {
    if (mode == level_mode::warp && words != 32)
      throw std::logic_error("the warp-level kernel needs W = 32");
    // The CPU reads the graph where it is (the engine never outlives g); a device gets
    // its own copy.
    if constexpr (Exec::kind == core::backend::cpu) {
      off_ = g.offsets.data();
      adj_ptr_ = g.targets.data();
    } else {
      offsets_ = Exec::from_host(g.offsets);
      adj_ = Exec::from_host(g.targets);
      off_ = Exec::ptr(offsets_);
      adj_ptr_ = Exec::ptr(adj_);
    }
    const uint64_t cells = n_ * static_cast<uint64_t>(W_);
    seen_ = vec<uint64_t>(cells, 0);
    cur_ = vec<uint64_t>(cells, 0);
    nxt_ = vec<uint64_t>(cells, 0);
    if (word_kernel_) wacc_ = vec<uint64_t>(cells, 0);
    active_cur_ = vec<uint32_t>(n_, 0);
    saturated_ = vec<uint8_t>(n_, 0);
    active_nxt_ = vec<uint32_t>(n_, 0);
    full_ = vec<uint64_t>(W_, 0);
    lastlevel_ = vec<uint32_t>(n_, 0);
    dsum_ = vec<uint64_t>(n_, 0);
    reach_ = vec<uint64_t>(n_, 0);
  }

  /// Bytes the engine allocates for n nodes, W words, `arcs` arcs.
  static uint64_t bytes_needed(uint64_t n, uint64_t arcs, int W, bool word_kernel) {
    return all_pairs_bytes(n, arcs, W, word_kernel);
  }

  /// Runs the given distinct sources (at most 64 W) to exhaustion; adds the number of new
  /// pairs per level to counts (index = level).  When grew != nullptr (W must be 1),
  /// (*grew)[level] is the mask of sources that still reached new nodes at that level.
  /// When level_seconds != nullptr, adds each level's wall time to (*level_seconds)[level].
  void run_batch(const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                 std::vector<uint64_t>* grew = nullptr,
                 std::vector<double>* level_seconds = nullptr) {
    if constexpr (fused_batch<Exec>::available) {
      if (mode_ == level_mode::node) {
        fused_batch<Exec>::run(*this, sources, counts, grew, level_seconds);
        return;
      }
    }
    const uint64_t count = sources.size();
    sources_ = Exec::from_host(sources);
    thrust::fill(Exec::par(), seen_.begin(), seen_.end(), uint64_t{0});
    thrust::fill(Exec::par(), cur_.begin(), cur_.end(), uint64_t{0});
    thrust::fill(Exec::par(), active_cur_.begin(), active_cur_.end(), uint32_t{0});
    thrust::fill(Exec::par(), saturated_.begin(), saturated_.end(), uint8_t{0});
    const std::vector<uint64_t> full = batch_full_words(count, W_);
    thrust::copy(full.begin(), full.end(), full_.begin());
    core::for_each_index(Exec{}, count,
                         seed_fn{Exec::ptr(seen_), Exec::ptr(cur_), Exec::ptr(active_cur_),
                                 Exec::ptr(sources_), W_});
    if (counts.empty()) counts.push_back(0);
    counts[0] += count;
    if (grew) grew->assign(1, full[0]);
    for (uint32_t level = 1;; ++level) {
      const auto t0 = std::chrono::steady_clock::now();
      level_args a{off_, adj_ptr_, Exec::ptr(cur_), Exec::ptr(nxt_),
                   Exec::ptr(seen_), Exec::ptr(active_cur_), Exec::ptr(active_nxt_),
                   Exec::ptr(full_), level};
      const uint64_t added =
          mode_ == level_mode::word
              ? run_word_level(a)
              : mode_ == level_mode::warp
                    ? warp_level<Exec>::run(a, Exec::ptr(lastlevel_), Exec::ptr(dsum_),
                                            Exec::ptr(saturated_), n_)
                    : run_node_level(a);
      if (level_seconds) {
        if (level_seconds->size() <= level) level_seconds->resize(level + 1, 0.0);
        (*level_seconds)[level] +=
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      }
      if (added == 0) break;
      if (counts.size() <= level) counts.resize(level + 1, 0);
      counts[level] += added;
      if (grew) {
        const uint64_t g = thrust::transform_reduce(
            Exec::par(), thrust::counting_iterator<uint64_t>(0),
            thrust::counting_iterator<uint64_t>(n_),
            word_of_fn{Exec::ptr(nxt_), Exec::ptr(active_nxt_)}, uint64_t{0},
            thrust::bit_or<uint64_t>());
        grew->push_back(g);
      }
      cur_.swap(nxt_);
      active_cur_.swap(active_nxt_);
    }
    if (word_kernel_)
      core::for_each_index(Exec{}, n_, fold_words_fn{Exec::ptr(wacc_), Exec::ptr(lastlevel_),
                                                     Exec::ptr(dsum_), W_});
    core::for_each_index(Exec{}, n_, reach_fn{Exec::ptr(seen_), Exec::ptr(reach_), W_});
  }

  std::vector<uint32_t> lastlevel() const { return Exec::to_host(lastlevel_); }
  std::vector<uint64_t> dsum() const { return Exec::to_host(dsum_); }
  std::vector<uint64_t> reach() const { return Exec::to_host(reach_); }
  int words() const { return W_; }

 private:
  uint64_t run_word_level(const level_args& a) {
    thrust::fill(Exec::par(), active_nxt_.begin(), active_nxt_.end(), uint32_t{0});
    return core::transform_reduce_index(Exec{}, n_ * static_cast<uint64_t>(W_),
                                        pull_word_fn{a, Exec::ptr(wacc_), W_});
  }
  uint64_t run_node_level(const level_args& a) {
    return with_words(W_, [&](auto w) { return node_level<decltype(w)::value>(a); });
  }
  template <int W>
  uint64_t node_level(const level_args& a) {
    return core::transform_reduce_index(
        Exec{}, n_,
        pull_node_fn<W>{a, Exec::ptr(lastlevel_), Exec::ptr(dsum_), Exec::ptr(saturated_)});
  }

  uint64_t n_;
  int W_;
  bool word_kernel_;
  level_mode mode_;
  vec<uint64_t> offsets_;  // device copies (empty on the CPU)
  vec<uint32_t> adj_;
  const uint64_t* off_ = nullptr;  // the pull lists the kernels read
  const uint32_t* adj_ptr_ = nullptr;
  vec<uint64_t> seen_, cur_, nxt_, wacc_, full_;
  vec<uint32_t> active_cur_, active_nxt_;
  vec<uint8_t> saturated_;
  vec<uint32_t> lastlevel_, sources_;
  vec<uint64_t> dsum_, reach_;
};

/// Single-source forward BFS level by level, each node pulling along its in-arcs
/// (out-arcs when undirected): the device's BFS, in functor form so the CPU tests run
/// the same code (cpu::bfs_by_levels).
template <class Exec>
std::vector<uint32_t> bfs_by_levels(const graph::csr_graph& g, uint32_t source) {
  const auto& off = g.directed ? g.in_offsets : g.offsets;
  const auto& adj = g.directed ? g.in_sources : g.targets;
  typename Exec::template vector<uint64_t> offsets = Exec::from_host(off);
  typename Exec::template vector<uint32_t> nbrs = Exec::from_host(adj);
  typename Exec::template vector<uint32_t> dist(g.nodes);
  core::for_each_index(Exec{}, g.nodes, fill_u32_fn{Exec::ptr(dist), unreachable});
  core::for_each_index(Exec{}, 1, set_u32_fn{Exec::ptr(dist), source, 0});
  for (uint32_t level = 1;; ++level) {
    const uint64_t added = core::transform_reduce_index(
        Exec{}, g.nodes, bfs_level_fn{Exec::ptr(offsets), Exec::ptr(nbrs), Exec::ptr(dist), level});
    if (added == 0) break;
  }
  return Exec::to_host(dist);
}

/// Single-source forward BFS on Exec: on the CPU one thread with a queue along out-arcs
/// (O(arcs), a few milliseconds at 10^6 arcs, where a pass over every node per level
/// took several times as long); on a device bfs_by_levels.
template <class Exec>
std::vector<uint32_t> bfs(const graph::csr_graph& g, uint32_t source) {
  if constexpr (Exec::kind == core::backend::cpu) {
    std::vector<uint32_t> dist(g.nodes, unreachable);
    std::vector<uint32_t> queue;
    queue.reserve(g.nodes);
    dist[source] = 0;
    queue.push_back(source);
    for (size_t h = 0; h < queue.size(); ++h) {
      const uint32_t u = queue[h];
      const uint32_t d = dist[u] + 1;
      for (uint64_t e = g.offsets[u], end = g.offsets[u + 1]; e < end; ++e) {
        const uint32_t t = g.targets[e];
        if (dist[t] == unreachable) {
          dist[t] = d;
          queue.push_back(t);
        }
      }
    }
    return dist;
  } else {
    return bfs_by_levels<Exec>(g, source);
  }
}

}  // namespace tv::distance::detail

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

template <class Exec>
all_pairs_result run_all_pairs(const graph::csr_graph& g, const all_pairs_options& opt,
                               level_mode preferred, level_mode fallback, int cap) {
  all_pairs_result r;
  const uint64_t n = g.nodes;
  r.nodes = n;
  const uint64_t begin = std::min(opt.source_begin, n), end = std::min(opt.source_end, n);
  const uint64_t total = end > begin ? end - begin : 0;
  if (n == 0 || total == 0) return r;

  // Source classes, each run with its own weight: without symmetry one class (weight 1,
  // every source of the range); with it, one representative per orbit, grouped by orbit
  // size, the size being the weight.
  struct source_class {
    uint64_t weight;
    std::vector<uint32_t> sources;
  };
  std::vector<source_class> classes;
  graph::label_orbits orb;
  bool sym = opt.symmetry && begin == 0 && end == n;
  if (sym) {
    orb = graph::find_label_orbits(g);
    sym = orb.orbits < n;
  }
  if (sym) {
    std::vector<uint32_t> reps;
    for (uint64_t v = 0; v < n; ++v)
      if (orb.rep[v] == v) reps.push_back(static_cast<uint32_t>(v));
    std::stable_sort(reps.begin(), reps.end(),
                     [&](uint32_t a, uint32_t b) { return orb.orbit_size[a] < orb.orbit_size[b]; });
    for (uint32_t v : reps) {
      if (classes.empty() || classes.back().weight != orb.orbit_size[v])
        classes.push_back({orb.orbit_size[v], {}});
      classes.back().sources.push_back(v);
    }
    r.automorphisms = orb.automorphisms;
    r.orbits = orb.orbits;
  } else {
    classes.push_back({1, std::vector<uint32_t>(total)});
    for (uint64_t j = 0; j < total; ++j) classes[0].sources[j] = static_cast<uint32_t>(begin + j);
    r.orbits = n;
  }
  uint64_t run_total = 0;
  for (const auto& c : classes) run_total += c.sources.size();

  // Size W for the more demanding of the two kernels the run may use.
  const level_mode sizing = pick_mode(opt.level_kernel, preferred, fallback, 32) == level_mode::word ||
                                    fallback == level_mode::word
                                ? level_mode::word
                                : level_mode::node;
  const int W = choose_words<Exec>(g, opt.words, run_total, sizing, cap);
  r.words = W;

  // Hamming check: per-bit label counts give, for a node, the sum over all nodes of
  // Hamming distances; every edge flips one bit, so d >= H pair by pair, and a node's
  // sums agree exactly when each of its distances equals the Hamming distance (compared
  // once every source is in, below).
  const bool hamming = opt.hamming && !g.directed;
  if (hamming && total != n)
    throw std::invalid_argument("all-pairs: the Hamming check needs every source (no source range)");
  std::vector<uint64_t> bit_count(64, 0);
  if (hamming)
    for (uint64_t v = 0; v < n; ++v)
      for (uint64_t x = g.labels[v]; x; x &= x - 1) ++bit_count[core::ctz64(x)];
  auto hamming_sum = [&](uint64_t s) {
    uint64_t h = 0;
    for (int b = 0; b < 64; ++b) h += ((g.labels[s] >> b) & 1u) ? n - bit_count[b] : bit_count[b];
    return h;
  };

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

  if (sym) {
    // Per node v, for an automorphism group G: sum over s in orbit(r) of d(v, s) =
    // |orbit(r)| / |orbit(v)| * sum over v' in orbit(v) of d(v', r), and the max over
    // orbit(r) of d(v, s) = the max over v' in orbit(v) of d(v', r).  So v's statistics
    // over all sources are its orbit's maximum of `last` and its orbit's weighted sums
    // divided by the orbit's size.
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

  uint64_t reached_total = 0;
  for (uint64_t v = 0; v < n; ++v) reached_total += reach[v];
  r.unreachable_pairs = total * n - reached_total;
  // Per node v, last[v] = max over the run's sources s of d(v, s): with every source run
  // it is v's (finite) eccentricity.
  r.diameter = 0;
  r.radius = ~0u;
  for (uint64_t v = 0; v < n; ++v) {
    r.diameter = std::max(r.diameter, last[v]);
    r.radius = std::min(r.radius, last[v]);
    if (r.eccentricity_histogram.size() <= last[v]) r.eccentricity_histogram.resize(last[v] + 1, 0);
    ++r.eccentricity_histogram[last[v]];
  }
  if (hamming) {
    // Undirected, every source covered: node v's sums over all sources are its sums as a
    // source, so v is in a failing pair exactly when it misses a node or its distance sum
    // exceeds its Hamming sum.  The smallest such v is the first failing source; one BFS
    // from it names the first failing target.
    uint64_t first = n;
    for (uint64_t v = 0; v < n && first == n; ++v)
      if (reach[v] != n || dsum[v] != hamming_sum(v)) first = v;
    r.hamming_paths = first == n;
    if (first < n) {
      const std::vector<uint32_t> d = bfs<Exec>(g, static_cast<uint32_t>(first));
      for (uint64_t t = 0; t < n; ++t) {
        const uint32_t h = label_hamming(g.labels[first], g.labels[t]);
        if (d[t] != h) {
          r.counterexample =
              hamming_counterexample{static_cast<uint32_t>(first), static_cast<uint32_t>(t), d[t], h};
          break;
        }
      }
    }
  }
  if (opt.per_node) {
    r.eccentricity = std::move(last);
    r.per_node_distance_sum = std::move(dsum);
  }
  return r;
}

/// iFUB (Crescenzi et al.): BFS from a high-degree node u, then eccentricities of u's
/// fringe sets from the farthest in, 64 at a time, until the bounds meet.
template <class Exec>
diameter_result run_exact_diameter(const graph::csr_graph& g, const core::run_control& control,
                                   level_mode mode, uint64_t max_bfs) {
  diameter_result r;
  r.method = "iFUB";
  const uint64_t n = g.nodes;
  if (n == 0) return r;
  if (g.directed) throw std::invalid_argument("exact diameter by iFUB needs an undirected graph");
  uint32_t u = 0;
  for (uint64_t v = 0; v < n; ++v)
    if (g.degree(v) > g.degree(u)) u = static_cast<uint32_t>(v);
  const std::vector<uint32_t> dist = bfs<Exec>(g, u);
  ++r.bfs_runs;
  uint32_t ecc_u = 0;
  for (uint64_t v = 0; v < n; ++v) {
    if (dist[v] == unreachable) {
      r.connected = false;
    } else {
      ecc_u = std::max(ecc_u, dist[v]);
    }
  }
  if (!r.connected) return r;
  std::vector<std::vector<uint32_t>> fringe(ecc_u + 1);
  for (uint64_t v = 0; v < n; ++v) fringe[dist[v]].push_back(static_cast<uint32_t>(v));
  msbfs_engine<Exec> eng(g, 1, mode);
  uint32_t lb = ecc_u, ub = 2 * ecc_u;
  for (uint32_t i = ecc_u; i > 0 && ub > lb; --i) {
    uint32_t bi = 0;
    for (size_t k = 0; k < fringe[i].size(); k += 64) {
      if (control.stop_requested()) throw core::interrupted("exact diameter stopped");
      std::vector<uint32_t> batch(fringe[i].begin() + k,
                                  fringe[i].begin() + std::min(fringe[i].size(), k + 64));
      if (max_bfs && r.bfs_runs + batch.size() > max_bfs) {
        r.exact = false;
        r.diameter = std::max(lb, bi);
        r.lower_bound = r.diameter;
        r.upper_bound = ub;
        return r;
      }
      std::vector<uint64_t> counts, grew;
      eng.run_batch(batch, counts, &grew);
      r.bfs_runs += batch.size();
      for (uint32_t level = 0; level < grew.size(); ++level)
        if (grew[level]) bi = std::max(bi, level);
    }
    lb = std::max(lb, bi);
    control.report(ecc_u - i + 1, ecc_u);
    if (lb > 2 * (i - 1)) break;
    ub = 2 * (i - 1);
  }
  r.diameter = std::max(lb, std::min(lb, ub));
  r.lower_bound = lb;
  r.upper_bound = std::max(lb, ub);
  return r;
}

}  // namespace tv::distance::detail
