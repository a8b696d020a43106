// Tests of the papers/000 claims (host/claims/postal/).  Each test computes the truth of
// the claim's statement itself (brute-force enumeration, queue BFS, its own recursions)
// and expects the claim's verdict to agree, on real instances and on hand-altered graphs
// built so the statement must fail.
#include <gtest/gtest.h>

#include <cmath>

#include "host/claims/papers.hpp"
#include "kernels/sim/trees.hpp"
#include "tests/families/paper_definitions.hpp"
#include "tests/host/claims/claim_test_support.hpp"
#include "tests/support.hpp"

namespace tv::test {
namespace {


// ---- The test's own model of the postal network ------------------------------------------

int min_gap(uint64_t x) {  // least distance between two 1-bits; 1000 when at most one
  int best = 1000, prev = -1;
  for (int p = 0; p < 64; ++p)
    if ((x >> p) & 1u) {
      if (prev >= 0) best = std::min(best, p - prev);
      prev = p;
    }
  return best;
}

std::vector<uint64_t> spaced(int lambda, int n) {  // Theorem 7's rule by brute force
  std::vector<uint64_t> v;
  for (uint64_t x = 0; x < (uint64_t{1} << n); ++x)
    if (min_gap(x) >= lambda) v.push_back(x);
  return v;
}

std::map<std::string, std::string> pn(int lambda, int n) {
  return {{"lambda", std::to_string(lambda)}, {"n", std::to_string(n)}};
}

uint64_t nodes_rec(int l, int n) { return n <= l ? n + 1 : nodes_rec(l, n - 1) + nodes_rec(l, n - l); }
uint64_t links_rec(int l, int n) {
  return n <= l ? n : links_rec(l, n - 1) + links_rec(l, n - l) + nodes_rec(l, n - l);
}

long long diameter_formula(int l, int n) {
  if (l == 1) return n;
  const long long c = (n + l - 1) / l;
  return (n - 1) % l == 0 ? 2 * c - 1 : 2 * c;
}

/// Does host (labels of hb bits) contain guest (gb bits) after deleting some hb-gb
/// positions?  Brute force over position masks.
bool contains_by_deletion(const std::vector<uint64_t>& host, int hb, const std::vector<uint64_t>& guest, int gb) {
  if (gb > hb) return false;
  for (uint64_t del = 0; del < (uint64_t{1} << hb); ++del) {
    if (__builtin_popcountll(del) != hb - gb) continue;
    std::set<uint64_t> proj;
    for (uint64_t x : host) {
      uint64_t y = 0;
      for (int b = hb - 1; b >= 0; --b)
        if (!((del >> b) & 1u)) y = (y << 1) | ((x >> b) & 1u);
      proj.insert(y);
    }
    bool all = true;
    for (uint64_t g : guest) all = all && proj.count(g);
    if (all) return true;
  }
  return false;
}

bool contains_as_numbers(const std::vector<uint64_t>& host, const std::vector<uint64_t>& guest) {
  const std::set<uint64_t> h(host.begin(), host.end());
  for (uint64_t g : guest)
    if (!h.count(g)) return false;
  return true;
}

/// Largest d such that some base and d free coordinates give a cube inside the set.
int largest_cube(const std::vector<uint64_t>& labels, int n) {
  const std::set<uint64_t> s(labels.begin(), labels.end());
  int best = -1;
  for (uint64_t mask = 0; mask < (uint64_t{1} << n); ++mask)
    for (uint64_t base : labels) {
      if (base & mask) continue;
      bool all = true;
      for (uint64_t sub = mask;; sub = (sub - 1) & mask) {
        all = all && s.count(base | sub);
        if (!sub || !all) break;
      }
      if (all) best = std::max(best, __builtin_popcountll(mask));
    }
  return best;
}

// ---- Definitions --------------------------------------------------------------------------

TEST(PostalClaims, HelpersAgreeWithTheTestsOwnRecursions) {
  for (int l = 1; l <= 5; ++l)
    for (int n = 1; n <= 10; ++n) {
      std::set<std::string> got;
      for (uint64_t x : host::claims::pn_definition1(l, n)) got.insert(to_bits(x, n));
      EXPECT_EQ(got, postal_definition1(l, n)) << l << " " << n;
      EXPECT_EQ(host::claims::pn_theorem7(l, n), spaced(l, n));
      EXPECT_EQ(host::claims::pn_nodes_recurrence(l, n), nodes_rec(l, n));
      EXPECT_EQ(host::claims::pn_links_recurrence(l, n), links_rec(l, n));
      EXPECT_EQ(host::claims::pn_diameter_formula(l, n), diameter_formula(l, n));
    }
  // Hsu's Fibonacci cube of order k: the (k-2)-bit strings without adjacent 1s.
  for (int k = 3; k <= 12; ++k) {
    std::vector<uint64_t> v = host::claims::fibonacci_cube_hsu(k);
    std::sort(v.begin(), v.end());
    EXPECT_EQ(v, spaced(2, k - 2)) << k;
  }
  EXPECT_EQ(host::claims::distance_1(from_bits("010001")), 4);
  EXPECT_EQ(host::claims::distance_1(from_bits("100101")), 2);
  EXPECT_GE(host::claims::distance_1(from_bits("000100")), host::claims::distance_1_infinite);
}

TEST(PostalClaims, Def1) {
  for (int l = 1; l <= 5; ++l)
    for (int n = 1; n <= 10; ++n) {
      std::set<std::string> t7;
      for (uint64_t x : spaced(l, n)) t7.insert(to_bits(x, n));
      EXPECT_VERDICT(run_claim("pn.def1", "postal", pn(l, n)), postal_definition1(l, n) == t7);
    }
}

TEST(PostalClaims, PostalTreeParentFollowsDefinition2) {
  // Definition 2 built as explicit trees (tests/families/paper_definitions.hpp) against
  // the postal tree the claims use, the simulators' sim::postal_tree_parent; the root 0^n
  // is its own parent (the map has no entry for it).
  for (int l = 1; l <= 6; ++l)
    for (int n = 1; n <= 12; ++n) {
      for (auto& [c, p] : postal_definition2_parents(l, n))
        EXPECT_EQ(to_bits(sim::postal_tree_parent(l, n, from_bits(c)), n), p) << l << " " << n << " " << c;
      EXPECT_EQ(sim::postal_tree_parent(l, n, 0), 0u);
    }
}

// ---- Graph claims: truth on real instances, and hand-altered graphs that must fail -------

TEST(PostalClaims, Thm1) {
  for (int l : {1, 2})
    for (int n = 1; n <= 8; ++n) {
      const auto g = graph_of("postal", pn(l, n));
      const std::vector<uint64_t> ref = l == 1 ? spaced(1, n) : spaced(2, n);  // all / no adjacent 1s
      bool same = g.labels == ref;
      uint64_t hamming_pairs = 0;
      for (uint64_t a = 0; a < ref.size() && same; ++a)
        for (uint64_t b = 0; b < ref.size(); ++b)
          if (__builtin_popcountll(ref[a] ^ ref[b]) == 1) {
            ++hamming_pairs;
            same = same && host::claims::has_arc(g, a, b);
          }
      same = same && hamming_pairs == g.arcs();
      EXPECT_VERDICT(run_claim("pn.thm1", "postal", pn(l, n)), same);
    }
  // PN_2(4) without the edge 0000-0001 is no longer the Fibonacci cube.
  const auto g = graph_of("postal", pn(2, 4));
  EXPECT_VERDICT(run_claim("pn.thm1", "postal", pn(2, 4), with_edge(g, 0, 1, false)), false);
  EXPECT_TRUE(is_outside(run_claim("pn.thm1", "postal", pn(3, 4))));
}

TEST(PostalClaims, Thm1Alt) {
  for (int n = 2; n <= 9; ++n) {
    const uint64_t fc_n = spaced(2, n - 2).size();  // FC(n): (n-2)-bit strings
    const uint64_t N = graph_of("postal", pn(2, n)).nodes;
    if (fc_n != N) EXPECT_VERDICT(run_claim("pn.thm1.alt", "postal", pn(2, n)), false);
  }
}

TEST(PostalClaims, Lemma) {
  for (int l = 1; l <= 4; ++l)
    for (int n = l + 1; n <= 9; ++n) {
      const auto g = graph_of("postal", pn(l, n));
      bool all_one = true;
      for (uint64_t v = 0; v < g.nodes; ++v) {
        if (!((g.labels[v] >> (n - 1)) & 1u)) continue;
        int c = 0;
        for (uint64_t u = 0; u < g.nodes; ++u)
          if (!((g.labels[u] >> (n - 1)) & 1u) && __builtin_popcountll(g.labels[u] ^ g.labels[v]) == 1) ++c;
        all_one = all_one && c == 1;
      }
      EXPECT_VERDICT(run_claim("pn.lemma", "postal", pn(l, n)), all_one);
    }
  // PN_2(4) with an extra edge 1000-0001: 1000 now has two neighbors in 0||V(3).
  const auto g = graph_of("postal", pn(2, 4));
  const auto bad = with_edge(g, rank_in(g, from_bits("1000")), rank_in(g, from_bits("0001")), true);
  EXPECT_VERDICT(run_claim("pn.lemma", "postal", pn(2, 4), bad), false);
  EXPECT_TRUE(is_outside(run_claim("pn.lemma", "postal", pn(3, 3))));
}

TEST(PostalClaims, Thm2) {
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 8; ++n)
      EXPECT_VERDICT(run_claim("pn.thm2", "postal", pn(l, n)), distances_are_hamming(graph_of("postal", pn(l, n))));
  const auto g = graph_of("postal", pn(2, 4));
  const auto cut = with_edge(g, 0, 1, false);  // 0000-0001 gone: their distance becomes 3
  ASSERT_FALSE(distances_are_hamming(*cut));
  const auto c = run_claim("pn.thm2", "postal", pn(2, 4), cut);
  EXPECT_VERDICT(c, false);
  EXPECT_EQ(c["counterexample"]["source"], "0000");  // the smallest failing pair
  EXPECT_EQ(c["counterexample"]["target"], "0001");
}

TEST(PostalClaims, Thm3) {
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 9; ++n)
      EXPECT_VERDICT(run_claim("pn.thm3", "postal", pn(l, n)),
                     bfs_diameter(graph_of("postal", pn(l, n))) == diameter_formula(l, n));
  // PN_2(5) with a chord 10101-01010 (the only pair at distance 5): the diameter drops.
  const auto g = graph_of("postal", pn(2, 5));
  const auto chord = with_edge(g, rank_in(g, from_bits("10101")), rank_in(g, from_bits("01010")), true);
  ASSERT_NE(bfs_diameter(*chord), diameter_formula(2, 5));
  const auto c = run_claim("pn.thm3", "postal", pn(2, 5), chord);
  EXPECT_VERDICT(c, false);
  EXPECT_EQ(c["measured"], bfs_diameter(*chord));
}

