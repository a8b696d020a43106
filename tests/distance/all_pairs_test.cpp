// The all-pairs engine on each backend against brute force: every statistic on every
// family instance up to a few thousand nodes, with every level kernel, several W and batch
// boundaries; the Hamming check on graphs built to fail; single-source BFS; iFUB diameter.
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/all_pairs_partial.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>

#include "kernels/graph/builders.hpp"
#include "tests/backends.hpp"
#include "kernels/graph/bipartite.hpp"
#include "tests/distance/reference.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using distance::all_pairs_options;

/// A small instance of every family and variant (tests/support.hpp), a postal network
/// of 2,584 nodes and the lambda = 1 one.
std::vector<families::family> instances() {
  std::vector<families::family> v = test::small_instances();
  v.push_back(families::postal_network::make(2, 16));
  v.push_back(families::postal_network::make(1, 9));
  return v;
}

/// The instances above and larger ones, first used to compare the GPU with the CPU (up to
/// 4,096 nodes: many thread blocks, several batches at small W).
std::vector<families::family> instances_and_larger() {
  auto v = instances();
  for (families::family f : {families::family(families::hypercube::make(11)),
                             families::family(families::enhanced_fibonacci_cube::make(16)),
                             families::family(families::metacube::make(2, 2)),
                             families::family(families::de_bruijn::make(12, true)),
                             families::family(families::de_bruijn::make(11, false)),
                             families::family(families::linear_recursive::avoiding(11, "0110"))})
    v.push_back(f);
  return v;
}

class AllPairsOn : public test::on_backend {};
TV_TEST_ON_BACKENDS(AllPairsOn);


// Every level kernel (the warp kernel needs W = 32; the CPU runs its twin, the node
// kernel), with and without symmetry; the Hamming check too where edges join labels one
// bit apart.
TEST_P(AllPairsOn, EveryStatisticEqualsBruteForceOnEveryKernelAndManyW) {
  using kernel = all_pairs_options::kernel;
  for (const auto& fam : instances_and_larger()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (bool symmetry : {false, true})
      for (auto k : {kernel::node, kernel::word, kernel::warp})
        for (int W : {0, 1, 2, 4, 8, 32, 64}) {
          if (k == kernel::warp && W != 32) continue;
          all_pairs_options opt;
          opt.words = W;
          opt.level_kernel = k;
          opt.per_node = true;
          opt.symmetry = symmetry;
          opt.hamming = families::has_hamming_edges(fam);
          const auto r = distance::all_pairs(this->backend, g, opt);
          if (opt.hamming) EXPECT_EQ(r.hamming_paths, std::optional<bool>(e.hamming));
          test::expect_all_pairs_equal(r, e,
                         "N=" + std::to_string(g.nodes) + " W=" + std::to_string(W) + " kernel " +
                             std::to_string(int(k)) + (symmetry ? " symmetry" : ""));
          EXPECT_EQ(r.sources, g.nodes);
          EXPECT_EQ(r.sources_run, r.orbits);
          if (!symmetry) {
            EXPECT_EQ(r.sources_run, g.nodes);
            EXPECT_TRUE(r.automorphisms.empty());
            if (W) EXPECT_EQ(r.batches, (g.nodes + 64 * W - 1) / (64 * W));
          } else {
            EXPECT_EQ(r.automorphisms.empty(), r.orbits == g.nodes);
          }
        }
  }
}

