// The batched shortest-path link loads (link_load_batched.hpp): the threads' loop over
// the batches of 64 W targets (each thread's batch_worker, link_load_batch_worker.hpp,
// adding into its own copy of the loads, summed at the end), the memory a width takes,
// and the entry point that picks the compiled width.
#include "kernels/sim/link_load_batched.hpp"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <stdexcept>
#include <vector>

#include "kernels/sim/link_load_batch_worker.hpp"

namespace tv::sim::detail {

namespace {

template <int W>
link_loads run_batches(const graph::csr_graph& g, const shortest_path_rule& rule,
                       const core::run_control& control, const std::vector<uint32_t>* toward) {
  const uint64_t n = g.nodes, L = 64 * W, targets = toward ? toward->size() : n;
  const uint64_t batches = (targets + L - 1) / L;
  link_loads r;
  r.pairs = n < 2 ? 0 : targets * (n - 1);
  r.per_arc.assign(g.arcs(), 0);
  if (n < 2 || batches == 0) return r;  // no pair (no target: a region of no thread)
  std::atomic<uint64_t> next{0}, done{0};
  std::atomic<bool> stop{false};
  std::exception_ptr failed;  // an allocation that failed in a thread, raised after the region
  uint64_t first_unrouted = ~uint64_t{0};
  // Thread 0 adds into the result, the others into copies summed after the region.
  // No more threads than batches: a parallel region's idle threads cost a small graph more
  // than its loads.
  const int threads = static_cast<int>(std::min<uint64_t>(static_cast<uint64_t>(omp_get_max_threads()), batches));
  std::vector<std::vector<uint64_t>> copies(static_cast<size_t>(threads));
#pragma omp parallel num_threads(threads)
  {
    try {
      batched::batch_worker<W> worker(g, rule);
      const int me = omp_get_thread_num();
      if (me > 0) copies[static_cast<size_t>(me)].assign(g.arcs(), 0);
      uint64_t* loads = me > 0 ? copies[static_cast<size_t>(me)].data() : r.per_arc.data();
      for (uint64_t b; !stop.load(std::memory_order_relaxed) && (b = next.fetch_add(1)) < batches;) {
        const uint64_t first = b * L, count = std::min(L, targets - first);
        worker.run(first, count, loads, toward ? toward->data() : nullptr);
        const uint64_t now = done.fetch_add(count) + count;
#pragma omp critical(tv_link_load_control)
        {
          if (control.stop_requested()) stop = true;
          control.report(now, targets);
        }
      }
#pragma omp critical(tv_link_load_sum)
      {
        r.routed += worker.routed;
        r.unrouted += worker.unrouted;
        r.hops_sum += worker.hops;
        first_unrouted = std::min(first_unrouted, worker.first_unrouted);
      }
    } catch (...) {
      stop = true;
#pragma omp critical(tv_link_load_sum)
      if (!failed) failed = std::current_exception();
    }
  }
  if (failed) std::rethrow_exception(failed);
  for (const std::vector<uint64_t>& c : copies) {
    if (c.empty()) continue;
    uint64_t* sum = r.per_arc.data();
#pragma omp parallel for schedule(static)
    for (uint64_t a = 0; a < c.size(); ++a) sum[a] += c[a];
  }
  if (stop) throw core::interrupted("link loads stopped");
  if (r.unrouted) r.first_unrouted = std::make_pair(first_unrouted / n, first_unrouted % n);
  return r;
}

}  // namespace

uint64_t batched_loads_bytes(uint64_t nodes, uint64_t arcs, int words, int threads) {
  const uint64_t lanes = 64 * static_cast<uint64_t>(words);
  const uint64_t per_thread = (8 + 4) * lanes * nodes + 24 * static_cast<uint64_t>(words) * nodes + 7 * nodes + 8 * arcs;
  return static_cast<uint64_t>(std::max(threads, 1)) * per_thread;
}

int batched_loads_words(uint64_t nodes, uint64_t arcs, int threads, uint64_t budget) {
  if (arcs >= (uint64_t{1} << 32)) return 0;
  for (int w : batched_widths) {
    const bool narrower_does = w > 1 && 32 * static_cast<uint64_t>(w) >= nodes;  // half the lanes hold them all
    if (!narrower_does && batched_loads_bytes(nodes, arcs, w, threads) <= budget) return w;
  }
  return 0;
}

bool batched_loads_take(const graph::csr_graph& g) {
  for (uint64_t v = 0; v < g.nodes; ++v)
    if (g.offsets[v + 1] - g.offsets[v] > max_batched_degree) return false;
  return g.nodes <= max_batched_nodes && g.arcs() < (uint64_t{1} << 32);
}

link_loads batched_shortest_loads(const graph::csr_graph& g, const shortest_path_rule& rule, int words,
                                  const core::run_control& control, const std::vector<uint32_t>* toward) {
  if (!batched_loads_take(g)) throw std::invalid_argument("batched link loads: a degree, the nodes or the arcs are too many");
  switch (words) {
    case 1: return run_batches<1>(g, rule, control, toward);
    case 2: return run_batches<2>(g, rule, control, toward);
    case 4: return run_batches<4>(g, rule, control, toward);
    case 8: return run_batches<8>(g, rule, control, toward);
    default: throw std::invalid_argument("batched link loads: words must be 1, 2, 4 or 8");
  }
}

}  // namespace tv::sim::detail
