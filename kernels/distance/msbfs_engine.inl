// The multi-source BFS engine on one backend (msbfs_engine<Exec>): the graph and the
// per-node state in Exec's memory, and the batch driver that seeds a batch of up to 64 W
// sources and runs the level step of msbfs_level.inl until nothing is new, collecting the
// new pairs per level and each node's last level, distance sum and reach.  The all-pairs
// run (all_pairs_run.inl) and the exact diameter (exact_diameter.inl) drive it.
#pragma once
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/distance/all_pairs_memory.hpp"
#include "kernels/distance/msbfs_level.inl"
#include "kernels/graph/csr.hpp"

namespace tv::distance::detail {

/// Hook for a backend's whole-batch driver of the node kernel: the CPU backend
/// specializes it in all_pairs_cpu.cpp to run a batch's levels inside one OpenMP parallel
/// region (a region per level costs a thread wake-up per level with passive waits).  It
/// calls the same functors, in the same order, as run_batch below.
template <class Exec>
struct fused_batch {
  static constexpr bool available = false;
  template <class Engine>
  static bool run(Engine&, const std::vector<uint32_t>&, std::vector<uint64_t>&,
                  std::vector<uint64_t>*, std::vector<double>*, const core::run_control*) {
    return true;
  }
};

/// Hook for running a class's batches side by side, one engine per thread and no barrier
/// between levels: the CPU backend specializes it in all_pairs_cpu.cpp.  A small graph's
/// level takes microseconds, so a level-parallel batch spends much of its time at the
/// level barriers (and, on a loaded machine, waiting for a thread the scheduler has
/// preempted); whole batches per thread need none.
template <class Exec>
struct parallel_batches {
  /// Threads it would use for `batches` batches of engines of `engine_bytes` each (1 when
  /// not worth it or not available).
  static int threads(uint64_t, uint64_t) { return 1; }
  template <class F>
  static void run(int, F& body) {
    body(0);
  }
};

/// The engine on one backend: the graph and the per-node state live in Exec's memory.
template <class Exec>
class msbfs_engine {
  template <class T>
  using vec = typename Exec::template vector<T>;
  template <class T>
  using rows = typename Exec::template rows<T>;
  template <class E>
  friend struct fused_batch;