TEST(PostalClaims, Thm4AndTables) {
  const uint64_t t1[4][9] = {{2, 4, 8, 16, 32, 64, 128, 256, 512}, {2, 3, 5, 8, 13, 21, 34, 55, 89},
                             {2, 3, 4, 6, 9, 13, 19, 28, 41}, {2, 3, 4, 5, 7, 10, 14, 19, 26}};
  const uint64_t t2[4][9] = {{1, 4, 12, 32, 80, 192, 448, 1024, 2304}, {1, 2, 5, 10, 20, 38, 71, 130, 235},
                             {1, 2, 3, 6, 11, 18, 30, 50, 81}, {1, 2, 3, 4, 7, 12, 19, 28, 42}};
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 9; ++n) {
      const auto g = graph_of("postal", pn(l, n));
      const uint64_t N = g.nodes, L = g.arcs() / 2;
      EXPECT_VERDICT(run_claim("pn.thm4", "postal", pn(l, n)), N == nodes_rec(l, n) && L == links_rec(l, n));
      EXPECT_VERDICT(run_claim("pn.table1", "postal", pn(l, n)), N == t1[l - 1][n - 1]);
      EXPECT_VERDICT(run_claim("pn.table2", "postal", pn(l, n)), L == t2[l - 1][n - 1]);
    }
  EXPECT_TRUE(is_outside(run_claim("pn.table1", "postal", pn(5, 3))));
  EXPECT_TRUE(is_outside(run_claim("pn.table2", "postal", pn(2, 10))));
  // One more edge breaks L's recurrence and Table 2's entry; one node less N's.
  const auto g = graph_of("postal", pn(3, 5));
  const auto extra = with_edge(g, rank_in(g, 0b10000), rank_in(g, 0b00010), true);
  EXPECT_VERDICT(run_claim("pn.thm4", "postal", pn(3, 5), extra), false);
  EXPECT_VERDICT(run_claim("pn.table2", "postal", pn(3, 5), extra), false);
  std::vector<uint64_t> fewer(g.labels.begin(), g.labels.end() - 1);
  EXPECT_VERDICT(run_claim("pn.table1", "postal", pn(3, 5), hamming_of(fewer)), false);
}

