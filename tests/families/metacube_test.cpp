// MC(k,m) against the two definitions of papers/002: the cluster-based presentation of
// Section 2 (address fields (c, m_{h-1}, ..., m_0)) and the class-cube presentation of
// Section 3 (class in the k rightmost bits), and the mapping between them.
#include "kernels/families/metacube.hpp"

#include <gtest/gtest.h>

#include "kernels/graph/csr.hpp"
#include "tests/support.hpp"

namespace {

using tv::families::metacube;

// Section 2: fields of an address string "c | m_{h-1} | ... | m_0".
std::set<uint64_t> cluster_definition_neighbors(int k, int m, uint64_t x) {
  const int h = 1 << k;
  const int n = m * h + k;
  const std::string s = tv::test::to_bits(x, n);
  const int c = k == 0 ? 0 : static_cast<int>(tv::test::from_bits(s.substr(0, k)));
  std::set<uint64_t> out;
  for (int t = 0; t < k; ++t) {  // cross-edges: one bit of the class field
    std::string y = s;
    y[t] = y[t] == '0' ? '1' : '0';
    out.insert(tv::test::from_bits(y));
  }
  // node ID m_c: field index c counted from the right, m characters wide
  const int field_start = k + (h - 1 - c) * m;
  for (int j = 0; j < m; ++j) {
    std::string y = s;
    y[field_start + j] = y[field_start + j] == '0' ? '1' : '0';
    out.insert(tv::test::from_bits(y));
  }
  return out;
}

// Section 3: bits b_{n-1}..b_0, class c = b_{k-1}..b_0, node ID bits b_{2^k j + c + k}.
std::set<uint64_t> class_definition_neighbors(int k, int m, uint64_t x) {
  const int h = 1 << k;
  const int c = static_cast<int>(x % h);
  std::set<uint64_t> out;
  for (int t = 0; t < k; ++t) out.insert(x ^ (uint64_t{1} << t));
  for (int j = 0; j < m; ++j) out.insert(x ^ (uint64_t{1} << (h * j + c + k)));
  return out;
}

TEST(Metacube, BothPresentationsMatchTheirDefinitions) {
  for (int k = 0; k <= 2; ++k)
    for (int m = 1; m <= 3; ++m) {
      const metacube cls = metacube::make(k, m, false), clu = metacube::make(k, m, true);
      if (cls.n > 16) continue;
      ASSERT_EQ(cls.size(), uint64_t{1} << (m * (1 << k) + k));
      for (uint64_t x = 0; x < cls.size(); ++x) {
        ASSERT_EQ(tv::test::neighbors_of(cls, x), class_definition_neighbors(k, m, x));
        ASSERT_EQ(tv::test::neighbors_of(clu, x), cluster_definition_neighbors(k, m, x));
        ASSERT_EQ(tv::test::neighbor_list(cls, x).size(), size_t(k + m));  // degree k + m
      }
    }
}

TEST(Metacube, MappingIsAnIsomorphismBetweenPresentations) {
  for (int k = 0; k <= 3; ++k)
    for (int m = 1; m <= 2; ++m) {
      const metacube cls = metacube::make(k, m, false), clu = metacube::make(k, m, true);
      if (cls.n > 18) continue;
      std::set<uint64_t> image;
      for (uint64_t x = 0; x < cls.size(); ++x) {
        const uint64_t y = cls.to_cluster(x);
        ASSERT_EQ(cls.to_class(y), x);
        image.insert(y);
        std::set<uint64_t> mapped;
        for (uint64_t nb : tv::test::neighbors_of(cls, x)) mapped.insert(cls.to_cluster(nb));
        ASSERT_EQ(mapped, tv::test::neighbors_of(clu, y)) << "k=" << k << " m=" << m << " x=" << x;
      }
      ASSERT_EQ(image.size(), cls.size());
    }
}

TEST(Metacube, PaperNeighborExamples) {
  // Section 2: (01,111,101,110,000) in MC(2,3).
  const metacube clu = metacube::make(2, 3, true);
  const uint64_t a = tv::test::from_bits("01111101110000");
  std::set<uint64_t> want;
  for (const char* s : {"01111101111000", "01111101100000", "01111101010000", "00111101110000",
                        "11111101110000"})
    want.insert(tv::test::from_bits(s));
  EXPECT_EQ(tv::test::neighbors_of(clu, a), want);
  // Section 3: (1100,0110,1011,10) in MC(2,3), class-cube presentation.
  const metacube cls = metacube::make(2, 3, false);
  const uint64_t b = tv::test::from_bits("11000110101110");
  want.clear();
  for (const char* s : {"11000110111110", "11000010101110", "10000110101110", "11000110101111",
                        "11000110101100"})
    want.insert(tv::test::from_bits(s));
  EXPECT_EQ(tv::test::neighbors_of(cls, b), want);
}

TEST(Metacube, Table1RowsThatFit) {
  // Table 1 of papers/002 (links per node 3..8): node counts of MC(k, links-k).
  struct row {
    int k, links;
    uint64_t nodes;
  };
  const row rows[] = {{1, 3, 32},         {1, 4, 128},        {1, 5, 512},
                      {1, 6, 2048},       {1, 7, 8192},       {1, 8, 32768},
                      {2, 3, 64},         {2, 4, 1024},       {2, 5, 16384},
                      {2, 6, 1ull << 18}, {2, 7, 1ull << 22}, {2, 8, 1ull << 26},
                      {3, 4, 2048},       {3, 5, 1ull << 19}, {3, 6, 1ull << 27},
                      {3, 7, 1ull << 35}, {3, 8, 1ull << 43}, {4, 5, 1ull << 20},
                      {4, 6, 1ull << 36}, {4, 7, 1ull << 52}};
  for (const row& r : rows) {
    const metacube mc = metacube::make(r.k, r.links - r.k);
    EXPECT_EQ(mc.size(), r.nodes) << "MC(" << r.k << "," << r.links - r.k << ")";
    if (mc.size() <= (1u << 20)) {
      const auto s = tv::graph::count_degrees(tv::core::backend::cpu, mc);
      EXPECT_EQ(s.nodes, r.nodes);
      EXPECT_EQ(s.degree_min, unsigned(r.links));
      EXPECT_EQ(s.degree_max, unsigned(r.links));
    }
  }
  // MC(4,4) would need 2^68 nodes: refused, not wrapped around.
  EXPECT_THROW(metacube::make(4, 4), std::invalid_argument);
}

}  // namespace