// A bipartite graph's sources listed colour by colour (one-colour batches, in which the
// CPU kernel passes over the idle colour at each level) give brute force's statistics, as
// node order does; the plan says which order it used, and only bipartite graphs get it.
TEST_P(AllPairsOn, ColourOrderGivesBruteForcesStatistics) {
  int by_colour = 0, not_by_colour = 0;
  for (const families::family& fam :
       {families::family(families::hypercube::make(7)), families::family(families::postal_network::make(2, 16)),
        families::family(families::metacube::make(1, 3)), families::family(families::enhanced_fibonacci_cube::make(12)),
        families::family(families::de_bruijn::make(9, false))}) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    for (bool colour_order : {false, true})
      for (int W : {1, 4, 16}) {
        all_pairs_options opt;
        opt.words = W;
        opt.per_node = true;
        opt.symmetry = false;
        opt.colour_order = colour_order;
        const auto r = distance::all_pairs(this->backend, g, opt);
        test::expect_all_pairs_equal(r, e, "N=" + std::to_string(g.nodes) + " W=" + std::to_string(W) +
                                               (colour_order ? " by colour" : " node order"));
        const bool ordered = distance::plan_all_pairs(this->backend, g, opt).identity.by_colour;
        EXPECT_EQ(ordered, colour_order && graph::is_bipartite(g)) << "N=" << g.nodes;
        if (colour_order) (ordered ? by_colour : not_by_colour)++;
      }
  }
  EXPECT_GT(by_colour, 0);
  EXPECT_GT(not_by_colour, 0);
}

TEST(AllPairs, WienerIndexCountsUnorderedPairsWhenUndirected) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(5));
  const auto r = distance::all_pairs(core::backend::cpu, g, {});
  // Q(5): sum over unordered pairs of Hamming distance = 2^(2n-2) * n = 256 * 5.
  EXPECT_EQ(r.wiener(false), 1280u);
  EXPECT_EQ(r.wiener(true), 2560u);
  EXPECT_DOUBLE_EQ(r.average_distance(), 2560.0 / (32.0 * 31.0));
}

// Level timings cover levels 1 .. diameter + 1 (the last pass of the batch that reaches
// the diameter finds nothing new); bench/ reads them, so only their shape is tested.
TEST(AllPairs, LevelTimingsCoverEveryLevelRun) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(6));
  all_pairs_options opt;
  opt.words = 1;
  const auto r = distance::all_pairs(core::backend::cpu, g, opt);
  ASSERT_EQ(r.diameter, 6u);
  ASSERT_EQ(r.level_seconds.size(), 8u);
  EXPECT_EQ(r.level_seconds[0], 0.0);
  for (double s : r.level_seconds) EXPECT_GE(s, 0.0);
}

TEST(AllPairs, SourceRangesCombineToTheFullRun) {
  const auto g = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 13));
  all_pairs_options full;
  const auto all = distance::all_pairs(core::backend::cpu, g, full);
  std::vector<uint64_t> counts;
  uint64_t unreachable = 0;
  ASSERT_EQ(g.nodes, 610u);
  for (auto [a, b] : {std::pair<uint64_t, uint64_t>{0, 100}, {100, 257}, {257, 610}}) {
    all_pairs_options part;
    part.source_begin = a;
    part.source_end = b;
    part.words = 1;
    const auto r = distance::all_pairs(core::backend::cpu, g, part);
    EXPECT_EQ(r.sources, b - a);
    if (counts.size() < r.distance_counts.size()) counts.resize(r.distance_counts.size(), 0);
    for (size_t d = 0; d < r.distance_counts.size(); ++d) counts[d] += r.distance_counts[d];
    unreachable += r.unreachable_pairs;
  }
  EXPECT_EQ(counts, all.distance_counts);
  EXPECT_EQ(unreachable, all.unreachable_pairs);
}

/// The engine's Hamming check, with and without symmetry, says what brute force says:
/// holds exactly when every pair is at its Hamming distance, with a counterexample
/// exactly when it fails.
void expect_hamming_check_as_brute_force(core::backend b, const graph::csr_graph& g, const std::string& what) {
  const bool all_equal = test::distances_are_hamming(g);
  for (bool symmetry : {false, true}) {
    all_pairs_options opt;
    opt.hamming = true;
    opt.symmetry = symmetry;
    const auto r = distance::all_pairs(b, g, opt);
    ASSERT_TRUE(r.hamming_paths.has_value()) << what;
    EXPECT_EQ(*r.hamming_paths, all_equal) << what;
    EXPECT_EQ(r.counterexample.has_value(), !all_equal) << what;
  }
}