TEST(PostalClaims, ClosedForm) {
  // The closed form with two distinct roots fitted to N(1), N(2) is the sequence of the
  // recurrence N(n) = N(n-1) + N(n-2) from those two values.
  auto seq = [](uint64_t a, uint64_t b, int n) {
    if (n == 1) return a;
    for (int i = 3; i <= n; ++i) {
      const uint64_t c = a + b;
      a = b;
      b = c;
    }
    return b;
  };
  for (int n = 1; n <= 20; ++n) {
    const uint64_t N = graph_of("postal", pn(2, n)).nodes;
    EXPECT_VERDICT(run_claim("pn.closed_form", "postal", pn(2, n)), seq(1, 2, n) == N);
    EXPECT_VERDICT(run_claim("pn.closed_form.alt", "postal", pn(2, n)), seq(2, 3, n) == N);
  }
  const auto g = graph_of("postal", pn(2, 6));
  std::vector<uint64_t> fewer(g.labels.begin(), g.labels.end() - 1);
  EXPECT_VERDICT(run_claim("pn.closed_form.alt", "postal", pn(2, 6), hamming_of(fewer)), seq(2, 3, 6) == fewer.size());
  EXPECT_TRUE(is_outside(run_claim("pn.closed_form", "postal", pn(3, 6))));
}

