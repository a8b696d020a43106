// Tests of the papers/001 claims (host/claims/efc/): the test builds EFC_n and EFT_n
// itself from Definitions 1 and 2 (on strings), computes each claim's truth by brute
// force, and compares verdicts, on real instances and on hand-altered graphs.
#include <gtest/gtest.h>

#include <functional>

#include "host/claims/papers.hpp"
#include "kernels/sim/trees.hpp"
#include "tests/families/paper_definitions.hpp"
#include "tests/host/claims/claim_test_support.hpp"
#include "tests/support.hpp"

namespace tv::test {
namespace {

using sim::eft_reading;

// ---- The test's own EFC and EFT -----------------------------------------------------------

std::vector<uint64_t> efc_set(int n) {
  std::vector<uint64_t> v;
  for (const auto& s : efc_definition1_order(n)) v.push_back(from_bits(s));
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::map<std::string, std::string> efc(int n) { return {{"n", std::to_string(n)}}; }

/// Fibonacci tree FT on m-2 bits as child -> parent strings (FT_2 one node, FT_3 = 0 <- 1).
std::map<std::string, std::string> ft(int m) {
  std::map<std::string, std::string> p;
  if (m <= 2) return p;
  if (m == 3) return {{"1", "0"}};
  for (auto& [c, q] : ft(m - 1)) p["0" + c] = "0" + q;
  for (auto& [c, q] : ft(m - 2)) p["10" + c] = "10" + q;
  p["10" + std::string(m - 4, '0')] = std::string(m - 2, '0');
  return p;
}

/// EFT_n by Definition 2 as child -> parent strings.
std::map<std::string, std::string> eft(int n, eft_reading reading) {
  if (n <= 6) return ft(n);
  std::map<std::string, std::string> p;
  const std::string z2(n - 4, '0'), z4(n - 6, '0'), root(n - 2, '0');
  for (auto& [c, q] : eft(n - 2, reading)) {
    p["00" + c] = "00" + q;
    p["10" + c] = "10" + q;
  }
  for (auto& [c, q] : eft(n - 4, reading)) {
    p["0100" + c] = "0100" + q;
    p["0101" + c] = "0101" + q;
  }
  p["10" + z2] = root;
  p["0100" + z4] = root;
  p["0101" + z4] = reading == eft_reading::claims_md ? "0100" + z4 : root;
  return p;
}

/// Truth of "a spanning tree of the Hamming graph on `labels`".
bool spans(const std::map<std::string, std::string>& parent, const std::vector<uint64_t>& labels, int w) {
  const std::set<uint64_t> s(labels.begin(), labels.end());
  if (parent.size() + 1 != labels.size()) return false;
  for (uint64_t x : labels) {
    std::string at = to_bits(x, w);
    for (int steps = 0; from_bits(at) != 0; ++steps) {
      auto it = parent.find(at);
      if (it == parent.end() || steps > 64) return false;
      if (!s.count(from_bits(it->second)) || __builtin_popcountll(from_bits(at) ^ from_bits(it->second)) != 1)
        return false;
      at = it->second;
    }
  }
  return true;
}

TEST(EfcClaims, HelpersAgreeWithTheTestsDefinitions) {
  for (int n = 3; n <= 14; ++n) {
    std::vector<std::string> got;
    for (uint64_t x : host::claims::efc_definition1(n)) got.push_back(to_bits(x, n - 2));
    EXPECT_EQ(got, efc_definition1_order(n)) << n;
    for (auto reading : {eft_reading::claims_md, eft_reading::all_to_root})
      for (auto& [c, q] : eft(n, reading))
        EXPECT_EQ(to_bits(sim::eft_parent(n, from_bits(c), reading), n - 2), q) << n << " " << c;
    // The instance's label set is Definition 1's.
    EXPECT_EQ(graph_of("efc", efc(n)).labels, efc_set(n));
  }
}

TEST(EfcClaims, CountAndGray) {
  for (int n = 3; n <= 14; ++n) {
    if (n > 6)
      EXPECT_VERDICT(run_claim("efc.count", "efc", efc(n)),
                     efc_set(n).size() == 2 * efc_set(n - 2).size() + 2 * efc_set(n - 4).size());
    else
      EXPECT_TRUE(is_outside(run_claim("efc.count", "efc", efc(n))));
    const auto order = efc_definition1_order(n);
    auto differ1 = [&](size_t i, size_t j) {
      int d = 0;
      for (size_t c = 0; c < order[i].size(); ++c) d += order[i][c] != order[j][c];
      return d == 1;
    };
    bool path = efc_set(n).size() == order.size(), cyc = true;
    for (size_t i = 0; i + 1 < order.size(); ++i) path = path && differ1(i, i + 1);
    if (order.size() > 2) cyc = differ1(order.size() - 1, 0);
    EXPECT_VERDICT(run_claim("efc.gray", "efc", efc(n)), path && cyc);
  }
}

TEST(EfcClaims, P1FibonacciCubeInside) {
  for (int n = 3; n <= 12; ++n) {
    const auto g = graph_of("efc", efc(n));
    const int w = n - 2;
    bool inside = true;
    for (uint64_t x = 0; x < (uint64_t{1} << w); ++x)
      for (uint64_t y = 0; y < (uint64_t{1} << w); ++y) {
        if ((x & (x >> 1)) || (y & (y >> 1))) continue;
        const bool ex = std::binary_search(g.labels.begin(), g.labels.end(), x);
        inside = inside && ex;
        if (ex && __builtin_popcountll(x ^ y) == 1)
          inside = inside && host::claims::has_arc(g, rank_in(g, x), rank_in(g, y));
      }
    EXPECT_VERDICT(run_claim("efc.p1", "efc", efc(n)), inside);
  }
  const auto g = graph_of("efc", efc(5));  // without the FC edge 000-001
  EXPECT_VERDICT(run_claim("efc.p1", "efc", efc(5), with_edge(g, 0, 1, false)), false);
}

TEST(EfcClaims, P3Decomposition) {
  for (int n = 7; n <= 12; ++n) {
    const auto g = graph_of("efc", efc(n));
    const int w = n - 2;
    bool truth = true;
    uint64_t covered = 0;
    for (auto [pre, len, sub] : std::vector<std::tuple<const char*, int, int>>{
             {"00", 2, n - 2}, {"10", 2, n - 2}, {"0100", 4, n - 4}, {"0101", 4, n - 4}}) {
      std::vector<uint64_t> block;
      for (uint64_t x : g.labels)
        if (to_bits(x, w).rfind(pre, 0) == 0) block.push_back(x);
      covered += block.size();
      std::vector<uint64_t> stripped;
      for (uint64_t x : block) stripped.push_back(x & ((uint64_t{1} << (w - len)) - 1));
      truth = truth && stripped == efc_set(sub);
      for (uint64_t a : block)  // edges inside the block = Hamming pairs of the sub-EFC
        for (uint64_t b : block)
          if (__builtin_popcountll(a ^ b) == 1)
            truth = truth && host::claims::has_arc(g, rank_in(g, a), rank_in(g, b));
    }
    truth = truth && covered == g.nodes;
    EXPECT_VERDICT(run_claim("efc.p3", "efc", efc(n)), truth);
  }
  const auto g = graph_of("efc", efc(7));  // 00000-00001 removed inside the 00 block
  EXPECT_VERDICT(run_claim("efc.p3", "efc", efc(7), with_edge(g, 0, 1, false)), false);
  EXPECT_TRUE(is_outside(run_claim("efc.p3", "efc", efc(6))));
}

TEST(EfcClaims, P4P5P6) {
  for (int n = 3; n <= 12; ++n) {
    const auto g = graph_of("efc", efc(n));
    EXPECT_VERDICT(run_claim("efc.p4", "efc", efc(n)), distances_are_hamming(g));
    EXPECT_VERDICT(run_claim("efc.p5", "efc", efc(n)), bfs_diameter(g) == static_cast<uint32_t>(n - 2));
    uint32_t lo = ~0u, hi = 0;
    for (uint64_t v = 0; v < g.nodes; ++v) {
      lo = std::min(lo, g.degree(v));
      hi = std::max(hi, g.degree(v));
    }
    EXPECT_VERDICT(run_claim("efc.p6", "efc", efc(n)),
                   lo >= static_cast<uint32_t>((n + 3) / 4) && hi <= static_cast<uint32_t>(n - 2));
  }
  const auto g = graph_of("efc", efc(7));
  EXPECT_VERDICT(run_claim("efc.p4", "efc", efc(7), with_edge(g, 0, 1, false)), false);
  const auto chord = with_edge(g, 0, g.nodes - 1, true);  // 00000 - 10101
  EXPECT_VERDICT(run_claim("efc.p5", "efc", efc(7), chord), bfs_diameter(*chord) == 5u);
  const auto crowded = with_edge(g, 0, rank_in(g, from_bits("01010")), true);  // 00000 gets degree 6
  EXPECT_VERDICT(run_claim("efc.p6", "efc", efc(7), crowded), false);
}

TEST(EfcClaims, EftProperties) {
  for (int n = 3; n <= 12; ++n) {
    const int w = n - 2;
    const auto labels = efc_set(n);
    for (auto reading : {eft_reading::claims_md, eft_reading::all_to_root})
      EXPECT_VERDICT(run_claim(reading == eft_reading::claims_md ? "eft.p7" : "eft.p7.alt", "efc", efc(n)),
                     spans(eft(n, reading), labels, w));
    const auto tree = eft(n, eft_reading::claims_md);
    if (!spans(tree, labels, w)) continue;
    // Children of the root in increasing label order, depths, the tree's diameter, pre-order.
    std::map<uint64_t, std::vector<uint64_t>> children;
    for (auto& [c, q] : tree) children[from_bits(q)].push_back(from_bits(c));
    for (auto& [k, v] : children) std::sort(v.begin(), v.end());
    const auto& rc = children[0];
    std::function<uint32_t(uint64_t)> height = [&](uint64_t x) {
      uint32_t h = 0;
      for (uint64_t c : children[x]) h = std::max(h, 1 + height(c));
      return h;
    };
    std::vector<uint64_t> pre;
    std::function<void(uint64_t)> visit = [&](uint64_t x) {
      pre.push_back(x);
      for (uint64_t c : children[x]) visit(c);
    };
    visit(0);
    const auto tg = graph::from_edges(labels.size(), [&] {
      std::vector<std::pair<uint64_t, uint64_t>> e;
      for (auto& [c, q] : tree) e.emplace_back(rank_in(graph_of("efc", efc(n)), from_bits(c)),
                                               rank_in(graph_of("efc", efc(n)), from_bits(q)));
      return e;
    }());
    bool left = rc.size() == static_cast<size_t>(w), right = left;
    for (int i = 1; i <= w && left; ++i) left = rc[i - 1] == (uint64_t{1} << (w - i));
    for (int i = 1; i <= w && right; ++i) right = rc[i - 1] == (uint64_t{1} << (i - 1));
    EXPECT_VERDICT(run_claim("eft.p9", "efc", efc(n)), rc.size() == static_cast<size_t>(w));
    EXPECT_VERDICT(run_claim("eft.p9.alt", "efc", efc(n)), bfs_diameter(tg) == static_cast<uint32_t>(w));
    EXPECT_VERDICT(run_claim("eft.p10", "efc", efc(n)), height(0) == static_cast<uint32_t>((w + 1) / 2));
    EXPECT_VERDICT(run_claim("eft.p11", "efc", efc(n)), left);
    EXPECT_VERDICT(run_claim("eft.p11.alt", "efc", efc(n)), right);
    EXPECT_VERDICT(run_claim("eft.p12", "efc", efc(n)), pre == labels);
    if (n > 6) {
      // Property 8: each block's tree is the prefixed copy of EFT_{n-2} / EFT_{n-4}.
      bool copies = true;
      for (auto [pre2, sub] : std::vector<std::pair<std::string, int>>{{"00", n - 2}, {"10", n - 2},
                                                                       {"0100", n - 4}, {"0101", n - 4}})
        for (auto& [c, q] : eft(sub, eft_reading::claims_md)) copies = copies && tree.at(pre2 + c) == pre2 + q;
      EXPECT_VERDICT(run_claim("eft.p8", "efc", efc(n)), copies);
    }
  }
  // Hand-altered graphs.  EFC_7 without the tree edge 00000-10000: not a spanning tree.
  const auto g = graph_of("efc", efc(7));
  EXPECT_VERDICT(run_claim("eft.p7", "efc", efc(7), with_edge(g, 0, rank_in(g, 0b10000), false)), false);
  // EFC_7 cut down to its labels of weight <= 2: the tree still spans, its height is 2 < 3.
  std::vector<uint64_t> light;
  for (uint64_t x : g.labels)
    if (__builtin_popcountll(x) <= 2) light.push_back(x);
  EXPECT_VERDICT(run_claim("eft.p10", "efc", efc(7), hamming_of(light)), false);
  // Without 10000 and its subtree (every label starting with 1): the root has 4 children.
  std::vector<uint64_t> left_half;
  for (uint64_t x : g.labels)
    if (!(x >> 4)) left_half.push_back(x);
  EXPECT_VERDICT(run_claim("eft.p9", "efc", efc(7), hamming_of(left_half)), false);
  // Without the leaf 00001: the root's first child is 00010.
  std::vector<uint64_t> no1;
  for (uint64_t x : g.labels)
    if (x != 1) no1.push_back(x);
  EXPECT_VERDICT(run_claim("eft.p11.alt", "efc", efc(7), hamming_of(no1)), false);
}

TEST(EfcClaims, Unicast) {
  auto truth = [](const graph::csr_graph& g) {
    for (uint64_t t = 0; t < g.nodes; ++t)
      for (uint64_t d = 0; d < g.nodes; ++d) {
        if (t == d) continue;
        bool any = false;
        for (uint64_t e = g.offsets[t]; e < g.offsets[t + 1] && !any; ++e)
          any = __builtin_popcountll(g.labels[g.targets[e]] ^ g.labels[d]) + 1 ==
                __builtin_popcountll(g.labels[t] ^ g.labels[d]);
        if (!any) return false;
      }
    return true;
  };
  for (int n = 3; n <= 11; ++n)
    EXPECT_VERDICT(run_claim("efc.unicast", "efc", efc(n)), truth(graph_of("efc", efc(n))));
  const auto g = graph_of("efc", efc(5));  // 000 loses its edge to 001: stuck toward 001
  const auto cut = with_edge(g, 0, 1, false);
  ASSERT_FALSE(truth(*cut));
  EXPECT_VERDICT(run_claim("efc.unicast", "efc", efc(5), cut), false);
}

}  // namespace
}  // namespace tv::test
