// The all-pairs engine on the cpu backend (OpenMP): all_pairs_impl.inl instantiated with
// cpu_exec, and the CPU's own batch driver of the node kernel.
#include "kernels/core/exec.hpp"
#include "kernels/distance/all_pairs_impl.inl"

#include <omp.h>

#include <algorithm>
#include <chrono>

#include "kernels/core/level_barrier.hpp"
#include "kernels/distance/leaf_fold.hpp"

namespace tv::distance::detail {

/// The CPU's batch driver for the node kernel: clearing, seeding, every level and the
/// reach count of a batch in one OpenMP parallel region, levels separated by barriers.
/// Same functors and results as msbfs_engine::run_batch; only the threading differs
/// (one thread wake-up per batch instead of one per level, and levels end on a barrier
/// that spins briefly before it sleeps: bench/RESULTS.md).
template <>
struct fused_batch<core::cpu_exec> {
  static constexpr bool available = true;

  template <class Engine>
  static bool run(Engine& e, const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                  std::vector<uint64_t>* grew, std::vector<double>* level_seconds,
                  const core::run_control* control) {
    return with_words(e.W_, [&](auto w) {
      if (e.bipartite_)
        return run_w<decltype(w)::value, true>(e, sources, counts, grew, level_seconds, control);
      return run_w<decltype(w)::value, false>(e, sources, counts, grew, level_seconds, control);
    });
  }