TEST(PostalClaims, BoundsThm5Thm6) {
  for (int l = 1; l <= 5; ++l)
    for (int n = 1; n <= 12; ++n) {
      const auto g = graph_of("postal", pn(l, n));
      const double N = static_cast<double>(g.nodes), L = static_cast<double>(g.arcs() / 2);
      EXPECT_VERDICT(run_claim("pn.bounds", "postal", pn(l, n)),
                     std::ldexp(1.0, n / l) <= N && N <= std::ldexp(1.0, n));
      if (l < 2) continue;
      const double base = 1 + 1 / std::sqrt(l - 1.0);
      EXPECT_VERDICT(run_claim("pn.thm5", "postal", pn(l, n)), N <= (l + 1) * std::pow(base, n - 1));
      const double mid = ((n - 2.0) / (l + 1) + 1) * N;
      EXPECT_VERDICT(run_claim("pn.thm6", "postal", pn(l, n)),
                     L < mid && mid <= (n + l - 1) * std::pow(base, n - 1));
    }
  // Hand-built graphs: one node where PN_1(2) needs 4 >= 2^floor(2/1); four nodes where
  // PN_2(1) allows 3; PN_3(3) made complete (6 edges on 4 nodes).
  EXPECT_VERDICT(run_claim("pn.bounds", "postal", pn(1, 2), hamming_of({0})), false);
  EXPECT_VERDICT(run_claim("pn.thm5", "postal", pn(2, 1), hamming_of({0, 1, 2, 3})), false);
  const auto k4 = std::make_shared<graph::csr_graph>(
      graph::from_edges(4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}, false, {0, 1, 2, 4}));
  EXPECT_VERDICT(run_claim("pn.thm6", "postal", pn(3, 3), k4), false);
}

