// DDB(k) against Definition 1 of papers/003: arcs S -> 2S mod 2^k and 2S mod 2^k + 1.
#include "kernels/families/debruijn.hpp"

#include <gtest/gtest.h>

#include <map>

#include "kernels/graph/csr.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::de_bruijn;

TEST(DeBruijn, ArcsFollowDefinition1) {
  for (int k = 1; k <= 10; ++k) {
    const de_bruijn d = de_bruijn::make(k);
    const uint64_t N = uint64_t{1} << k;
    std::map<uint64_t, std::multiset<uint64_t>> in;
    uint64_t arcs = 0;
    for (uint64_t s = 0; s < N; ++s) {
      std::multiset<uint64_t> out;
      d.for_each_neighbor(s, [&](uint64_t t) { out.insert(t); });
      const std::multiset<uint64_t> want = {(2 * s) % N, (2 * s) % N + 1};
      ASSERT_EQ(out, want) << "k=" << k << " s=" << s;
      for (uint64_t t : out) in[t].insert(s);
      arcs += out.size();
    }
    EXPECT_EQ(arcs, uint64_t{1} << (k + 1));
    for (uint64_t t = 0; t < N; ++t) {
      std::multiset<uint64_t> got;
      d.for_each_in_neighbor(t, [&](uint64_t s) { got.insert(s); });
      ASSERT_EQ(got, in[t]) << "in-arcs of " << t;
    }
  }
}

TEST(DeBruijn, UndirectedVersionIsTheSimpleSymmetricClosure) {
  for (int k = 1; k <= 9; ++k) {
    const de_bruijn u = de_bruijn::make(k, false);
    const uint64_t N = uint64_t{1} << k;
    for (uint64_t x = 0; x < N; ++x) {
      std::set<uint64_t> want;
      for (uint64_t y = 0; y < N; ++y)
        if (y != x && (y == (2 * x) % N || y == (2 * x) % N + 1 || x == (2 * y) % N ||
                       x == (2 * y) % N + 1))
          want.insert(y);
      const auto list = tv::test::neighbor_list(u, x);
      ASSERT_EQ(std::set<uint64_t>(list.begin(), list.end()), want);
      ASSERT_EQ(list.size(), want.size()) << "repeated neighbor";
    }
  }
}

TEST(DeBruijn, CountsAreTwoToTheKPlusOneArcsDegreeTwo) {
  const auto s = tv::graph::count_degrees(tv::core::backend::cpu, de_bruijn::make(12));
  EXPECT_EQ(s.nodes, 4096u);
  EXPECT_EQ(s.edges, 8192u);
  EXPECT_EQ(s.degree_min, 2u);
  EXPECT_EQ(s.degree_max, 2u);
  EXPECT_EQ(s.in_degree_min, 2u);
  EXPECT_EQ(s.in_degree_max, 2u);
}

}  // namespace
