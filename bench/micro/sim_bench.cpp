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
//
// And the per-step micro-benchmarks of issue 7 over a sweep of sizes (bench/micro/README.md):
//  - routing/<backend>/PN_2(n): items = routes (adaptive, random choice, every ordered
//    pair); counter hops = next-hop steps per route.  Compute only: labels are derived,
//    nothing is read from memory per hop, so no bytes/s.
//  - broadcast_round/<backend>/<instance>: the family's own scheme from every source;
//    items = one node's rule in one round for one source (sources x nodes x active
//    rounds); bytes = the bit state a round reads and writes (2 x N x sources / 8 bytes
//    per round), messages as a counter.
//  - prefix_step/<backend>/MC(k,m): Algorithm 2, add, as printed; items = one node's
//    exchange-and-combine step (nodes x communication steps); bytes = the 64-bit
//    operand each node sends and the one it receives per step (16 B per item).
#include <benchmark/benchmark.h>

#include "bench/micro/bench_support.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"

namespace {

using namespace tv;
using bench::skip_without_device;

/// The prefix computation both prefix benchmarks time: Algorithm 2 (metacube), addition.
sim::prefix_options metacube_prefix_sums() {
  sim::prefix_options opt;
  opt.algorithm = sim::prefix_algorithm::metacube;
  opt.op = sim::prefix_operator::add;
  return opt;
}

/// The routing both routing benchmarks time: PN adaptive routing, random among the choices.
sim::routing_options pn_adaptive_random_routing() {
  sim::routing_options opt;
  opt.rule.algorithm = sim::routing_algorithm::pn_adaptive;
  opt.rule.choice = sim::choice_rule::random;
  return opt;
}

void prefix_bench(benchmark::State& st, core::backend b, int k, int m) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::metacube::make(k, m);
  const sim::prefix_options opt = metacube_prefix_sums();
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
  const sim::routing_options opt = pn_adaptive_random_routing();
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

void routing_sweep(benchmark::State& st, core::backend b, int n) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::postal_network::make(2, n);
  const sim::routing_options opt = pn_adaptive_random_routing();
  sim::routing_result r;
  for (auto _ : st) r = sim::route_all(b, f, opt);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * r.pairs));
  st.counters["nodes"] = static_cast<double>(families::size_of(f));
  st.counters["hops_per_route"] = r.delivered ? static_cast<double>(r.hops_sum) / r.delivered : 0;
  st.counters["stuck"] = static_cast<double>(r.stuck);
}

void broadcast_round_bench(benchmark::State& st, core::backend b, families::family f) {
  if (skip_without_device(st, b)) return;
  const auto g = graph::build_csr(b, f);
  sim::broadcast_options opt;
  opt.scheme = sim::default_scheme(f);
  sim::broadcast_result r;
  for (auto _ : st) r = sim::broadcast(b, f, g, opt);
  const double node_rounds =
      static_cast<double>(r.sources) * static_cast<double>(r.nodes) * r.active_rounds;
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * node_rounds));
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * 2.0 * static_cast<double>(r.nodes) *
                                            static_cast<double>(r.sources) / 8.0 * r.active_rounds));
  st.counters["nodes"] = static_cast<double>(r.nodes);
  st.counters["rounds"] = r.active_rounds;
  st.counters["messages"] = benchmark::Counter(static_cast<double>(r.messages) * st.iterations(),
                                               benchmark::Counter::kIsRate);
  st.counters["W"] = r.words;
}

void prefix_step_bench(benchmark::State& st, core::backend b, int k, int m) {
  if (skip_without_device(st, b)) return;
  const families::family f = families::metacube::make(k, m);
  const sim::prefix_options opt = metacube_prefix_sums();
  sim::prefix_result r;
  for (auto _ : st) r = sim::prefix(b, f, opt);
  const double items = static_cast<double>(r.nodes) * static_cast<double>(r.comm_steps);
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * items));
  st.SetBytesProcessed(static_cast<int64_t>(st.iterations() * items * 16.0));
  st.counters["nodes"] = static_cast<double>(r.nodes);
  st.counters["comm_steps"] = static_cast<double>(r.comm_steps);
  st.counters["correct"] = r.correct ? 1 : 0;
}

void register_sweeps(core::backend b) {
  const std::string be = core::backend_name(b);
  for (int n : {10, 12, 14})
    benchmark::RegisterBenchmark(("routing/" + be + "/PN_2(" + std::to_string(n) + ")").c_str(),
                                 routing_sweep, b, n)
        ->Unit(benchmark::kMillisecond)->UseRealTime();
  const std::pair<std::string, families::family> bc[] = {
      {"DDB(10)", families::de_bruijn::make(10)},
      {"DDB(12)", families::de_bruijn::make(12)},
      {"EFC_12", families::enhanced_fibonacci_cube::make(12)},
      {"EFC_14", families::enhanced_fibonacci_cube::make(14)},
      {"PN_2(12)", families::postal_network::make(2, 12)},
      {"PN_2(14)", families::postal_network::make(2, 14)},
      {"Q(10)", families::hypercube::make(10)},
      {"Q(12)", families::hypercube::make(12)}};
  for (const auto& [name, f] : bc)
    benchmark::RegisterBenchmark(("broadcast_round/" + be + "/" + name).c_str(),
                                 broadcast_round_bench, b, f)
        ->Unit(benchmark::kMillisecond)->UseRealTime();
  for (auto [k, m] : {std::pair{1, 5}, {2, 2}, {1, 7}, {2, 3}})
    benchmark::RegisterBenchmark(
        ("prefix_step/" + be + "/MC(" + std::to_string(k) + "," + std::to_string(m) + ")").c_str(),
        prefix_step_bench, b, k, m)
        ->Unit(benchmark::kMillisecond)->UseRealTime();
}

int register_all() {
  for (core::backend b : {core::backend::cpu, core::backend::cuda}) {
    if (b == core::backend::cuda && !core::cuda_compiled()) continue;
    const std::string be = core::backend_name(b);
    const bool gpu = b == core::backend::cuda;
    register_sweeps(b);
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
