// The memory plan's figure for distances against what a run really holds at its peak,
// measured: a graph of one's own is relabelled for locality and searched without its
// leaves, two copies of the graph that the figure once left out (it said a graph needed
// about half of what it took, so the plan let through instances that could only fail
// later).  Measured as the growth of the peak resident size (VmHWM) of a process whose
// large arrays are mapped and unmapped one by one (mallopt), so its resident size follows
// what it holds.
#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdio>
#include <cstdint>
#include <fstream>
#include <random>

#include "host/checks/distance_checks.hpp"
#include "host/checks/graph_shape.hpp"
#include "kernels/core/memory_limits.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"

namespace {

/// A dense core of `core` nodes (about `degree` random neighbours each, and a ring, so
/// it is connected whatever the draws) with `leaves` nodes of degree one hanging on it:
/// undirected, numbered by no label, as a file's graph is.
tv::graph::csr_graph core_with_leaves(uint32_t core, uint32_t degree, uint32_t leaves) {
  std::mt19937_64 rng(7);
  tv::graph::edge_list edges;
  for (uint64_t v = 0; v < core; ++v) {
    edges.push_back({v, (v + 1) % core});
    for (uint32_t k = 0; k < degree / 2; ++k)
      if (const uint64_t u = rng() % core; u != v) edges.push_back({v, u});
  }
  // Each leaf on a random core node: leaves placed in a pattern give label maps that
  // are automorphisms, and a run by orbits neither relabels nor folds.
  for (uint64_t j = 0; j < leaves; ++j) edges.push_back({core + j, rng() % core});
  return tv::graph::from_edges(core + leaves, edges);  // repeated edges count once
}

/// In a process of its own (re-executed by the death-test machinery: libgomp does not
/// survive a fork after its threads started), all pairs of the graph at the plan's width
/// (one word: the plan's figure is the floor the engine narrows to), as the distances
/// check runs a graph of one's own; exits 0 when the peak's growth is within the figure
/// less the graph (built before the measurement began), else non-zero with the figures.
[[noreturn]] void measure_against_the_figure() {
  ::mallopt(M_MMAP_THRESHOLD, 64 << 10);  // fixed: large arrays mapped, and unmapped when freed
  ::mallopt(M_TRIM_THRESHOLD, 64 << 10);
  // 4,096 core nodes of about 200 neighbours, 12,000 leaves: the graph (3.6 MB) outweighs
  // the one-word engine (0.9 MB), so its copies decide the figure.
  const tv::graph::csr_graph g = core_with_leaves(4096, 200, 12000);
  tv::distance::all_pairs_options opt;
  opt.words = 1;
  opt.locality_order = true;
  opt.per_node = true;
  // A small run first: the thread team and the runtime's own allocations are made.
  (void)tv::distance::all_pairs(tv::core::backend::cpu, core_with_leaves(64, 4, 16), opt);
  ::malloc_trim(0);
  std::ofstream("/proc/self/clear_refs") << "5";  // the peak starts again from here
  const uint64_t before = tv::core::status_bytes("VmRSS");
  const tv::distance::all_pairs_result r = tv::distance::all_pairs(tv::core::backend::cpu, g, opt);
  const uint64_t growth = tv::core::status_bytes("VmHWM") - before;

  tv::host::graph_shape shape;
  shape.nodes = g.nodes;
  shape.arcs = g.arcs();
  shape.own_numbering = true;
  const uint64_t figure = tv::host::distances_memory(shape, nlohmann::json::object(), tv::core::backend::cpu);
  const uint64_t graph = tv::host::graph_bytes(shape);
  std::fprintf(stderr, "peak growth %llu B; figure %llu B, of which the graph %llu B; %llu batches\n",
               static_cast<unsigned long long>(growth), static_cast<unsigned long long>(figure),
               static_cast<unsigned long long>(graph), static_cast<unsigned long long>(r.batches));
  // The leaves were folded (only the core's sources ran, 64 to a batch), and the
  // measurement sees the copies: else the comparison proves nothing.
  if (r.batches != 4096 / 64 || growth <= graph) ::_exit(2);
  ::_exit(growth <= figure - graph ? 0 : 1);
}

TEST(DistancesMemory, CoversWhatAllPairsOfAGraphOfOnesOwnHoldsAtItsPeak) {
  if (tv::core::status_bytes("VmHWM") == 0) GTEST_SKIP() << "no /proc/self/status here";
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(measure_against_the_figure(), testing::ExitedWithCode(0), "peak growth");
}

}  // namespace
