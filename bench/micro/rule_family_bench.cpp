// Families written as rules (kernels/families/rule_family.hpp) against the built-in
// families and against native code, issue 32 item 4's measurement of the two ways:
//  - neighbours/<form>/<network>: one thread visits every neighbour of every label, by the
//    built-in family or hand-written native code, by the rule's interpreter as a CPU core
//    runs it (every dimension at once, in lanes) and as a GPU thread runs it (one
//    dimension at a time), and by the fast path of a rule written x ^ (1 << i);
//  - csr/<backend>/<network>: graph::build_csr, built-in against rule, as `info` runs it;
//  - instantiate/<network>: a predicate's member labels enumerated (all 2^bits labels).
// All pairs and the exact diameter run on the CSR, which is the same graph either way.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "bench/micro/bench_support.hpp"
#include "kernels/families/rule_definition.hpp"
#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;
using bench::skip_without_device;

families::rule_text rule(const std::string& name, const std::string& member, const std::string& neighbour) {
  families::rule_text t;
  t.name = name;
  t.parameters = {{"n", 1, 40}};
  t.member = member;
  t.neighbors = {neighbour};
  return t;
}

const char* mobius_text = "if(bit(x, i + 1) == 1, x ^ ((2 << i) - 1), x ^ (1 << i))";

/// The Möbius neighbour as native code: what a compiler given the rule would make.
struct native_mobius {
  int n;
  template <class F>
  void for_each_neighbor(uint64_t x, F&& f) const {
    for (int i = 0; i < n; ++i) f(((x >> (i + 1)) & 1) ? x ^ ((uint64_t{2} << i) - 1) : x ^ (uint64_t{1} << i));
  }
  uint64_t size() const { return uint64_t{1} << n; }
};

/// The rule's interpreter as a GPU thread runs it (rule_run per dimension), on the CPU.
struct scalar_rule {
  families::rule_family f;
  template <class F>
  void for_each_neighbor(uint64_t x, F&& g) const {
    const families::rule_expression& e = f.program.neighbors[0];
    families::rule_registers r;
    r.poison = 0;
    families::rule_run(f.program, e, 0, e.invariant, x, 0, r);
    for (int i = 0; i < f.label_bits; ++i) {
      families::rule_run(f.program, e, e.invariant, e.count, x, i, r);
      if (!families::rule_failed(e, r)) g(static_cast<uint64_t>(r.value[e.count - 1]));
    }
  }
  uint64_t size() const { return f.size(); }
};

template <class Fam>
void neighbours_bench(benchmark::State& st, std::shared_ptr<const void> keep, Fam f) {
  (void)keep;
  const uint64_t n = f.size();
  uint64_t visited = 0;
  for (auto _ : st) {
    uint64_t sum = 0;
    for (uint64_t x = 0; x < n; ++x) f.for_each_neighbor(x, [&](uint64_t y) { sum += y; ++visited; });
    benchmark::DoNotOptimize(sum);
  }
  st.SetItemsProcessed(static_cast<int64_t>(visited));
  st.counters["labels"] = static_cast<double>(n);
}

void csr_bench(benchmark::State& st, core::backend b, std::shared_ptr<const void> keep, families::family f) {
  (void)keep;
  if (skip_without_device(st, b)) return;
  uint64_t arcs = 0;
  for (auto _ : st) {
    const graph::csr_graph g = graph::build_csr(b, f);
    arcs = g.arcs();
    benchmark::DoNotOptimize(g.targets.data());
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * families::size_of(f)));
  st.counters["arcs"] = static_cast<double>(arcs);
}

void instantiate_bench(benchmark::State& st, std::shared_ptr<const families::rule_definition> def, int n) {
  uint64_t nodes = 0;
  for (auto _ : st) nodes = def->instantiate({n}).net.size();
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * (uint64_t{1} << n)));
  st.counters["nodes"] = static_cast<double>(nodes);
}

template <class Fam>
void add_neighbours(const std::string& name, std::shared_ptr<const void> keep, Fam f) {
  benchmark::RegisterBenchmark(("neighbours/" + name).c_str(), neighbours_bench<Fam>, keep, f)
      ->Unit(benchmark::kMillisecond)->UseRealTime();
}

int register_all() {
  static std::vector<std::shared_ptr<const families::rule_definition>> defs;
  auto define = [](families::rule_text t) {
    defs.push_back(std::make_shared<const families::rule_definition>(std::move(t)));
    return defs.back();
  };
  const auto cube = define(rule("cube", "", "x ^ (1 << i)"));
  const auto cube_interpreted = define(rule("cube-interpreted", "", "x ^ pow(2, i)"));
  const auto fib = define(rule("fib", "x & (x >> 1) == 0", "x ^ (1 << i)"));
  const auto mobius = define(rule("mobius", "", mobius_text));

  const families::rule_instance q20 = cube->instantiate({20}), q20i = cube_interpreted->instantiate({20});
  const families::rule_instance m20 = mobius->instantiate({20});
  add_neighbours("built-in/Q(20)", nullptr, families::hypercube::make(20));
  add_neighbours("rule x^(1<<i)/Q(20)", q20.storage, q20.net);
  add_neighbours("rule lanes/Q(20) as x^pow(2,i)", q20i.storage, q20i.net);
  add_neighbours("rule scalar/Q(20) as x^pow(2,i)", q20i.storage, scalar_rule{q20i.net});
  add_neighbours("native/MQ(20)", nullptr, native_mobius{20});
  add_neighbours("rule lanes/MQ(20)", m20.storage, m20.net);
  add_neighbours("rule scalar/MQ(20)", m20.storage, scalar_rule{m20.net});

  for (core::backend b : {core::backend::cpu, core::backend::cuda}) {
    if (b == core::backend::cuda && !core::cuda_compiled()) continue;
    const std::string be = core::backend_name(b);
    auto csr = [&](const std::string& name, std::shared_ptr<const void> keep, families::family f) {
      benchmark::RegisterBenchmark(("csr/" + be + "/" + name).c_str(), csr_bench, b, keep, f)
          ->Unit(benchmark::kMillisecond)->UseRealTime();
    };
    csr("built-in Q(20)", nullptr, families::hypercube::make(20));
    csr("rule Q(20)", q20.storage, q20.net);
    csr("rule Q(20) as x^pow(2,i)", q20i.storage, q20i.net);
    csr("rule MQ(20)", m20.storage, m20.net);
    const families::rule_instance f24 = fib->instantiate({24});
    csr("built-in PN_2(24)", nullptr, families::postal_network::make(2, 24));
    csr("rule Fibonacci cube n=24", f24.storage, f24.net);
  }
  for (int n : {20, 24, 28})
    benchmark::RegisterBenchmark(("instantiate/Fibonacci cube n=" + std::to_string(n)).c_str(), instantiate_bench,
                                 fib, n)
        ->Unit(benchmark::kMillisecond)->UseRealTime();
  return 0;
}

const int registered = register_all();

}  // namespace