 public:
  /// `colour`: g's two-colouring (graph::two_colouring), empty when it has none or the
  /// caller does not offer it; with one, the CPU's fused node kernel runs without seen
  /// rows and skips the nodes of the colour that cannot grow at a level of a one-colour
  /// batch (pull_bipartite_fn).  Other kernels and backends ignore it.
  msbfs_engine(const graph::csr_graph& g, int words, level_mode mode,
               const std::vector<uint8_t>& colour = {})
      : n_(g.nodes), W_(words), word_kernel_(mode == level_mode::word), mode_(mode) {
    bipartite_ = !colour.empty() && fused_node();
    if (bipartite_) colour_ = colour;
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
    // The rows start unspecified: a batch clears seen and its sources' frontier rows,
    // and a row of cur or nxt is read only where its node's activity flag says it was
    // written at the level before (the bipartite kernel's nxt rows: two levels before).
    // The word kernel's accumulators must start at zero.
    if (!bipartite_) seen_ = rows<uint64_t>(cells);
    cur_ = rows<uint64_t>(cells);
    nxt_ = rows<uint64_t>(cells);
    if (word_kernel_) {
      wacc_ = rows<uint64_t>(cells);
      thrust::fill(Exec::par(), wacc_.begin(), wacc_.end(), uint64_t{0});
    }
    // The fused CPU driver's node kernel keeps a byte per node for "frontier not empty";
    // the other kernels need the per-word masks.
    if (fused_node()) {
      any_cur_ = vec<uint8_t>(n_, 0);
      any_nxt_ = vec<uint8_t>(n_, 0);
    } else {
      active_cur_ = vec<uint32_t>(n_, 0);
      active_nxt_ = vec<uint32_t>(n_, 0);
    }
    saturated_ = vec<uint8_t>(n_, 0);
    if (bipartite_) got_ = vec<uint32_t>(n_, 0);
    if (fused_node() && !bipartite_) block_reach_ = neighbour_blocks(g);
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
  /// When control != nullptr, its stop request is polled after every level (a batch of a
  /// large graph takes seconds; Ctrl-C should not wait for it): returns false when it
  /// stopped the batch, whose counts and per-node totals are then incomplete (the caller
  /// raises core::interrupted and uses neither).
  bool run_batch(const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                 std::vector<uint64_t>* grew = nullptr,
                 std::vector<double>* level_seconds = nullptr,
                 const core::run_control* control = nullptr) {
    if (fused_node()) return fused_batch<Exec>::run(*this, sources, counts, grew, level_seconds, control);
    const uint64_t count = sources.size();
    sources_ = Exec::from_host(sources);
    thrust::fill(Exec::par(), seen_.begin(), seen_.end(), uint64_t{0});
    thrust::fill(Exec::par(), cur_.begin(), cur_.end(), uint64_t{0});
    thrust::fill(Exec::par(), active_cur_.begin(), active_cur_.end(), uint32_t{0});
    thrust::fill(Exec::par(), saturated_.begin(), saturated_.end(), uint8_t{0});
    const std::vector<uint64_t> full = batch_full_words(count, W_);
    thrust::copy(full.begin(), full.end(), full_.begin());
    core::for_each_index(Exec{}, count,
                         seed_fn<>{Exec::ptr(seen_), Exec::ptr(cur_), Exec::ptr(active_cur_),
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
      if (control && control->stop_requested()) return false;
    }
    if (word_kernel_)
      core::for_each_index(Exec{}, n_, fold_words_fn{Exec::ptr(wacc_), Exec::ptr(lastlevel_),
                                                     Exec::ptr(dsum_), W_});
    core::for_each_index(Exec{}, n_, reach_fn{Exec::ptr(seen_), Exec::ptr(reach_), W_});
    return true;
  }

  /// Zeroes the per-node totals (last level, distance sum, reach), so that a kept engine
  /// starts a new range as a new one does.
  void reset_totals() {
    thrust::fill(Exec::par(), lastlevel_.begin(), lastlevel_.end(), uint32_t{0});
    thrust::fill(Exec::par(), dsum_.begin(), dsum_.end(), uint64_t{0});
    thrust::fill(Exec::par(), reach_.begin(), reach_.end(), uint64_t{0});
  }

  std::vector<uint32_t> lastlevel() const { return Exec::to_host(lastlevel_); }
  std::vector<uint64_t> dsum() const { return Exec::to_host(dsum_); }
  std::vector<uint64_t> reach() const { return Exec::to_host(reach_); }
  int words() const { return W_; }
  /// The CPU's fused driver runs a batch on this thread alone (parallel_batches: one
  /// engine per thread, each running whole batches).
  void run_on_this_thread_only() { single_thread_ = true; }
  /// Folded leaves (leaf_fold.hpp): per node, the leaves counted with it on both ends of
  /// its pairs (the vector outlives the engine's batches); nullptr for none.  Only the
  /// CPU's fused node kernel without a two-colouring counts them.
  void set_leaf_weights(const std::vector<uint32_t>* weight) {
    if (weight && (!fused_node() || bipartite_))
      throw std::logic_error("leaf weights need the CPU's fused node kernel without a two-colouring");
    leaf_weight_ = weight;
  }

 private:
  bool fused_node() const { return fused_batch<Exec>::available && mode_ == level_mode::node; }

  /// Per block of window_block consecutive nodes: the smallest and the largest node that
  /// has an arc to one of them (a pull reads out-arcs, so: the nodes whose pull lists
  /// hold a node of the block), or {UINT32_MAX, 0} for none.  The CPU's fused driver sweeps at
  /// each level only the nodes between the blocks' bounds of the nodes active the level
  /// before; in a locality order (a graph of one's own) that leaves out the far side of
  /// a batch's searches.  2 x 4 bytes per 64 nodes, within all_pairs_work_bytes' flags.
  static std::vector<uint32_t> neighbour_blocks(const graph::csr_graph& g) {
    const uint64_t blocks = (g.nodes + window_block - 1) / window_block;
    std::vector<uint32_t> r(2 * blocks);
    for (uint64_t b = 0; b < blocks; ++b) {
      r[2 * b] = UINT32_MAX;  // none yet: lo > hi
      r[2 * b + 1] = 0;
    }
    for (uint64_t v = 0; v < g.nodes; ++v)
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const uint64_t b = g.targets[e] / window_block;
        r[2 * b] = std::min(r[2 * b], static_cast<uint32_t>(v));
        r[2 * b + 1] = std::max(r[2 * b + 1], static_cast<uint32_t>(v));
      }
    return r;
  }
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
  bool bipartite_ = false;
  bool single_thread_ = false;
  vec<uint64_t> offsets_;  // device copies (empty on the CPU)
  vec<uint32_t> adj_;
  const uint64_t* off_ = nullptr;  // the pull lists the kernels read
  const uint32_t* adj_ptr_ = nullptr;
  rows<uint64_t> seen_, cur_, nxt_, wacc_;
  vec<uint64_t> full_;
  vec<uint32_t> active_cur_, active_nxt_;  // per-word masks (all but the fused driver)
  vec<uint8_t> any_cur_, any_nxt_;         // any word active (the fused driver)
  vec<uint8_t> saturated_;
  static constexpr uint64_t window_block = 64;
  std::vector<uint32_t> block_reach_;  // neighbour_blocks(g): CPU fused driver only
  vec<uint32_t> got_;  // bipartite kernel: sources of the batch that reached each node
  std::vector<uint8_t> colour_;  // bipartite kernel: each node's colour (host memory: CPU only)
  const std::vector<uint32_t>* leaf_weight_ = nullptr;  // set_leaf_weights (CPU fused kernel only)
  vec<uint32_t> lastlevel_, sources_;
  vec<uint64_t> dsum_, reach_;
};

}  // namespace tv::distance::detail