TEST(PostalClaims, Routing) {
  auto truth = [](const std::vector<uint64_t>& labels, int l) {
    for (uint64_t t : labels)
      for (uint64_t d : labels) {
        if (t == d) continue;
        bool any = false;
        for (int i = 0; i < 64 && !any; ++i)
          any = ((t ^ d) >> i & 1u) && min_gap(t ^ (uint64_t{1} << i)) >= l;
        if (!any) return false;
      }
    return true;
  };
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 8; ++n)
      EXPECT_VERDICT(run_claim("pn.routing", "postal", pn(l, n)), truth(spaced(l, n), l));
  // A destination 110 that PN_2(3) lacks: from 100 the only differing bit makes 110 itself.
  std::vector<uint64_t> labels = spaced(2, 3);
  labels.push_back(0b110);
  std::sort(labels.begin(), labels.end());
  ASSERT_FALSE(truth(labels, 2));
  EXPECT_VERDICT(run_claim("pn.routing", "postal", pn(2, 3), hamming_of(labels)), false);
}

TEST(PostalClaims, Thm8) {
  auto truth = [](const std::vector<uint64_t>& labels, int l) {
    const std::vector<uint64_t> all = spaced(l, 16);
    const std::set<uint64_t> nodes(all.begin(), all.end());
    for (uint64_t s : labels)
      for (uint64_t d : labels) {
        const uint64_t x = s ^ d;
        if (s == d || min_gap(x) < l) continue;
        for (uint64_t sub = x;; sub = (sub - 1) & x) {
          if (!nodes.count((s & ~x) | sub)) return false;
          if (!sub) break;
        }
      }
    return true;
  };
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 7; ++n)
      EXPECT_VERDICT(run_claim("pn.thm8", "postal", pn(l, n)), truth(spaced(l, n), l));
  std::vector<uint64_t> labels = spaced(2, 3);  // plus 110: the pair (010, 110) spans 110
  labels.push_back(0b110);
  std::sort(labels.begin(), labels.end());
  ASSERT_FALSE(truth(labels, 2));
  EXPECT_VERDICT(run_claim("pn.thm8", "postal", pn(2, 3), hamming_of(labels)), false);
}

TEST(PostalClaims, Thm9AndThm10) {
  for (int l = 1; l <= 3; ++l)
    for (int n1 = 1; n1 <= 6; ++n1) {
      const std::vector<uint64_t> host = spaced(l, n1);
      bool literal = true, proper = true;
      for (int n2 = 1; n2 <= n1 + 1; ++n2) {
        const bool c = contains_by_deletion(host, n1, spaced(l, n2), n2);
        literal = literal && c == (n1 > n2);
        proper = proper && (c && n2 != n1) == (n1 > n2);
      }
      EXPECT_VERDICT(run_claim("pn.thm9", "postal", pn(l, n1)), literal);
      EXPECT_VERDICT(run_claim("pn.thm9.alt", "postal", pn(l, n1)), proper);
      literal = proper = true;
      for (int l2 = 1; l2 <= std::max(n1, l) + 1; ++l2) {
        const bool c = contains_as_numbers(host, spaced(l2, n1));
        literal = literal && c == (l < l2);
        proper = proper && (c && spaced(l2, n1) != host) == (l < l2);
      }
      EXPECT_VERDICT(run_claim("pn.thm10", "postal", pn(l, n1)), literal);
      EXPECT_VERDICT(run_claim("pn.thm10.alt", "postal", pn(l, n1)), proper);
    }
  // Hosts cut down by hand: {000, 001} cannot hold PN_2(2) (3 nodes), {00, 01} not PN_2(2).
  EXPECT_VERDICT(run_claim("pn.thm9.alt", "postal", pn(2, 3), hamming_of({0, 1})), false);
  EXPECT_VERDICT(run_claim("pn.thm10.alt", "postal", pn(1, 2), hamming_of({0, 1})), false);
}