TEST_P(AllPairsOn, HammingCheckHoldsExactlyWhenEveryPairHasHammingDistance) {
  for (const auto& fam : instances()) {
    if (!families::has_hamming_edges(fam)) continue;
    const auto g = graph::build_csr(core::backend::cpu, fam);
    expect_hamming_check_as_brute_force(this->backend, g, "N = " + std::to_string(g.nodes));
  }
}

// Q(4) without both middle nodes of some pair: that pair needs a detour, so the check
// must fail and name the first failing pair (smallest source, then smallest target).
TEST_P(AllPairsOn, HammingCheckNamesTheFirstFailingPair) {
  const std::vector<std::vector<uint64_t>> holes = {
      {0b0001, 0b0010}, {0b0110, 0b1010}, {0b0111, 0b1011, 0b1101}, {0b1000, 0b0100}};
  for (const auto& removed : holes) {
    std::vector<uint64_t> labels;
    for (uint64_t x = 0; x < 16; ++x)
      if (std::find(removed.begin(), removed.end(), x) == removed.end()) labels.push_back(x);
    const auto g = graph::hamming_graph(labels);
    const auto m = test::distance_matrix(g);
    int fs = -1, ft = -1;
    for (uint64_t s = 0; s < g.nodes && fs < 0; ++s)
      for (uint64_t t = 0; t < g.nodes; ++t)
        if (m[s][t] != static_cast<uint32_t>(__builtin_popcountll(labels[s] ^ labels[t]))) {
          fs = static_cast<int>(s);
          ft = static_cast<int>(t);
          break;
        }
    ASSERT_GE(fs, 0) << "the hole must create a failing pair";
    for (int W : {1, 2}) {
      all_pairs_options opt;
      opt.hamming = true;
      opt.words = W;
      for (auto k : {all_pairs_options::kernel::node, all_pairs_options::kernel::word})
      for (bool symmetry : {false, true}) {
        opt.level_kernel = k;
        opt.symmetry = symmetry;
        const auto r = distance::all_pairs(this->backend, g, opt);
        ASSERT_TRUE(r.hamming_paths.has_value());
        EXPECT_FALSE(*r.hamming_paths);
        ASSERT_TRUE(r.counterexample.has_value());
        EXPECT_EQ(r.counterexample->source, uint32_t(fs));
        EXPECT_EQ(r.counterexample->target, uint32_t(ft));
        EXPECT_EQ(r.counterexample->distance, m[fs][ft]);
        EXPECT_EQ(r.counterexample->hamming,
                  uint32_t(__builtin_popcountll(labels[fs] ^ labels[ft])));
      }
    }
  }
}

// Q(4) minus one node stays isometric (every pair keeps a geodesic): the check must hold.
TEST_P(AllPairsOn, HammingCheckHoldsOnAHypercubeWithOneNodeRemoved) {
  for (uint64_t removed = 0; removed < 16; ++removed) {
    std::vector<uint64_t> labels;
    for (uint64_t x = 0; x < 16; ++x)
      if (x != removed) labels.push_back(x);
    expect_hamming_check_as_brute_force(this->backend, graph::hamming_graph(labels),
                                        "removed " + std::to_string(removed));
  }
}

