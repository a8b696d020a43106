// The CUDA all-pairs engine against the CPU engine (label `gpu`; skipped without a device).
#include <gtest/gtest.h>

#include "kernels/distance/all_pairs.hpp"

namespace {

using namespace tv;

class AllPairsGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!core::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_F(AllPairsGpu, IdenticalToCpu) {
  const std::vector<families::family> fams = {
      families::postal_network::make(2, 18), families::postal_network::make(3, 21),
      families::hypercube::make(11),          families::enhanced_fibonacci_cube::make(16),
      families::metacube::make(2, 2),         families::de_bruijn::make(12, true),
      families::de_bruijn::make(11, false),   families::linear_recursive::avoiding(15, "0110")};
  for (const auto& f : fams) {
    const auto g = graph::build_csr(core::backend::cpu, f);
    for (int W : {0, 1, 4}) {
      distance::all_pairs_options opt;
      opt.words = W;
      opt.per_node = true;
      opt.hamming = families::has_hamming_edges(f);
      // The CPU runs every source, the GPU one per orbit (symmetry, the default).
      distance::all_pairs_options plain = opt;
      plain.symmetry = false;
      const auto c = distance::all_pairs(core::backend::cpu, g, plain);
      const auto d = distance::all_pairs(core::backend::cuda, g, opt);
      EXPECT_EQ(c.distance_counts, d.distance_counts);
      EXPECT_EQ(c.diameter, d.diameter);
      EXPECT_EQ(c.radius, d.radius);
      EXPECT_EQ(c.unreachable_pairs, d.unreachable_pairs);
      EXPECT_EQ(c.eccentricity, d.eccentricity);
      EXPECT_EQ(c.per_node_distance_sum, d.per_node_distance_sum);
      EXPECT_EQ(c.hamming_paths, d.hamming_paths);
      // Every GPU kernel, forced: node functor, word functor, warp kernel (W = 32 only).
      for (auto k : {distance::all_pairs_options::kernel::node,
                     distance::all_pairs_options::kernel::word,
                     distance::all_pairs_options::kernel::warp}) {
        distance::all_pairs_options o = opt;
        o.level_kernel = k;
        if (k == distance::all_pairs_options::kernel::warp) o.words = 32;
        const auto n = distance::all_pairs(core::backend::cuda, g, o);
        EXPECT_EQ(c.distance_counts, n.distance_counts) << int(k);
        EXPECT_EQ(c.eccentricity, n.eccentricity) << int(k);
        EXPECT_EQ(c.per_node_distance_sum, n.per_node_distance_sum) << int(k);
        EXPECT_EQ(c.hamming_paths, n.hamming_paths) << int(k);
      }
    }
    EXPECT_EQ(distance::bfs(core::backend::cpu, g, 5), distance::bfs(core::backend::cuda, g, 5));
    if (!g.directed)
      EXPECT_EQ(distance::exact_diameter(core::backend::cpu, g).diameter,
                distance::exact_diameter(core::backend::cuda, g).diameter);
  }
}

TEST_F(AllPairsGpu, HammingCounterexampleMatchesCpu) {
  // PN_2(16) without its all-zero node: the Hamming check must fail identically.
  const auto full = graph::build_csr(core::backend::cpu, families::postal_network::make(2, 16));
  graph::csr_graph g;
  g.nodes = full.nodes - 1;
  g.labels.assign(full.labels.begin() + 1, full.labels.end());
  g.offsets.push_back(0);
  for (uint64_t v = 1; v < full.nodes; ++v) {
    for (uint64_t e = full.offsets[v]; e < full.offsets[v + 1]; ++e)
      if (full.targets[e] != 0) g.targets.push_back(full.targets[e] - 1);
    g.offsets.push_back(g.targets.size());
  }
  distance::all_pairs_options opt;
  opt.hamming = true;
  const auto c = distance::all_pairs(core::backend::cpu, g, opt);
  const auto d = distance::all_pairs(core::backend::cuda, g, opt);
  ASSERT_TRUE(c.counterexample.has_value());
  ASSERT_TRUE(d.counterexample.has_value());
  EXPECT_EQ(c.counterexample->source, d.counterexample->source);
  EXPECT_EQ(c.counterexample->target, d.counterexample->target);
  EXPECT_EQ(c.counterexample->distance, d.counterexample->distance);
}

}  // namespace