TEST(PostalClaims, Thm11) {
  for (int l1 = 2; l1 <= 4; ++l1)
    for (int n1 = 1; n1 <= 8; ++n1) {
      const std::vector<uint64_t> host = spaced(l1, n1);
      const int g1 = (n1 + l1 - 1) / l1;
      bool by_deletion = true, as_numbers = true;
      for (int l2 = 1; l2 < l1; ++l2)
        for (int n2 = 1; n2 <= g1 * l2; ++n2) {
          const int g2 = (n2 + l2 - 1) / l2;
          if (!(g1 > g2 || (g1 == g2 && n1 - (g1 - 1) * l1 >= n2 - (g2 - 1) * l2))) continue;
          by_deletion = by_deletion && contains_by_deletion(host, n1, spaced(l2, n2), n2);
          as_numbers = as_numbers && n2 <= n1 && contains_as_numbers(host, spaced(l2, n2));
        }
      EXPECT_VERDICT(run_claim("pn.thm11", "postal", pn(l1, n1)), by_deletion);
      EXPECT_VERDICT(run_claim("pn.thm11.cond1", "postal", pn(l1, n1)), as_numbers);
    }
  EXPECT_TRUE(is_outside(run_claim("pn.thm11", "postal", pn(1, 5))));
  // PN_3(4) cut down to a single node cannot contain PN_2(2) (case 1 applies to it).
  EXPECT_VERDICT(run_claim("pn.thm11", "postal", pn(3, 4), hamming_of({0})), false);
}

TEST(PostalClaims, Corollary) {
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 9; ++n) {
      const int f = n + ((n + l - 1) / l) * (1 - l);
      const int cube = largest_cube(spaced(l, n), n);
      bool truth = cube == std::max(f, 0);
      if (l == 2 && n == 9) truth = truth && cube == 4;
      if (l == 4 && n == 6) {
        // Every 2-cube of PN_4(6), listed by brute force, against the printed three.
        std::set<std::string> found;
        const auto v = spaced(4, 6);
        const std::set<uint64_t> s(v.begin(), v.end());
        for (uint64_t mask = 0; mask < 64; ++mask) {
          if (__builtin_popcountll(mask) != 2) continue;
          for (uint64_t base : v) {
            if (base & mask) continue;
            bool all = true;
            for (uint64_t sub = mask;; sub = (sub - 1) & mask) {
              all = all && s.count(base | sub);
              if (!sub) break;
            }
            if (!all) continue;
            std::string p = to_bits(base, 6);
            for (int i = 0; i < 6; ++i)
              if ((mask >> (5 - i)) & 1u) p[i] = '*';
            found.insert(p);
          }
        }
        truth = truth && cube == 2 && found == std::set<std::string>{"*0000*", "0*000*", "*000*0"};
      }
      EXPECT_VERDICT(run_claim("pn.corollary", "postal", pn(l, n)), truth);
    }
  // A 4-bit star: the largest subcube is Q(1) where PN_2(4)'s formula says 2.
  EXPECT_VERDICT(run_claim("pn.corollary", "postal", pn(2, 4), hamming_of({0, 1, 2, 4, 8})), false);
}

TEST(PostalClaims, PostalTreeSpans) {
  for (int l = 1; l <= 4; ++l)
    for (int n = 1; n <= 9; ++n) {
      // Truth by the test's own construction: every non-root's Definition 2 parent is a
      // Hamming neighbor inside the network and the chains reach 0^n.
      const auto labels = spaced(l, n);
      const std::set<uint64_t> s(labels.begin(), labels.end());
      bool ok = true;
      for (uint64_t x : labels) {
        uint64_t at = x;
        for (int steps = 0; at != 0 && ok; ++steps) {
          const uint64_t p = sim::postal_tree_parent(l, n, at);
          ok = s.count(p) && __builtin_popcountll(p ^ at) == 1 && steps < 64;
          at = p;
        }
      }
      EXPECT_VERDICT(run_claim("pt.def2", "postal", pn(l, n)), ok);
    }
  // PN_3(4) missing the edge 0000-1000: the tree edge 1000 -> 0000 is not a graph edge.
  const auto g = graph_of("postal", pn(3, 4));
  const auto cut = with_edge(g, 0, rank_in(g, from_bits("1000")), false);
  const auto c = run_claim("pt.def2", "postal", pn(3, 4), cut);
  EXPECT_VERDICT(c, false);
}

