// Unrank throughput and CSR construction for PN_2(n) and MC(k,m) over a sweep of sizes,
// on every backend this machine has.  Goals (bench, not tests): CSR of PN_2(32) on 2 CPU
// cores in under 5 s; unrank over 10^9 labels/s on a GPU.
#include <benchmark/benchmark.h>

#include "bench/micro/bench_support.hpp"
#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;
using bench::skip_without_device;

void unrank_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  const uint64_t n = families::size_of(f);
  for (auto _ : st) {
    auto labels = graph::enumerate_labels(b, f);
    benchmark::DoNotOptimize(labels.data());
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n));
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * n * 8));
  st.counters["nodes"] = static_cast<double>(n);
}

// Unrank alone: every label computed and summed on the backend, nothing stored or copied.
void unrank_only_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  const uint64_t n = families::size_of(f);
  for (auto _ : st) benchmark::DoNotOptimize(graph::label_checksum(b, f));
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n));
  st.counters["nodes"] = static_cast<double>(n);
}

void csr_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  uint64_t arcs = 0;
  for (auto _ : st) {
    auto g = graph::build_csr(b, f);
    arcs = g.arcs();
    benchmark::DoNotOptimize(g.targets.data());
  }
  const uint64_t n = families::size_of(f);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n));
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * graph::csr_bytes(n, arcs, false)));
  st.counters["nodes"] = static_cast<double>(n);
  st.counters["arcs"] = static_cast<double>(arcs);
}

int register_all() {
  for (core::backend b : {core::backend::cpu, core::backend::cuda}) {
    const std::string be = core::backend_name(b);
    if (b == core::backend::cuda && !core::cuda_compiled()) continue;
    for (int n : {20, 24, 28, 32, 36}) {
      if (b == core::backend::cpu && n > 32) continue;
      benchmark::RegisterBenchmark(("unrank/" + be + "/PN_2(" + std::to_string(n) + ")").c_str(),
                                   unrank_bench, b, families::postal_network::make(2, n))
          ->Unit(benchmark::kMillisecond)->UseRealTime();
      benchmark::RegisterBenchmark(("unrank_only/" + be + "/PN_2(" + std::to_string(n) + ")").c_str(),
                                   unrank_only_bench, b, families::postal_network::make(2, n))
          ->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    for (int n : {20, 24, 28, 32}) {
      benchmark::RegisterBenchmark(("csr/" + be + "/PN_2(" + std::to_string(n) + ")").c_str(),
                                   csr_bench, b, families::postal_network::make(2, n))
          ->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    for (auto [k, m] : {std::pair{1, 8}, {2, 4}, {1, 11}, {3, 3}}) {
      if (b == core::backend::cpu && k == 3) continue;
      const std::string name = "MC(" + std::to_string(k) + "," + std::to_string(m) + ")";
      benchmark::RegisterBenchmark(("unrank/" + be + "/" + name).c_str(), unrank_bench, b,
                                   families::metacube::make(k, m))
          ->Unit(benchmark::kMillisecond)->UseRealTime();
      benchmark::RegisterBenchmark(("csr/" + be + "/" + name).c_str(), csr_bench, b,
                                   families::metacube::make(k, m))
          ->Unit(benchmark::kMillisecond)->UseRealTime();
    }
  }
  return 0;
}
const int registered = register_all();

}  // namespace

BENCHMARK_MAIN();
