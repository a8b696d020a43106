// The CPU driver's level window (all_pairs_cpu.cpp): a level sweeps only the nodes within
// the neighbour blocks' bounds of the nodes active the level before.  Every statistic
// must equal brute force's on graphs where the window is narrow and moves (long paths in
// node order), where neighbours sit far apart in node order, with components, isolated
// nodes and directed arcs, in node order and relabelled, at several W and with one, two
// and three OpenMP threads (one thread: the fused driver alone; two and three: whole
// batches per thread where relabelled, levels split between threads otherwise).  Every
// graph has an odd cycle: a two-colourable one runs the bipartite kernel, which sweeps
// every node.
#include <gtest/gtest.h>
#include <omp.h>

#include <string>
#include <vector>

#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"
#include "tests/graph/random_graph.hpp"

namespace {

using namespace tv;

/// A path of n nodes, node k at position (k * step) mod n (step coprime to n; 1: in
/// order), with a triangle at its first end.
graph::csr_graph path_with_triangle(uint64_t n, uint64_t step) {
  graph::edge_list e;
  const auto at = [&](uint64_t k) { return (k * step) % n; };
  for (uint64_t k = 0; k + 1 < n; ++k) e.push_back({at(k), at(k + 1)});
  e.push_back({at(0), at(2)});
  return graph::from_edges(n, e);
}

/// Components interleaved in node order: a path with a triangle on the even nodes below
/// 400, an odd cycle on the odd nodes below 203, one edge, and isolated nodes between.
graph::csr_graph interleaved_components() {
  graph::edge_list e;
  for (uint64_t v = 0; v + 2 < 400; v += 2) e.push_back({v, v + 2});
  e.push_back({0, 4});
  for (uint64_t v = 1; v + 2 < 203; v += 2) e.push_back({v, v + 2});
  e.push_back({201, 1});
  e.push_back({405, 430});
  return graph::from_edges(450, e);  // 203..399 odd, 400..449 but 405 and 430: isolated
}

/// Directed: a cycle 0 -> 1 -> ... -> 299 -> 0 with a chord back from 150 to 10 and a
/// self-loop, a node whose only arc enters the cycle, and an isolated node.
graph::csr_graph directed_cycle() {
  graph::edge_list e;
  for (uint64_t v = 0; v < 300; ++v) e.push_back({v, (v + 1) % 300});
  e.push_back({150, 10});
  e.push_back({7, 7});
  e.push_back({300, 0});
  return graph::from_edges(302, e, true);
}

/// A sparse random graph (tests/graph/random_graph.hpp) with a triangle: many components,
/// isolated nodes.
graph::csr_graph random_graph(uint64_t n, uint64_t edges, uint64_t seed) {
  return test::random_graph(n, edges, seed, {{0, 1}, {1, 2}, {2, 0}});
}

TEST(LevelWindow, EveryStatisticEqualsBruteForceWithOneTwoAndThreeThreads) {
  const std::vector<std::pair<std::string, graph::csr_graph>> graphs = {
      {"path in order", path_with_triangle(700, 1)},
      {"scrambled path", path_with_triangle(701, 7)},
      {"interleaved components", interleaved_components()},
      {"directed cycle", directed_cycle()},
      {"random", random_graph(600, 700, 5)},
  };
  const int threads_before = omp_get_max_threads();
  for (const auto& [name, g] : graphs) {
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (int threads : {1, 2, 3}) {
      omp_set_num_threads(threads);
      for (bool locality : {false, true})
        for (int W : {0, 1, 2}) {
          distance::all_pairs_options opt;
          opt.words = W;
          opt.per_node = true;
          opt.symmetry = false;
          opt.locality_order = locality;
          const std::string what = name + ", " + std::to_string(threads) + " threads, W=" + std::to_string(W) +
                                   (locality ? ", relabelled" : ", node order");
          test::expect_all_pairs_equal(distance::all_pairs(core::backend::cpu, g, opt), e, what);
        }
    }
  }
  omp_set_num_threads(threads_before);
}

}  // namespace