// ---- Printed examples: each part's measured value against the test's computation ---------

TEST(PostalClaims, RoutingExamples) {
  const auto c = run_claim("pn.routing.examples", "postal", pn(4, 6));
  ASSERT_FALSE(c.is_null());
  // The minimal paths from 100010 to 000001 in PN_4(6), by BFS layering on the graph.
  const auto g = graph_of("postal", pn(4, 6));
  const uint64_t s = rank_in(g, from_bits("100010")), d = rank_in(g, from_bits("000001"));
  const auto ds = queue_bfs(g, s), dd = queue_bfs(g, d);
  std::set<std::vector<std::string>> paths;
  std::function<void(uint64_t, std::vector<std::string>)> walk = [&](uint64_t v, std::vector<std::string> p) {
    p.push_back(to_bits(g.labels[v], 6));
    if (v == d) {
      paths.insert(p);
      return;
    }
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
      if (dd[g.targets[e]] + 1 == dd[v]) walk(g.targets[e], p);
  };
  walk(s, {});
  ASSERT_EQ(ds[d], 3u);
  const std::set<std::vector<std::string>> printed{{"100010", "100000", "100001", "000001"},
                                                   {"100010", "100000", "000000", "000001"},
                                                   {"100010", "000010", "000000", "000001"}};
  const json& m = c["measured"];
  EXPECT_EQ(m["PN_4(6) (100010, 000001): the minimal paths"], json(paths));
  bool truth = paths == printed;
  // The 5-bit example: for every lambda with 01000 and 10010 both nodes, the dimension-
  // ordered paths, checked against the set of nodes.
  for (int l = 1; l <= 5; ++l) {
    const auto v = spaced(l, 5);
    const std::set<uint64_t> nodes(v.begin(), v.end());
    if (!nodes.count(from_bits("01000")) || !nodes.count(from_bits("10010"))) continue;
    for (bool inc : {true, false}) {
      uint64_t at = from_bits("01000");
      bool illegal = false;
      for (int k = 0; k < 5; ++k) {
        const int bit = inc ? 4 - k : k;
        if (((at ^ from_bits("10010")) >> bit) & 1u) {
          at ^= uint64_t{1} << bit;
          illegal = illegal || !nodes.count(at);
        }
      }
      truth = truth && illegal;
    }
  }
  // The steps printed beside the paths, and the non-minimal path 100000, 100001, 000001,
  // 000000 (all nodes of PN_4(6), consecutive ones adjacent).
  const auto v46 = spaced(4, 6);
  const std::set<uint64_t> n46(v46.begin(), v46.end());
  auto moves = [&](const char* at) {  // nodes one differing bit closer to 000001
    std::set<std::string> m;
    for (int i = 0; i < 6; ++i) {
      const uint64_t y = from_bits(at) ^ (uint64_t{1} << i);
      if (((from_bits(at) ^ from_bits("000001")) >> i & 1u) && n46.count(y)) m.insert(to_bits(y, 6));
    }
    return m;
  };
  truth = truth && moves("100010") == std::set<std::string>{"100000", "000010"} &&
          moves("100000") == std::set<std::string>{"100001", "000000"} &&
          moves("000010") == std::set<std::string>{"000000"};
  truth = truth && !n46.count(from_bits("100011"));
  for (const char* x : {"100000", "100001", "000001", "000000"}) truth = truth && n46.count(from_bits(x));
  EXPECT_VERDICT(c, truth);
  EXPECT_TRUE(is_outside(run_claim("pn.routing.examples", "postal", pn(2, 5))));
}

