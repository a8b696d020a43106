// The simulators at the sizes of issue 5's goals, on every backend this machine has
// (goals are checked by reading the figures, never by tests):
//  - Metacube prefix (Algorithm 2, add, as printed, scan check included): MC(3,3)
//    (134,217,728 nodes) under 2 s on a GPU; MC(2,4) (262,144 nodes) under 1 s on 2 CPU
//    cores.
//  - de Bruijn Rule-1 broadcast from every source: DDB(20) under 60 s on a GPU; DDB(14)
//    under 10 s on the CPU.
//  - PN adaptive routing (random choice) over all ordered pairs of PN_2(24) (121,393
//    nodes, 1.47e10 routes) under 30 s on a GPU.
// Items per second: nodes for prefix, (source, node) pairs for broadcast, routes for
// routing.
#include <benchmark/benchmark.h>

#include "kernels/graph/csr.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"

namespace {

using namespace tv;

bool skip_without_device(benchmark::State& st, core::backend b) {
  if (b == core::backend::cuda && !core::cuda_device_available()) {
    st.SkipWithError("no CUDA device");
    return true;
  }
  return false;
}

void prefix_bench(benchmark::State& st, core::backend b, int k, int m) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::metacube::make(k, m);
  sim::prefix_options opt;
  opt.algorithm = sim::prefix_algorithm::metacube;
  opt.op = sim::prefix_operator::add;
  bool correct = true;
  uint64_t comm = 0;
  for (auto _ : st) {
    const auto r = sim::prefix(b, f, opt);
    correct = correct && r.correct;
    comm = r.comm_steps;
  }
  const uint64_t n = families::size_of(f);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n));
  st.counters["nodes"] = static_cast<double>(n);
  st.counters["comm_steps"] = static_cast<double>(comm);
  st.counters["correct"] = correct ? 1 : 0;
}

void rule1_bench(benchmark::State& st, core::backend b, int k) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::de_bruijn::make(k);
  const auto g = graph::build_csr(b, f);  // checked against N only; Rule 1 reads labels
  sim::broadcast_options opt;
  opt.scheme = sim::broadcast_scheme::debruijn_rule1;
  uint32_t rounds = 0;
  uint64_t dup = 0, unreached = 0;
  int words = 0;
  for (auto _ : st) {
    const auto r = sim::broadcast(b, f, g, opt);
    rounds = r.rounds_max;
    dup = r.duplicates;
    unreached = r.unreached;
    words = r.words;
  }
  const uint64_t n = families::size_of(f);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * n * n));
  st.counters["sources"] = static_cast<double>(n);
  st.counters["rounds_max"] = rounds;
  st.counters["duplicates"] = static_cast<double>(dup);
  st.counters["unreached"] = static_cast<double>(unreached);
  st.counters["W"] = words;
}

void routing_bench(benchmark::State& st, core::backend b, int lambda, int n) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::postal_network::make(lambda, n);
  sim::routing_options opt;
  opt.rule.algorithm = sim::routing_algorithm::pn_adaptive;
  opt.rule.choice = sim::choice_rule::random;
  uint64_t pairs = 0, stuck = 0;
  for (auto _ : st) {
    const auto r = sim::route_all(b, f, opt);
    pairs = r.pairs;
    stuck = r.stuck;
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * pairs));
  st.counters["nodes"] = static_cast<double>(families::size_of(f));
  st.counters["pairs"] = static_cast<double>(pairs);
  st.counters["stuck"] = static_cast<double>(stuck);
}

int register_all() {
  for (core::backend b : {core::backend::cpu, core::backend::cuda}) {
    if (b == core::backend::cuda && !core::cuda_compiled()) continue;
    const std::string be = core::backend_name(b);
    const bool gpu = b == core::backend::cuda;
    for (auto [k, m] : {std::pair{2, 4}, {3, 3}}) {
      if (!gpu && k == 3) continue;  // 134M nodes: GPU goal only
      benchmark::RegisterBenchmark(
          ("prefix/" + be + "/MC(" + std::to_string(k) + "," + std::to_string(m) + ")").c_str(),
          prefix_bench, b, k, m)
          ->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);
    }
    for (int k : {14, 20}) {
      if (!gpu && k == 20) continue;
      benchmark::RegisterBenchmark(("rule1_all_sources/" + be + "/DDB(" + std::to_string(k) + ")").c_str(),
                                   rule1_bench, b, k)
          ->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
    }
    for (int n : {16, 24}) {
      if (!gpu && n == 24) continue;  // 1.47e10 routes: GPU goal only
      benchmark::RegisterBenchmark(("pn_routing_all_pairs/" + be + "/PN_2(" + std::to_string(n) + ")").c_str(),
                                   routing_bench, b, 2, n)
          ->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
    }
  }
  return 0;
}
const int registered = register_all();

}  // namespace
