// The all-pairs engine (kernels/distance/all_pairs.hpp) piece by piece, on every backend
// this machine has, over a sweep of sizes:
//  - msbfs_batch: one full batch of 64 W sources run to exhaustion through the public
//    API (all_pairs with source_end = 64 W): engine set-up, every level, the batch's
//    reductions.  items/s = ordered pairs (source, node) settled per second.
//  - msbfs_level: the level of that batch at the peak of its distance distribution (the
//    most new pairs: the widest frontier), timed by the engine itself
//    (all_pairs.level_seconds).  Chosen by pairs, not by time, so that a level slowed by
//    preemption is never the one picked.  items/s = nodes visited per second.
// bytes/s counts the compulsory bytes of a dense level (every node unsaturated, every
// neighbor active), each byte once: offsets, adjacency, activity flags, every frontier
// row read, seen read and written, next written.  Repeated gathers of a row (one per
// arc, counter gather_bytes) are not counted: they hit cache when rows fit in it, and the
// bandwidth floor of bench/RESULTS.md is built from the same compulsory count.
// The graph is built once outside the timed loop.  Benchmarks are not tests: nothing here
// asserts a speed; bench/RESULTS.md records what was measured.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <string>

#include "kernels/distance/all_pairs.hpp"
#include "bench/micro/bench_support.hpp"
#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;
using bench::skip_without_device;

// W per backend: the engine's default caps (CPU 16 words, two cache lines per row; GPU
// 32 words, one warp per node), so the figures are those of a default run.
int words_for(core::backend b) { return b == core::backend::cuda ? 32 : 16; }

double dense_level_bytes(const graph::csr_graph& g, int W) {
  const double n = static_cast<double>(g.nodes), arcs = static_cast<double>(g.arcs());
  return 8 * (n + 1) + 4 * arcs + 4 * n + 8.0 * W * n * 4;
}
double gather_bytes(const graph::csr_graph& g, int W) {
  return 8.0 * W * static_cast<double>(g.arcs());
}

distance::all_pairs_options one_batch(core::backend b) {
  distance::all_pairs_options opt;
  opt.words = words_for(b);
  opt.source_begin = 0;
  opt.source_end = 64ull * static_cast<uint64_t>(opt.words);
  return opt;
}

void batch_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  const graph::csr_graph g = graph::build_csr(b, f);
  const auto opt = one_batch(b);
  distance::all_pairs_result r;
  for (auto _ : st) {
    r = distance::all_pairs(b, g, opt);
    benchmark::DoNotOptimize(r.distance_sum);
  }
  const double levels = static_cast<double>(r.level_seconds.size() - 1);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * r.sources * g.nodes));
  st.SetBytesProcessed(
      static_cast<int64_t>(static_cast<double>(st.iterations()) * levels * dense_level_bytes(g, r.words)));
  st.counters["nodes"] = static_cast<double>(g.nodes);
  st.counters["sources"] = static_cast<double>(r.sources);
  st.counters["W"] = r.words;
  st.counters["levels"] = levels;
}

void level_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  const graph::csr_graph g = graph::build_csr(b, f);
  const auto opt = one_batch(b);
  size_t peak = 0;
  int W = 0;
  for (auto _ : st) {
    const auto r = distance::all_pairs(b, g, opt);
    peak = static_cast<size_t>(
        std::max_element(r.distance_counts.begin() + 1, r.distance_counts.end()) -
        r.distance_counts.begin());
    W = r.words;
    st.SetIterationTime(r.level_seconds[peak]);
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * g.nodes));
  st.SetBytesProcessed(
      static_cast<int64_t>(static_cast<double>(st.iterations()) * dense_level_bytes(g, W)));
  st.counters["nodes"] = static_cast<double>(g.nodes);
  st.counters["arcs"] = static_cast<double>(g.arcs());
  st.counters["W"] = W;
  st.counters["level"] = static_cast<double>(peak);
  st.counters["gather_bytes"] = gather_bytes(g, W);
}

struct named_family {
  std::string name;
  families::family f;
};

std::vector<named_family> sweep(core::backend b) {
  using namespace families;
  std::vector<named_family> v;
  const bool gpu = b == core::backend::cuda;
  for (int n : gpu ? std::vector<int>{20, 24, 26, 28} : std::vector<int>{16, 18, 20, 22})
    v.push_back({"PN_2(" + std::to_string(n) + ")", postal_network::make(2, n)});
  for (int n : gpu ? std::vector<int>{16, 20} : std::vector<int>{12, 14})
    v.push_back({"Q(" + std::to_string(n) + ")", hypercube::make(n)});
  for (auto [k, m] : gpu ? std::vector<std::pair<int, int>>{{1, 7}, {2, 4}}
                         : std::vector<std::pair<int, int>>{{1, 6}, {2, 3}})
    v.push_back({"MC(" + std::to_string(k) + "," + std::to_string(m) + ")", metacube::make(k, m)});
  for (int k : gpu ? std::vector<int>{18, 20} : std::vector<int>{14, 16})
    v.push_back({"DDB(" + std::to_string(k) + ")", de_bruijn::make(k)});
  return v;
}

int register_all() {
  for (core::backend b : {core::backend::cpu, core::backend::cuda}) {
    if (b == core::backend::cuda && !core::cuda_compiled()) continue;
    const std::string be = core::backend_name(b);
    for (const auto& [name, f] : sweep(b)) {
      benchmark::RegisterBenchmark(("msbfs_batch/" + be + "/" + name).c_str(), batch_bench, b, f)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark(("msbfs_level/" + be + "/" + name).c_str(), level_bench, b, f)
          ->Unit(benchmark::kMillisecond)
          ->UseManualTime();
    }
  }
  return 0;
}
const int registered = register_all();

}  // namespace