TEST(PostalClaims, Examples) {
  // Each printed fact recomputed here; the claim must hold exactly when all do.
  auto set_is = [](int l, int n, const std::vector<std::string>& printed) {
    std::set<uint64_t> p;
    for (const auto& s : printed) p.insert(from_bits(s));
    const auto v = spaced(l, n);
    return p == std::set<uint64_t>(v.begin(), v.end());
  };
  const std::vector<std::string> pn46{"000000", "000001", "000010", "000100", "001000",
                                      "010000", "100000", "010001", "100001", "100010"};
  std::vector<std::string> pn26 = pn46;
  for (const char* s : {"000101", "001001", "001010", "010010", "010100", "100100", "101000",
                        "010101", "100101", "101001", "101010"})
    pn26.push_back(s);
  for (bool alt : {false, true}) {
    bool t = set_is(4, 6, pn46) && set_is(2, 6, pn26);
    for (const auto& s : pn46) t = t && __builtin_popcountll(from_bits(s)) <= 2 && min_gap(from_bits(s)) >= 4;
    t = t && min_gap(from_bits("000100")) >= 1000 && min_gap(from_bits("010001")) == 4 &&
        min_gap(from_bits("100101")) == 2;
    t = t && min_gap(from_bits(alt ? "100011" : "10001")) == 1;
    t = t && (from_bits("01000") ^ from_bits("10010")) == from_bits("11010");
    t = t && (from_bits("100010") ^ from_bits("000001")) == from_bits("100011");
    t = t && (from_bits("11011") ^ from_bits("01001")) == from_bits("10010");
    t = t && min_gap(from_bits("11000")) < 2 && (from_bits("10010") ^ 0b01000) == from_bits("11010");
    t = t && min_gap(from_bits("10001")) >= 3;
    {
      const std::string a = "11011", x = to_bits(from_bits("11011") ^ from_bits("01001"), 5);
      std::string pat = a;
      for (int i = 0; i < 5; ++i)
        if (x[i] == '1') pat[i] = '*';
      t = t && pat == "*10*1";
    }
    // *000* = {00000, 00001, 10000, 10001}, all nodes of PN_3(5); *10*1 for 11011, 01001.
    for (const char* s : {"00000", "00001", "10000", "10001"}) t = t && min_gap(from_bits(s)) >= 3;
    t = t && set_is(2, 4, {"0000", "0001", "0010", "0100", "0101", "1000", "1001", "1010"});
    t = t && set_is(3, 4, {"0000", "0001", "0010", "0100", "1000", "1001"});
    t = t && set_is(2, 3, {"000", "001", "010", "100", "101"});
    t = t && contains_as_numbers(spaced(2, 4), spaced(3, 4));
    for (int pos : {1, 4}) {  // V(PN_2(3)) = V(PN_2(4)) with bit pos removed
      std::set<uint64_t> proj;
      for (uint64_t x : spaced(2, 4)) {
        const std::string b = to_bits(x, 4);
        proj.insert(from_bits(b.substr(0, pos - 1) + b.substr(pos)));
      }
      const auto v23 = spaced(2, 3);
      t = t && proj == std::set<uint64_t>(v23.begin(), v23.end());
    }
    t = t && contains_by_deletion(spaced(3, 5), 5, spaced(3, 4), 4) &&
        contains_by_deletion(spaced(3, 5), 5, spaced(4, 5), 5) &&
        contains_by_deletion(spaced(4, 5), 5, spaced(3, 3), 3) &&
        contains_by_deletion(spaced(4, 5), 5, spaced(3, 4), 4);
    auto grp = [](int l, int k) { return (k + l - 1) / l; };
    t = t && grp(4, 5) == 2 && grp(3, 3) == 1 && grp(3, 4) == 2 && 5 - (grp(4, 5) - 1) * 4 == 1 &&
        4 - (grp(3, 4) - 1) * 3 == 1;
    for (int k = 1; k <= 6; ++k) t = t && grp(3, k) == (k <= 3 ? 1 : 2);
    t = t && 9 + grp(2, 9) * (1 - 2) == 4;
    for (const char* s : {"000000", "000001", "010000", "010001"}) t = t && min_gap(from_bits(s)) >= 4;
    const auto c = run_claim(alt ? "pn.examples.alt" : "pn.examples", "postal", pn(4, 6));
    EXPECT_VERDICT(c, t);
    EXPECT_EQ(c["measured"]["distance_1(010001)"], 4);
    EXPECT_EQ(c["measured"]["distance_1(100101)"], 2);
  }
}

}  // namespace
}  // namespace tv::test
