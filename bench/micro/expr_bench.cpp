// Per-node statements of the expression language (kernels/expr/evaluate.hpp) over 10^7
// nodes, against the same statement written as a C++ loop over the same arrays (the peer,
// in the same run).  Goal (issue 32): a per-node statement over 10^7 nodes well under a
// second on the CPU machine.  The arrays are made up (degree 2..6, eccentricity 10..16,
// label = node index): evaluation speed does not depend on where they come from, and the
// claims check fills the same columns from the CSR graph and the all-pairs run.
#include <benchmark/benchmark.h>

#include <vector>

#include "kernels/expr/evaluate.hpp"
#include "kernels/expr/parser.hpp"

namespace {

using namespace tv::expr;

constexpr uint64_t nodes = 10'000'000;
constexpr int64_t n = 33;

struct columns {
  std::vector<int64_t> degree, eccentricity, label;
  columns() : degree(nodes), eccentricity(nodes), label(nodes) {
    for (uint64_t v = 0; v < nodes; ++v) {
      degree[v] = 2 + __builtin_popcountll(v) % 5;
      eccentricity[v] = 17 + static_cast<int64_t>(v % 7);  // >= n / 2 everywhere: all() runs to the end
      label[v] = static_cast<int64_t>(v);
    }
  }
};

const columns& data() {
  static const columns c;
  return c;
}

/// The names a claim sees, bound to the arrays.
struct bound {
  name_table names;
  bindings b;
  bound() {
    const columns& c = data();
    b.set(names.add("n", {scalar::integer}), value::integer(n));
    auto column = [this](const char* name, const std::vector<int64_t>& v) {
      b.set_per_node(names.add(name, {scalar::integer, true}), [&v](uint64_t first, size_t count, int64_t* out) {
        std::copy_n(v.begin() + static_cast<std::ptrdiff_t>(first), count, out);
      });
    };
    column("degree", c.degree);
    column("eccentricity", c.eccentricity);
    column("label", c.label);
    names.add("weight", {scalar::integer, true});
    b.set_per_node(*names.find("weight"), [&c](uint64_t first, size_t count, int64_t* out) {
      for (size_t j = 0; j < count; ++j) out[j] = __builtin_popcountll(static_cast<uint64_t>(c.label[first + j]));
    });
    b.set_nodes(nodes);
  }
};

void statement(benchmark::State& st, const char* text) {
  static bound names_and_values;
  const expression e = parse(text, names_and_values.names);  // once, never per node
  bool result = false;
  for (auto _ : st) {
    evaluator ev(e, names_and_values.b);
    result = ev.result().truth();
    benchmark::DoNotOptimize(result);
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * nodes));
  st.counters["holds"] = result;
}

// The peers: the same statements as loops over the arrays.

/// Times `loop`, one pass over the arrays that returns the statement's result.
template <class Loop>
void peer(benchmark::State& st, Loop loop) {
  const columns& c = data();
  for (auto _ : st) {
    auto result = loop(c);
    benchmark::DoNotOptimize(result);
  }
  st.SetItemsProcessed(static_cast<int64_t>(st.iterations() * nodes));
}

void loop_count_degree(benchmark::State& st) {
  peer(st, [](const columns& c) {
    int64_t k = 0;
    for (uint64_t v = 0; v < nodes; ++v) k += c.degree[v] == 2;
    return k;
  });
}

void loop_all_eccentricity(benchmark::State& st) {
  peer(st, [](const columns& c) {
    bool all = true;
    for (uint64_t v = 0; v < nodes && all; ++v) all = 2 * c.eccentricity[v] >= n;
    return all;
  });
}

void loop_weight_degree(benchmark::State& st) {
  peer(st, [](const columns& c) {
    bool all = true;
    for (uint64_t v = 0; v < nodes && all; ++v)
      all = __builtin_popcountll(static_cast<uint64_t>(c.label[v])) <= n && c.degree[v] >= 1;
    return all;
  });
}

BENCHMARK_CAPTURE(statement, count_degree, "count(degree == 2) > 0")->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(loop_count_degree)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(statement, all_eccentricity_rational, "all(eccentricity >= n / 2)")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(loop_all_eccentricity)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(statement, all_weight_degree, "all(weight <= n && degree >= 1)")
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(loop_weight_degree)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_CAPTURE(statement, sum_label_mod, "sum(label % 3) >= 0")->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