 private:
  /// Bipartite: pull_bipartite_fn instead of pull_node_fn, so no seen rows; each node's
  /// count of sources reached replaces them for saturation and the reach.
  template <int W, bool Bipartite, class Engine>
  static bool run_w(Engine& e, const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                    std::vector<uint64_t>* grew, std::vector<double>* level_seconds,
                    const core::run_control* control) {
    using clock = std::chrono::steady_clock;
    const uint64_t n = e.n_;
    const uint64_t count = sources.size();
    e.sources_ = sources;
    const std::vector<uint64_t> full = batch_full_words(count, W);
    std::copy(full.begin(), full.end(), e.full_.begin());
    if (counts.empty()) counts.push_back(0);
    counts[0] += count;
    if (grew) grew->assign(1, full[0]);
    // Folded leaves (leaf_fold.hpp): the batch's source weights as bit planes, and level
    // 0's pairs of each source's leaves with it and with each other, booked here.
    const uint32_t* const leaf_weight = Bipartite || !e.leaf_weight_ ? nullptr : e.leaf_weight_->data();
    source_weight_planes planes;
    if (leaf_weight) {
      planes = weight_planes(sources, *e.leaf_weight_);
      for (const uint32_t s : sources)
        if (const uint64_t k = leaf_weight[s]) {
          if (counts.size() < 3) counts.resize(3, 0);
          counts[1] += 2 * k;
          counts[2] += k * k;
          e.dsum_.data()[s] += k;
          e.lastlevel_.data()[s] = std::max<uint32_t>(e.lastlevel_.data()[s], 1);
        }
    }
    // Per level: new pairs and (W = 1) the sources that grew, in slots alternating by
    // level parity, so a slot is reset one barrier after every thread has read it.
    uint64_t added[2] = {0, 0}, grown[2] = {0, 0};
    uint64_t added_next[2] = {0, 0}, added_after[2] = {0, 0};  // folded leaves: at level + 1, + 2
    // Bipartite: the sources' one colour, or -1 when they have both (pull_bipartite_fn).
    int batch_colour = -1;
    if constexpr (Bipartite) {
      uint64_t ones = 0;
      for (const uint32_t s : sources) ones += e.colour_[s];
      if (ones == 0) batch_colour = 0;
      if (ones == count) batch_colour = 1;
    }
    // Set by the last thread of a level whose end finds a stop request: every thread then
    // leaves the level loop as it does after the last level (msbfs_engine::run_batch).
    bool stopped = false;
    // The level's sweep: nodes [win.lo, win.hi) (without a colouring; all of them with
    // one, whose kernel reads each node's activity two levels back).  A node can gain
    // only next to a node active the level before, so within the blocks' bounds
    // (msbfs_engine::neighbour_blocks) of those nodes.  Activity bytes outside the window
    // are not written: the ones the level two before set there are cleared instead
    // (every byte is 0 when the batch starts), so a level reads only rows of the level
    // before.  (A stale row would do no harm, only work: its bits are two or more levels
    // old, and every node that pulls it has seen them.)  On the collection networks of
    // issue 35 this sweeps 10-20% fewer nodes (bench/RESULTS.md, 2026-11-27 evening).
    struct window {
      uint64_t lo, hi;
    };
    const uint32_t* const reach = Bipartite ? nullptr : e.block_reach_.data();
    const uint64_t block = Engine::window_block;
    const auto widen = [&](window& w, uint64_t v) {
      w.lo = std::min<uint64_t>(w.lo, reach[2 * (v / block)]);
      w.hi = std::max<uint64_t>(w.hi, uint64_t{reach[2 * (v / block) + 1]} + 1);
    };
    window win{0, n}, before{0, 0};  // this level's and the level before's (the seeds')
    if constexpr (!Bipartite) {
      win = {n, 0};
      before = {n, 0};
      for (const uint32_t s : sources) {
        widen(win, s);
        before = {std::min<uint64_t>(before.lo, s), std::max<uint64_t>(before.hi, uint64_t{s} + 1)};
      }
      if (win.lo >= win.hi) win = {0, 0};
    }
    const int max_threads = e.single_thread_ ? 1 : omp_get_max_threads();
    std::vector<window> found(static_cast<size_t>(max_threads));  // per thread, for the next level
    clock::time_point level_start = clock::now();
    core::level_barrier barrier(0);  // its team size is set inside the region
#pragma omp parallel if (!e.single_thread_)
    {
      // Each thread clears the rows and flags of its own slice of the nodes and seeds the
      // sources in it (rows of nodes whose activity flag is 0 are never read, so of cur
      // only the sources' rows are cleared), then one spinning barrier starts level 1.
      // OpenMP's own barriers between these steps would each be a futex wake-up under
      // the passive waits topoverify sets (host/cli/main.cpp).
      const uint64_t threads = static_cast<uint64_t>(omp_get_num_threads());
      const uint64_t t = static_cast<uint64_t>(omp_get_thread_num());
      barrier.set_threads(static_cast<int>(threads));
      const uint64_t lo = n * t / threads, hi = n * (t + 1) / threads;
      if constexpr (Bipartite) {
        std::fill(e.got_.data() + lo, e.got_.data() + hi, uint32_t{0});
        std::fill(e.any_nxt_.data() + lo, e.any_nxt_.data() + hi, uint8_t{0});  // no level -1
      } else {
        std::fill(e.seen_.data() + lo * W, e.seen_.data() + hi * W, uint64_t{0});
        std::fill(e.any_nxt_.data() + lo, e.any_nxt_.data() + hi, uint8_t{0});  // outside windows
      }
      std::fill(e.any_cur_.data() + lo, e.any_cur_.data() + hi, uint8_t{0});
      std::fill(e.saturated_.data() + lo, e.saturated_.data() + hi, uint8_t{0});
      const seed_fn<uint8_t> seed{e.seen_.data(), e.cur_.data(), e.any_cur_.data(), e.sources_.data(), W};
      for (uint64_t j = 0; j < count; ++j) {
        const uint64_t s = sources[j];
        if (s < lo || s >= hi) continue;
        std::fill_n(e.cur_.data() + s * W, W, uint64_t{0});
        if constexpr (Bipartite) {
          e.cur_.data()[s * W + j / 64] = uint64_t{1} << (j % 64);
          e.any_cur_.data()[s] = 1;
          e.got_.data()[s] = 1;
        } else {
          seed(j);  // sources are distinct: one seed per row
        }
      }
      barrier.arrive_and_wait([&] {
        level_start = clock::now();
        // Clearing a large graph's rows takes a while (their first touch, in a new engine).
        if (control && control->stop_requested()) stopped = true;
      });
      for (uint32_t level = 1; !stopped; ++level) {
        const int slot = static_cast<int>(level & 1u);
        const level_args_of<uint8_t> a{e.off_,          e.adj_ptr_,      e.cur_.data(),
                                       e.nxt_.data(),   e.seen_.data(),  e.any_cur_.data(),
                                       e.any_nxt_.data(), e.full_.data(), level};
        const auto f = [&] {
          if constexpr (Bipartite)
            return pull_bipartite_fn<W>{a,
                                        e.lastlevel_.data(),
                                        e.dsum_.data(),
                                        e.saturated_.data(),
                                        e.got_.data(),
                                        static_cast<uint32_t>(count),
                                        e.colour_.data(),
                                        batch_colour < 0 ? -1 : (batch_colour + static_cast<int>(level) + 1) & 1};
          else
            return pull_node_fn<W, uint8_t>{a, e.lastlevel_.data(), e.dsum_.data(), e.saturated_.data()};
        }();
        uint64_t mine = 0, mine_grew = 0, mine_next = 0, mine_after = 0;
        window next{n, 0};
        // Chunks of 4,096 nodes: a thread writes whole cache lines of the per-node bytes
        // and rows of its chunk, and gathers mostly rows it wrote itself a level before.
        // Chunks of 64 made two threads no faster than one on PN_2(24) (3.2 s against
        // 1.9 s here; bench/RESULTS.md, 2026-11-24 night).
#pragma omp for schedule(dynamic, 4096) nowait
        for (uint64_t v = win.lo; v < win.hi; ++v) {
          const uint64_t c = f(v);
          mine += c;
          if (leaf_weight && c) {
            // v's new bits are its nxt row; their sources' leaves are one level further,
            // and v's own leaves one level further from all of them.
            const uint64_t cw = planes.weigh(a.nxt + v * W), kv = leaf_weight[v];
            mine_next += cw + c * kv;
            mine_after += cw * kv;
            if (cw) {
              e.dsum_.data()[v] += cw * (level + 1);
              e.lastlevel_.data()[v] = std::max(e.lastlevel_.data()[v], level + 1);
            }
          }
          if (a.active_nxt[v]) {
            if (W == 1) mine_grew |= a.nxt[v];
            if constexpr (!Bipartite) widen(next, v);
          }
        }
        found[t] = next;
#pragma omp atomic
        added[slot] += mine;
        if (leaf_weight) {
#pragma omp atomic
          added_next[slot] += mine_next;
#pragma omp atomic
          added_after[slot] += mine_after;
        }
        if (W == 1) {
#pragma omp atomic
          grown[slot] |= mine_grew;
        }
        // The last thread to finish the level books it and swaps the buffers; every
        // thread then sees the swap and the level's total.
        barrier.arrive_and_wait([&] {
          const clock::time_point now = clock::now();
          if (level_seconds) {
            if (level_seconds->size() <= level) level_seconds->resize(level + 1, 0.0);
            (*level_seconds)[level] += std::chrono::duration<double>(now - level_start).count();
          }
          level_start = now;
          if (added[slot]) {
            if (counts.size() <= level) counts.resize(level + 1, 0);
            counts[level] += added[slot];
            // No trailing zeros: the distribution's length is the diameter + 1.
            const uint64_t longest = added_after[slot] ? level + 3 : added_next[slot] ? level + 2 : 0;
            if (counts.size() < longest) counts.resize(longest, 0);
            if (added_next[slot]) counts[level + 1] += added_next[slot];
            if (added_after[slot]) counts[level + 2] += added_after[slot];
            if (grew) grew->push_back(grown[slot]);
            e.cur_.swap(e.nxt_);
            e.any_cur_.swap(e.any_nxt_);
            if constexpr (!Bipartite) {
              window next{n, 0};
              for (uint64_t i = 0; i < threads; ++i) {
                next.lo = std::min(next.lo, found[i].lo);
                next.hi = std::max(next.hi, found[i].hi);
              }
              if (next.lo >= next.hi) next = {0, 0};
              // The next level writes the bytes the level before this one wrote: those
              // it will not write go back to 0.
              uint8_t* const old = e.any_nxt_.data();
              if (before.lo < std::min(before.hi, next.lo))
                std::fill(old + before.lo, old + std::min(before.hi, next.lo), uint8_t{0});
              if (std::max(before.lo, next.hi) < before.hi)
                std::fill(old + std::max(before.lo, next.hi), old + before.hi, uint8_t{0});
              before = win;
              win = next;
            }
          }
          added[slot ^ 1] = 0;
          grown[slot ^ 1] = 0;
          added_next[slot ^ 1] = 0;
          added_after[slot ^ 1] = 0;
          if (added[slot] && control && control->stop_requested()) stopped = true;
        });
        if (added[slot] == 0 || stopped) break;
      }
      // The slice this thread cleared: every level has ended (the barrier above).
      if constexpr (Bipartite) {
        for (uint64_t v = lo; v < hi; ++v) e.reach_.data()[v] += e.got_.data()[v];
      } else {
        const reach_fn r{e.seen_.data(), e.reach_.data(), W};
        for (uint64_t v = lo; v < hi; ++v) r(v);
        if (leaf_weight && planes.words)  // the leaves of the sources that reached v
          for (uint64_t v = lo; v < hi; ++v) e.reach_.data()[v] += planes.weigh(e.seen_.data() + v * W);
      }
    }
    return !stopped;
  }
};

/// Whole batches on each thread (msbfs_engine.inl says why): worth it where every
/// thread's engine fits the largest cache beside the others' (there a level takes
/// microseconds) and there are batches for more than one thread.
template <>
struct parallel_batches<core::cpu_exec> {
  static int threads(uint64_t batches, uint64_t engine_bytes) {
    if (omp_in_parallel()) return 1;
    const uint64_t t = std::min<uint64_t>(static_cast<uint64_t>(omp_get_max_threads()), batches);
    const uint64_t cache = core::machine_cache_bytes();
    if (t < 2 || cache == 0 || t * engine_bytes > cache) return 1;
    return static_cast<int>(t);
  }
  /// Runs body(t) on each of `threads` threads, t = 0 .. threads - 1.
  template <class F>
  static void run(int threads, F& body) {
#pragma omp parallel num_threads(threads)
    body(omp_get_thread_num());
  }
};

template struct all_pairs_backend<core::backend::cpu>;

}  // namespace tv::distance::detail
