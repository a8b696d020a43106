// CPU (OpenMP) instantiation of the all-pairs engine, and the backend-neutral entry points.
#include "kernels/core/exec.hpp"
#include "kernels/distance/msbfs.inl"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "kernels/core/level_barrier.hpp"

namespace tv::distance {

namespace detail {

/// The CPU's batch driver for the node kernel: clearing, seeding, every level and the
/// reach count of a batch in one OpenMP parallel region, levels separated by barriers.
/// Same functors and results as msbfs_engine::run_batch; only the threading differs
/// (one thread wake-up per batch instead of one per level, and levels end on a barrier
/// that spins briefly before it sleeps: bench/RESULTS.md).
template <>
struct fused_batch<core::cpu_exec> {
  static constexpr bool available = true;

  template <class Engine>
  static void run(Engine& e, const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                  std::vector<uint64_t>* grew, std::vector<double>* level_seconds) {
    with_words(e.W_, [&](auto w) {
      run_w<decltype(w)::value>(e, sources, counts, grew, level_seconds);
    });
  }

 private:
  template <int W, class Engine>
  static void run_w(Engine& e, const std::vector<uint32_t>& sources, std::vector<uint64_t>& counts,
                    std::vector<uint64_t>* grew, std::vector<double>* level_seconds) {
    using clock = std::chrono::steady_clock;
    const uint64_t n = e.n_;
    const uint64_t count = sources.size();
    e.sources_ = sources;
    const std::vector<uint64_t> full = batch_full_words(count, W);
    std::copy(full.begin(), full.end(), e.full_.begin());
    if (counts.empty()) counts.push_back(0);
    counts[0] += count;
    if (grew) grew->assign(1, full[0]);
    // Per level: new pairs and (W = 1) the sources that grew, in slots alternating by
    // level parity, so a slot is reset one barrier after every thread has read it.
    uint64_t added[2] = {0, 0}, grown[2] = {0, 0};
    clock::time_point level_start = clock::now();
    std::optional<core::level_barrier> barrier;
#pragma omp parallel
    {
      // Rows of nodes whose activity flag is 0 are never read, so of cur only the
      // sources' rows need clearing (seed_fn ORs its bit in).
#pragma omp for schedule(static)
      for (uint64_t v = 0; v < n; ++v) {
        std::fill_n(e.seen_.data() + v * W, W, uint64_t{0});
        e.active_cur_[v] = 0;
        e.saturated_[v] = 0;
      }
#pragma omp for schedule(static)
      for (uint64_t j = 0; j < count; ++j)
        std::fill_n(e.cur_.data() + uint64_t{sources[j]} * W, W, uint64_t{0});
#pragma omp single
      {
        const seed_fn seed{e.seen_.data(), e.cur_.data(), e.active_cur_.data(),
                           e.sources_.data(), W};
        for (uint64_t j = 0; j < count; ++j) seed(j);
        barrier.emplace(omp_get_num_threads());
        level_start = clock::now();
      }  // implicit barrier: seeds and the level barrier are in place
      for (uint32_t level = 1;; ++level) {
        const int slot = static_cast<int>(level & 1u);
        const level_args a{e.off_,            e.adj_ptr_,          e.cur_.data(),
                           e.nxt_.data(),     e.seen_.data(),      e.active_cur_.data(),
                           e.active_nxt_.data(), e.full_.data(),   level};
        const pull_node_fn<W> f{a, e.lastlevel_.data(), e.dsum_.data(), e.saturated_.data()};
        uint64_t mine = 0, mine_grew = 0;
#pragma omp for schedule(dynamic, 64) nowait
        for (uint64_t v = 0; v < n; ++v) {
          mine += f(v);
          if (W == 1 && a.active_nxt[v]) mine_grew |= a.nxt[v];
        }
#pragma omp atomic
        added[slot] += mine;
        if (W == 1) {
#pragma omp atomic
          grown[slot] |= mine_grew;
        }
        // The last thread to finish the level books it and swaps the buffers; every
        // thread then sees the swap and the level's total.
        barrier->arrive_and_wait([&] {
          const clock::time_point now = clock::now();
          if (level_seconds) {
            if (level_seconds->size() <= level) level_seconds->resize(level + 1, 0.0);
            (*level_seconds)[level] += std::chrono::duration<double>(now - level_start).count();
          }
          level_start = now;
          if (added[slot]) {
            if (counts.size() <= level) counts.resize(level + 1, 0);
            counts[level] += added[slot];
            if (grew) grew->push_back(grown[slot]);
            e.cur_.swap(e.nxt_);
            e.active_cur_.swap(e.active_nxt_);
          }
          added[slot ^ 1] = 0;
          grown[slot ^ 1] = 0;
        });
        if (added[slot] == 0) break;
      }
      const reach_fn r{e.seen_.data(), e.reach_.data(), W};
#pragma omp for schedule(static)
      for (uint64_t v = 0; v < n; ++v) r(v);
    }
  }
};

}  // namespace detail

double all_pairs_result::average_distance() const {
  uint64_t pairs = 0;
  for (size_t d = 1; d < distance_counts.size(); ++d) pairs += distance_counts[d];
  return pairs ? static_cast<double>(distance_sum) / static_cast<double>(pairs) : 0.0;
}

namespace cpu {
// CPU default W cap: 16 words (two cache lines per row) measured fastest on PN_2(20).
constexpr int cpu_word_cap = 16;
std::vector<uint32_t> bfs(const graph::csr_graph& g, uint32_t source) {
  return detail::bfs<core::cpu_exec>(g, source);
}
std::vector<uint32_t> bfs_by_levels(const graph::csr_graph& g, uint32_t source) {
  return detail::bfs_by_levels<core::cpu_exec>(g, source);
}
all_pairs_result all_pairs(const graph::csr_graph& g, const all_pairs_options& options) {
  all_pairs_options opt = options;
  // The warp kernel is the GPU's; its CPU twin is the node kernel.
  if (opt.level_kernel == all_pairs_options::kernel::warp)
    opt.level_kernel = all_pairs_options::kernel::node;
  return detail::run_all_pairs<core::cpu_exec>(g, opt, detail::level_mode::node,
                                               detail::level_mode::node, cpu_word_cap);
}
diameter_result exact_diameter(const graph::csr_graph& g, const core::run_control& control,
                               uint64_t max_bfs) {
  return detail::run_exact_diameter<core::cpu_exec>(g, control, detail::level_mode::node, max_bfs);
}
}  // namespace cpu

#if !defined(TOPOVERIFY_HAVE_CUDA)
namespace cuda {
[[noreturn]] static void unavailable() {
  throw core::backend_unavailable("this build has no CUDA backend");
}
std::vector<uint32_t> bfs(const graph::csr_graph&, uint32_t) { unavailable(); }
all_pairs_result all_pairs(const graph::csr_graph&, const all_pairs_options&) { unavailable(); }
diameter_result exact_diameter(const graph::csr_graph&, const core::run_control&, uint64_t) {
  unavailable();
}
}  // namespace cuda
#endif

std::vector<uint32_t> bfs(core::backend b, const graph::csr_graph& g, uint32_t source) {
  if (source >= g.nodes)
    throw std::invalid_argument("bfs: source " + std::to_string(source) + " is not a node");
  return b == core::backend::cuda ? cuda::bfs(g, source) : cpu::bfs(g, source);
}
all_pairs_result all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt) {
  return b == core::backend::cuda ? cuda::all_pairs(g, opt) : cpu::all_pairs(g, opt);
}
diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, uint64_t max_bfs) {
  return b == core::backend::cuda ? cuda::exact_diameter(g, control, max_bfs)
                                  : cpu::exact_diameter(g, control, max_bfs);
}

}  // namespace tv::distance