// PN_2(16) without its all-zero node: 0001 and 0010 are 2 apart in Hamming distance, but
// of their common neighbors 0000 is gone and 0011 is no label (adjacent 1-bits), so the
// pair needs a detour and the check fails; the first failing pair comes from brute force.
TEST_P(AllPairsOn, HammingCheckNamesTheFirstFailingPairOfAPunchedFibonacciCube) {
  const auto full = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 16));
  std::vector<uint64_t> rest(full.nodes - 1);
  for (uint64_t v = 1; v < full.nodes; ++v) rest[v - 1] = v;
  const auto g = graph::induced_subgraph(full, rest);
  const auto m = test::distance_matrix(g);
  uint64_t fs = g.nodes, ft = 0;
  for (uint64_t s = 0; s < g.nodes && fs == g.nodes; ++s)
    for (uint64_t t = 0; t < g.nodes; ++t)
      if (m[s][t] != static_cast<uint32_t>(__builtin_popcountll(g.labels[s] ^ g.labels[t]))) {
        fs = s;
        ft = t;
        break;
      }
  ASSERT_LT(fs, g.nodes) << "removing 0 must create a failing pair";
  all_pairs_options opt;
  opt.hamming = true;
  const auto r = distance::all_pairs(this->backend, g, opt);
  ASSERT_TRUE(r.counterexample.has_value());
  EXPECT_EQ(r.counterexample->source, fs);
  EXPECT_EQ(r.counterexample->target, ft);
  EXPECT_EQ(r.counterexample->distance, m[fs][ft]);
}

TEST_P(AllPairsOn, DisconnectedGraphCountsUnreachablePairsAndFailsHamming) {
  // {0000, 0011, 0001}: 0000-0001-0011 path plus nothing else: connected. Add 1100 alone.
  const auto g = graph::hamming_graph({0b0000, 0b0001, 0b0011, 0b1100});
  all_pairs_options opt;
  opt.hamming = true;
  const auto r = distance::all_pairs(this->backend, g, opt);
  EXPECT_EQ(r.unreachable_pairs, 6u);
  EXPECT_FALSE(*r.hamming_paths);
  EXPECT_EQ(r.counterexample->source, 0u);
  EXPECT_EQ(r.counterexample->target, 3u);
  EXPECT_EQ(r.counterexample->distance, distance::unreachable);
}

TEST_P(AllPairsOn, SingleSourceBfsEqualsQueueBfs) {
  for (const auto& fam : instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    for (uint64_t s : {uint64_t{0}, g.nodes / 3, g.nodes - 1})
      EXPECT_EQ(distance::bfs(this->backend, g, static_cast<uint32_t>(s)), test::queue_bfs(g, s));
  }
}

// The GPU's BFS (level by level, in functor form) run on the CPU: the CPU's own bfs is a
// queue, so this is what keeps the device code tested here.
TEST(Bfs, LevelByLevelFormEqualsQueueBfs) {
  for (const auto& fam : instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    for (uint64_t s : {uint64_t{0}, g.nodes / 3, g.nodes - 1})
      EXPECT_EQ(distance::bfs_by_levels(core::backend::cpu, g, static_cast<uint32_t>(s)),
                test::queue_bfs(g, s));
  }
}

TEST_P(AllPairsOn, IfubDiameterEqualsBruteForceAndUsesFewerBfs) {
  for (const auto& fam : instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    if (g.directed) continue;
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    const auto d = distance::exact_diameter(this->backend, g);
    if (e.unreachable) {
      EXPECT_FALSE(d.connected);
      continue;
    }
    EXPECT_EQ(d.diameter, e.diameter) << "N=" << g.nodes;
    EXPECT_LE(d.bfs_runs, g.nodes + 1);
  }
}

