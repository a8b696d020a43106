// The CUDA backend against the CPU backend: identical labels, CSR and counts.
// Label `gpu`; skipped when no device answers.
#include <gtest/gtest.h>

#include "kernels/graph/csr.hpp"

namespace {

using namespace tv;

class CsrGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!core::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  }
};

TEST_F(CsrGpu, IdenticalToCpuOnEveryFamily) {
  const std::vector<families::family> fams = {
      families::hypercube::make(12),
      families::postal_network::make(2, 20),
      families::postal_network::make(4, 24),
      families::enhanced_fibonacci_cube::make(18),
      families::metacube::make(2, 2),
      families::metacube::make(1, 5, true),
      families::de_bruijn::make(14, true),
      families::de_bruijn::make(13, false),
      families::linear_recursive::from_generator(18, "1101"),
      families::linear_recursive::avoiding(18, "0110")};
  for (const auto& f : fams) {
    const auto c = graph::build_csr(core::backend::cpu, f);
    const auto g = graph::build_csr(core::backend::cuda, f);
    EXPECT_EQ(c.labels, g.labels);
    EXPECT_EQ(c.offsets, g.offsets);
    EXPECT_EQ(c.targets, g.targets);
    EXPECT_EQ(c.in_offsets, g.in_offsets);
    EXPECT_EQ(c.in_sources, g.in_sources);
    const auto a = graph::count_degrees(core::backend::cpu, f);
    const auto b = graph::count_degrees(core::backend::cuda, f);
    EXPECT_EQ(a.degree_histogram, b.degree_histogram);
    EXPECT_EQ(a.in_degree_histogram, b.in_degree_histogram);
  }
}

TEST_F(CsrGpu, LargeEnumerationMatches) {
  const auto f = families::postal_network::make(2, 30);
  EXPECT_EQ(graph::enumerate_labels(core::backend::cpu, f),
            graph::enumerate_labels(core::backend::cuda, f));
  for (const families::family& big : {families::family(families::postal_network::make(2, 34)),
                                      families::family(families::enhanced_fibonacci_cube::make(36)),
                                      families::family(families::linear_recursive::avoiding(33, "101"))})
    EXPECT_EQ(graph::label_checksum(core::backend::cpu, big), graph::label_checksum(core::backend::cuda, big));
}

}  // namespace
