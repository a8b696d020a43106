// The witness sentence of every claim that fails on a small instance, from the real check
// on its smallest failing instance (the default batch's smallest, by node count).  The
// labels and node indices the sentences name are derived here from the test's own label
// sets (the papers' definitions on strings, sorted), not from the code under test; counts
// the sentence only restates (simulator step counts, flow values) are read from the entry.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "host/claims/witness.hpp"
#include "tests/families/paper_definitions.hpp"
#include "tests/host/claims/claim_test_support.hpp"

namespace tv::test {
namespace {

/// The sentence of claim `id` on an instance, after checking that the claim fails there.
std::string sentence_on(const std::string& id, const std::string& family,
                        const std::map<std::string, std::string>& params, json* entry_out = nullptr) {
  const json entry = run_claim(id, family, params);
  EXPECT_EQ(verdict(entry), "fails") << entry.dump();
  const host::instance inst = host::make_instance(family, params);
  const nlohmann::json record{{"family", family}, {"params", nlohmann::json(inst.params)}};
  if (entry_out) *entry_out = entry;
  return host::claims::explain_failure(record, nlohmann::json(entry));
}

/// "010 (node 2)": the label with its position in the sorted label set.
std::string named(const std::vector<std::string>& sorted_labels, const std::string& label) {
  const auto it = std::lower_bound(sorted_labels.begin(), sorted_labels.end(), label);
  EXPECT_TRUE(it != sorted_labels.end() && *it == label) << label;
  return label + " (node " + std::to_string(it - sorted_labels.begin()) + ")";
}

/// All width-bit strings accepted by `keep`, in increasing order (equal width: string
/// order is numeric order).
template <class Keep>
std::vector<std::string> strings(int width, Keep keep) {
  std::vector<std::string> v;
  for (uint64_t x = 0; x < (uint64_t{1} << width); ++x) {
    std::string s;
    for (int i = width - 1; i >= 0; --i) s += ((x >> i) & 1u) ? '1' : '0';
    if (keep(s)) v.push_back(s);
  }
  return v;
}

bool no_adjacent_ones(const std::string& s) { return s.find("11") == std::string::npos; }

/// EFC_n's labels by Definition 1, sorted.
std::vector<std::string> efc_labels(int n) {
  std::vector<std::string> v = efc_definition1_order(n);
  std::sort(v.begin(), v.end());
  return v;
}

int hamming(const std::string& a, const std::string& b) {
  int d = 0;
  for (size_t i = 0; i < a.size(); ++i) d += a[i] != b[i];
  return d;
}

// ---- papers/000 ---------------------------------------------------------------------------

TEST(WitnessReal, PostalTheorem1ReadLiterally) {
  // PN_2(2): the 2-bit strings without adjacent 1s; FC(2) of the printed recursion is V(2)
  // = {the empty string}, one node.
  const auto pn = strings(2, no_adjacent_ones);
  EXPECT_EQ(sentence_on("pn.thm1.alt", "postal", kv({{"lambda", "2"}, {"n", "2"}})),
            "PN_2(2): it has " + std::to_string(pn.size()) +
                " nodes, FC(2) of the printed recursion 1; Theorem 1 read literally claims they are the same graph");
}

TEST(WitnessReal, PostalClosedForm) {
  // A1, A2 are fitted to N_2(1) = 1, so the closed form gives 1 at n = 1; PN_2(1) has the
  // two 1-bit strings.
  EXPECT_EQ(sentence_on("pn.closed_form", "postal", kv({{"lambda", "2"}, {"n", "1"}})),
            "PN_2(1): N_2(1) = " + std::to_string(strings(1, no_adjacent_ones).size()) +
                " nodes; the closed form with N_2(1) = 1, N_2(2) = 2 gives 1");
}

TEST(WitnessReal, PostalRoutingExamples) {
  // s = 01000, d = 10010 in PN_l(5) for the l where both are nodes (1-bits >= l apart: l <=
  // 3); a dimension order fails the printed claim when its path has no illegal node.
  auto legal = [](const std::string& s, int l) {
    int prev = -100;
    for (int i = 0; i < static_cast<int>(s.size()); ++i)
      if (s[i] == '1') {
        if (i - prev < l) return false;
        prev = i;
      }
    return true;
  };
  const std::vector<std::string> increasing{"01000", "11000", "10000", "10010"};  // leftmost bit first
  const std::vector<std::string> decreasing{"01000", "01010", "00010", "10010"};
  int failing = 0;
  std::string first;
  for (int l = 1; l <= 5; ++l) {
    if (!legal("01000", l) || !legal("10010", l)) continue;
    for (const auto* path : {&increasing, &decreasing}) {
      bool illegal = false;
      for (const auto& x : *path) illegal = illegal || !legal(x, l);
      if (illegal) continue;
      if (!failing++)
        first = std::string(path == &increasing ? "increasing" : "decreasing") + " order in PN_" +
                std::to_string(l) + "(5), " + (*path)[0] + " -> " + (*path)[1] + " -> " + (*path)[2] +
                " -> " + (*path)[3];
    }
  }
  ASSERT_GT(failing, 1);
  EXPECT_EQ(sentence_on("pn.routing.examples", "postal", kv({{"lambda", "4"}, {"n", "6"}})),
            "PN_4(6): " + first + ", passes no illegal node; Section 4 claims it passes one (and " +
                std::to_string(failing - 1) + " more failing parts)");
}

TEST(WitnessReal, PostalContainmentTheorems) {
  // PN_1(1) = PN_2(1) = {0, 1}: it contains itself (condition 1, identical label sets).
  EXPECT_EQ(sentence_on("pn.thm9", "postal", kv({{"lambda", "1"}, {"n", "1"}})),
            "PN_1(1): contains PN_1(1) (condition 1); Theorem 9 claims it does not; it fails only where "
            "the guest is the network itself, the edge of the domain (pn.thm9.alt reads it as proper "
            "containment)");
  EXPECT_EQ(sentence_on("pn.thm10", "postal", kv({{"lambda", "1"}, {"n", "1"}})),
            "PN_1(1): contains PN_1(1) (condition 1); Theorem 10 claims it does not; it fails only where "
            "the guest is the network itself, the edge of the domain (pn.thm10.alt reads it as proper "
            "containment)");
  EXPECT_EQ(sentence_on("pn.thm10.alt", "postal", kv({{"lambda", "1"}, {"n", "1"}})),
            "PN_1(1): does not contain PN_2(1) (the guest is the host itself); Theorem 10 (proper subgraphs) "
            "claims it does");
  // PN_1(2) holds 11, which PN_2(3)'s labels (no adjacent 1s) never hold, padded or not.
  EXPECT_EQ(sentence_on("pn.thm11.cond1", "postal", kv({{"lambda", "2"}, {"n", "3"}})),
            "PN_2(3): does not contain PN_1(2) (condition 1 fails: guest label 11 is not a host label); "
            "Theorem 11 (condition 1) claims it does");
}

TEST(WitnessReal, PostalCorollaryAndExamples) {
  // PN_2(1) = Q(1): its largest subcube is itself, "*"; the formula 1 + 1 * (1 - 2) = 0.
  EXPECT_EQ(sentence_on("pn.corollary", "postal", kv({{"lambda", "2"}, {"n", "1"}})),
            "PN_2(1): the largest subcube is Q(1), e.g. *; the Corollary's n1 + ceil(n1/lambda)(1-lambda) gives 0");
  // distance_1(10001): the 1-bits sit at positions 0 and 4.
  EXPECT_EQ(sentence_on("pn.examples", "postal", kv({{"lambda", "4"}, {"n", "6"}})),
            "PN_4(6): Sections 4-5's printed examples, \"distance_1(10001)\": claimed 1, found 4");
}

TEST(WitnessReal, PostalFigure4ReadAsTheCaptionNamesIt) {
  // PT_6(6) is PN_6(6), a star of 7 nodes: the root's 6 sends start at times 0..5 and the
  // last lands at 5 + 6 = 11.  The binomial tree PT_1(3): 3 levels of 6 units each = 18.
  EXPECT_EQ(sentence_on("pt.fig4.alt", "postal", kv({{"lambda", "6"}, {"n", "6"}})),
            "PN_6(6): the binomial tree takes 18 units, the optimal tree 11; Figure 4 claims 18 and 12");
}

// ---- papers/001 ---------------------------------------------------------------------------

TEST(WitnessReal, EfcGrayCode) {
  // Definition 1 lists V_4 as 01, 00, 10: the last and the first differ in two bits.
  const auto v = efc_labels(4);
  ASSERT_EQ(hamming("10", "01"), 2);
  EXPECT_EQ(sentence_on("efc.gray", "efc", kv({{"n", "4"}})),
            "EFC_4: the last and first labels " + named(v, "10") + ", " + named(v, "01") +
                " of Definition 1's order differ in more than one bit; Section 2 claims a cyclic Gray code");
}

TEST(WitnessReal, EfcDegreeBounds) {
  // The first node (label order) of EFC_5 with fewer than ceil(5/4) = 2 Hamming-1 neighbors.
  const auto v = efc_labels(5);
  std::string low;
  int degree = 0;
  for (const auto& x : v) {
    int d = 0;
    for (const auto& y : v) d += hamming(x, y) == 1;
    if (d < 2) {
      low = x;
      degree = d;
      break;
    }
  }
  ASSERT_FALSE(low.empty());
  EXPECT_EQ(sentence_on("efc.p6", "efc", kv({{"n", "5"}})),
            "EFC_5: node " + named(v, low) + " has degree " + std::to_string(degree) + "; Property 6 claims at least 2");
}

TEST(WitnessReal, EftOtherReadingIsNoSpanningTree) {
  // Reading all_to_root, 0101||EFT_3's root 01010 hangs from the root 00000 directly: two
  // bits apart, not an edge.  It is the first node in label order whose tree edge is missing.
  const auto v = efc_labels(7);
  EXPECT_EQ(hamming("01010", "00000"), 2);
  EXPECT_EQ(sentence_on("eft.p7.alt", "efc", kv({{"n", "7"}})),
            "EFC_7: node " + named(v, "01010") + " with parent " + named(v, "00000") +
                ": the tree edge to its parent is not an edge of the graph; Property 7 claims EFT_n is a spanning tree");
}

TEST(WitnessReal, EftSpanAsDiameterAndDimensionOrder) {
  json entry;
  const std::string s = sentence_on("eft.p9.alt", "efc", kv({{"n", "7"}}), &entry);
  EXPECT_EQ(s, "EFC_7: EFT's diameter is " + entry["measured"].dump() + "; Property 9 (span as diameter) claims 5");
  // EFT_4's root 00 has children 01 and 10; in increasing order child 1 is 01, while
  // dimension 1 (the leftmost bit) leads to 10.
  const auto v = efc_labels(4);
  EXPECT_EQ(sentence_on("eft.p11", "efc", kv({{"n", "4"}})),
            "EFC_4: the root's child 1 is " + named(v, "01") + ", not its dimension-1 neighbor " + named(v, "10") +
                "; Property 11 claims the children are dimension-ordered");
}

TEST(WitnessReal, EfcBroadcastOnTwoNodes) {
  // EFC_3 is one edge (labels 0 and 1): every broadcast takes one step, the diameter and
  // every eccentricity are 1; Lemma 1 claims 2 ceil((3-2)/2) = 2, Theorem 2 (n odd) one
  // step over the optimum.
  const auto v = efc_labels(3);
  EXPECT_EQ(sentence_on("efc.broadcast.lemma1", "efc", kv({{"n", "3"}})),
            "EFC_3: the broadcast takes at most 1 step; Lemma 1 claims 2");
  EXPECT_EQ(sentence_on("efc.broadcast.lemma1.alt", "efc", kv({{"n", "3"}})),
            "EFC_3: from " + named(v, "0") + " the broadcast takes 1 step; Lemma 1 claims 2 from every source");
  EXPECT_EQ(sentence_on("efc.broadcast.thm2", "efc", kv({{"n", "3"}})),
            "EFC_3: from " + named(v, "0") + " the broadcast takes 1 step, its eccentricity is 1; Theorem 2 claims 1 step more");
  EXPECT_EQ(sentence_on("efc.broadcast.thm2.alt", "efc", kv({{"n", "3"}})),
            "EFC_3: the broadcast takes at most 1 step, the diameter is 1; Theorem 2 claims 1 step more");
}

// ---- papers/002 ---------------------------------------------------------------------------

TEST(WitnessReal, MetacubeTable1) {
  // Q(8): 2^8 = 256 nodes of degree 8; the table prints 265 in the hypercube row.
  EXPECT_EQ(sentence_on("mc.table1", "hypercube", kv({{"n", "8"}})),
            "Q(8): 256 nodes, 8 links per node; Table 1's Hypercube row prints 265 nodes for 8 links");
}

TEST(WitnessReal, MetacubePrefixClaims) {
  json entry;
  std::string s = sentence_on("mc.prefix.edges", "metacube", kv({{"k", "0"}, {"m", "2"}}), &entry);
  const auto& m = entry["measured"]["the link of bit i belongs to the node with ((i-k) MOD m) == c"];
  EXPECT_EQ(s, "MC(0,2): " + m["exchanges_violating"].dump() + " exchanges break ((i-k) MOD m) == c, " +
                   m["bit_class_pairs_where_text_and_links_differ"].dump() +
                   " (bit, class) pairs differ from the links; Section 4.2 claims the node with ((i-k) MOD m) == c "
                   "owns bit i's link");
  s = sentence_on("mc.prefix.operator", "metacube", kv({{"k", "0"}, {"m", "1"}}), &entry);
  // MC(0,1) = Q(1): labels 0, 1; the first wrong result is at the address the entry names.
  const std::string wrong = entry["counterexample"]["witness"]["first_wrong_address"];
  EXPECT_EQ(s, "MC(0,1): Algorithm 2 as printed, affine maps: wrong at " + wrong + " (node " + wrong + ") first, " +
                   entry["counterexample"]["witness"]["mismatches"].dump() +
                   " wrong in all; Algorithm 2 is claimed correct for any associative operator");
  for (const char* id : {"mc.prefix.vs_hc", "mc.prefix.vs_hc.alt"}) {
    s = sentence_on(id, "metacube", kv({{"k", "1"}, {"m", "1"}}), &entry);
    const auto& w = entry["counterexample"];
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2f", w["ratio"].get<double>());
    EXPECT_EQ(s, "MC(1,1): Algorithm 2 takes " + w["metacube_steps"].dump() +
                     " steps, Algorithm 1 on the same-size hypercube " + w["hypercube_steps"].dump() + " (ratio " +
                     ratio + "); Section 5 claims at most k = 1 times");
  }
}

// ---- papers/004 ---------------------------------------------------------------------------

TEST(WitnessReal, LrnDisjointPathsAndBroadcast) {
  // L_4({0,10}) is the Fibonacci cube on 4-bit labels; the entry names the pair.
  json entry;
  const auto v = strings(4, no_adjacent_ones);
  const std::string s = sentence_on("lrn.disjoint_paths", "lrn", kv({{"n", "4"}, {"seeds", "0,10"}}), &entry);
  const auto& w = entry["counterexample"];
  // min degree of the pair, counted here.
  int dx = 0, dy = 0;
  for (const auto& y : v) {
    dx += hamming(w["x"].get<std::string>(), y) == 1;
    dy += hamming(w["y"].get<std::string>(), y) == 1;
  }
  EXPECT_EQ(s, "L_4({0,10}): " + named(v, w["x"]) + ", " + named(v, w["y"]) + " are joined by " +
                   w["disjoint_paths"].dump() + " node-disjoint paths; the lemma on congruent LRNs claims min degree = " +
                   std::to_string(std::min(dx, dy)));
  // L_2({0,10}) = {00, 01, 10}: the rightmost-1 tree is a star of height 1, but a broadcast
  // from a leaf needs 2 rounds.
  EXPECT_EQ(sentence_on("lrn.broadcast.alt", "lrn", kv({{"n", "2"}, {"seeds", "0,10"}})),
            "L_2({0,10}): the broadcast takes up to 2 rounds; the theorem on broadcasting claims at most the tree's height 1");
}

}  // namespace
}  // namespace tv::test