// Irregular graphs (seeded random trees with a few extra edges, and a long path): iFUB's
// per-source growth masks must come only from rows written at that level, or a source
// that stopped growing looks eccentric.  Every statistic of all pairs is checked too.
TEST_P(AllPairsOn, IfubAndAllPairsEqualBruteForceOnIrregularGraphs) {
  uint64_t state = 12345;
  auto next = [&state](uint64_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % bound;
  };
  std::vector<graph::csr_graph> graphs;
  graph::edge_list path;
  for (uint32_t v = 1; v < 300; ++v) path.push_back({v - 1, v});
  graphs.push_back(graph::from_edges(300, path));
  for (int trial = 0; trial < 40; ++trial) {
    const uint32_t n = 20 + static_cast<uint32_t>(next(400));
    graph::edge_list edges;
    for (uint32_t v = 1; v < n; ++v) edges.push_back({static_cast<uint32_t>(next(v)), v});
    const uint64_t extra = next(n / 8 + 1);
    for (uint64_t k = 0; k < extra; ++k) {
      const auto a = static_cast<uint32_t>(next(n)), b = static_cast<uint32_t>(next(n));
      if (a != b) edges.push_back({a, b});
    }
    graphs.push_back(graph::from_edges(n, edges));
  }
  for (const auto& g : graphs) {
    const test::all_pairs_truth e = test::brute_force_all_pairs(g);
    const auto d = distance::exact_diameter(this->backend, g);
    ASSERT_TRUE(d.connected);
    EXPECT_EQ(d.diameter, e.diameter) << "N=" << g.nodes;
    for (int words : {1, 4}) {
      all_pairs_options opt;
      opt.words = words;
      opt.per_node = true;
      opt.symmetry = words == 4;
      const auto r = distance::all_pairs(this->backend, g, opt);
      EXPECT_EQ(r.distance_counts, e.counts) << "N=" << g.nodes << " W=" << words;
      EXPECT_EQ(r.eccentricity, e.ecc) << "N=" << g.nodes << " W=" << words;
      EXPECT_EQ(r.per_node_distance_sum, e.node_dsum) << "N=" << g.nodes << " W=" << words;
    }
  }
}

TEST(AllPairs, ReportsProgressAndStopsWhenAsked) {
  const auto g = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 14));
  all_pairs_options opt;
  opt.words = 1;
  opt.symmetry = false;  // one source per node (with symmetry: per orbit, tested below)
  uint64_t last_done = 0, last_total = 0, calls = 0;
  opt.control.progress = [&](uint64_t d, uint64_t t) {
    EXPECT_GT(d, last_done);
    last_done = d;
    last_total = t;
    ++calls;
  };
  distance::all_pairs(core::backend::cpu, g, opt);
  EXPECT_EQ(last_done, g.nodes);
  EXPECT_EQ(last_total, g.nodes);
  EXPECT_EQ(calls, (g.nodes + 63) / 64);

  // With symmetry the engine counts the sources it runs, one per orbit.
  all_pairs_options sym;
  sym.words = 1;
  uint64_t sym_done = 0, sym_total = 0;
  sym.control.progress = [&](uint64_t d, uint64_t t) {
    EXPECT_GT(d, sym_done);
    sym_done = d;
    sym_total = t;
  };
  const auto r = distance::all_pairs(core::backend::cpu, g, sym);
  EXPECT_LT(r.sources_run, g.nodes);  // the label reversal maps PN_2(14) onto itself
  EXPECT_EQ(sym_done, r.sources_run);
  EXPECT_EQ(sym_total, r.sources_run);

  std::atomic<int> polls{0};
  opt.control.progress = nullptr;
  opt.control.should_stop = [&] { return ++polls > 3; };
  EXPECT_THROW(distance::all_pairs(core::backend::cpu, g, opt), core::interrupted);
}

// The Hamming check compares each node's sums over all sources: a source range cannot
// decide it, and says so.
TEST_P(AllPairsOn, HammingCheckRejectsASourceRange) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(4));
  all_pairs_options opt;
  opt.hamming = true;
  opt.source_end = 8;
  EXPECT_THROW(distance::all_pairs(this->backend, g, opt), std::invalid_argument);
  opt.source_end = g.nodes;
  EXPECT_TRUE(*distance::all_pairs(this->backend, g, opt).hamming_paths);
}

TEST_P(AllPairsOn, RejectsMalformedWordCounts) {
  const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(4));
  all_pairs_options opt;
  opt.words = 3;
  EXPECT_THROW(distance::all_pairs(this->backend, g, opt), std::invalid_argument);
  opt.words = 128;
  EXPECT_THROW(distance::all_pairs(this->backend, g, opt), std::invalid_argument);
  // The word kernel (the CUDA backend's own for W != 32) refuses what the others refuse.
  opt.level_kernel = all_pairs_options::kernel::word;
  opt.words = 3;
  EXPECT_THROW(distance::all_pairs(this->backend, g, opt), std::invalid_argument);
}

}  // namespace
