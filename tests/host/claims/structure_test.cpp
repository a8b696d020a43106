// Tests of the structural checks (host/claims/structure.hpp) on small hand-built graphs
// whose answers are known by construction: every check is fed inputs that must pass and
// inputs that must fail, so a check that always says yes cannot pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "host/claims/claim.hpp"
#include "host/claims/structure.hpp"
#include "tests/support.hpp"

namespace tv::host::claims {
namespace {

using test::from_bits;

// The 4-cycle  0 - 1
//              |   |
//              3 - 2      plus a pendant node 4 on 0.
graph::csr_graph cycle_with_tail() {
  return graph::from_edges(5, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 4}});
}

TEST(HammingGraph, EdgesAreTheHammingOnePairs) {
  // {000, 001, 011, 100}: edges 000-001, 001-011, 000-100.
  const auto g = graph::hamming_graph({0b011, 0b000, 0b100, 0b001, 0b001});
  ASSERT_EQ(g.nodes, 4u);
  EXPECT_EQ(g.labels, (std::vector<uint64_t>{0, 1, 3, 4}));
  EXPECT_EQ(g.arcs(), 6u);
  EXPECT_TRUE(has_arc(g, 0, 1));
  EXPECT_TRUE(has_arc(g, 1, 2));
  EXPECT_TRUE(has_arc(g, 0, 3));
  EXPECT_FALSE(has_arc(g, 2, 3));  // 011 and 100 differ in three bits
  EXPECT_EQ(rank_of(g, 3), 2u);
  EXPECT_EQ(rank_of(g, 2), no_node);
}

TEST(InducedSubgraph, KeepsOnlyEdgesInside) {
  const auto g = cycle_with_tail();
  const auto h = graph::induced_subgraph(g, {0, 1, 4});
  EXPECT_EQ(h.nodes, 3u);
  EXPECT_EQ(h.arcs(), 4u);  // 0-1 and 0-4
  EXPECT_TRUE(has_arc(h, 0, 2));
  EXPECT_FALSE(has_arc(h, 1, 2));
}

TEST(SpanningTree, AcceptsATreeAndReportsItsHeight) {
  const auto g = cycle_with_tail();
  // Root 0; 1 and 3 and 4 children of 0; 2 child of 1.  Height 2.
  const tree_report t = check_spanning_tree(g, {0, 0, 1, 0, 0}, 0);
  EXPECT_TRUE(t.spanning_tree) << t.problem;
  EXPECT_EQ(t.tree_edges, 4u);
  EXPECT_EQ(t.height, 2u);
}

TEST(SpanningTree, RejectsATreeEdgeThatIsNotAGraphEdge) {
  const auto g = cycle_with_tail();
  const tree_report t = check_spanning_tree(g, {0, 0, 0, 0, 0}, 0);  // 2's parent 0: no edge 0-2
  EXPECT_FALSE(t.spanning_tree);
  ASSERT_TRUE(t.node);
  EXPECT_EQ(*t.node, 2u);
}

TEST(SpanningTree, RejectsACycleAndASecondRoot) {
  const auto g = cycle_with_tail();
  // 1 -> 2 -> 1 never reaches the root.
  tree_report t = check_spanning_tree(g, {0, 2, 1, 0, 0}, 0);
  EXPECT_FALSE(t.spanning_tree);
  ASSERT_TRUE(t.node);
  EXPECT_EQ(*t.node, 1u);
  // 3 is its own parent.
  t = check_spanning_tree(g, {0, 0, 1, 3, 0}, 0);
  EXPECT_FALSE(t.spanning_tree);
  EXPECT_EQ(*t.node, 3u);
  // Wrong size, parent not a node, root not its own parent.
  EXPECT_FALSE(check_spanning_tree(g, {0, 0, 1, 0}, 0).spanning_tree);
  EXPECT_FALSE(check_spanning_tree(g, {0, 0, 1, 0, 9}, 0).spanning_tree);
  EXPECT_FALSE(check_spanning_tree(g, {1, 0, 1, 0, 0}, 0).spanning_tree);
}

TEST(TreeHelpers, Diameter) {
  // 0 -> {1, 3, 4}, 1 -> {2}: diameter 3 (2-1-0-3).
  const std::vector<uint64_t> p{0, 0, 1, 0, 0};
  EXPECT_EQ(tree_diameter(p, 0), 3u);
  // A path 0-1-2-3 rooted at 1: diameter 3.
  const std::vector<uint64_t> q{1, 1, 1, 2};
  EXPECT_EQ(tree_diameter(q, 1), 3u);
}

TEST(HamiltonianCycle, AcceptsTheFourCycleAndRejectsOthers) {
  const auto c4 = graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}});
  EXPECT_TRUE(check_hamiltonian_cycle(c4, {0, 1, 2, 3}).ok);
  EXPECT_TRUE(check_hamiltonian_cycle(c4, {2, 1, 0, 3}).ok);
  order_report r = check_hamiltonian_cycle(c4, {0, 2, 1, 3});  // 0-2 is no edge
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(*r.position, 0u);
  EXPECT_FALSE(check_hamiltonian_cycle(c4, {0, 1, 2}).ok);     // misses a node
  EXPECT_FALSE(check_hamiltonian_cycle(c4, {0, 1, 0, 3}).ok);  // repeats a node
  // A path 0-1-2-3 has a Hamiltonian path but the closing edge 3-0 is missing.
  const auto p4 = graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}});
  r = check_hamiltonian_cycle(p4, {0, 1, 2, 3});
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(*r.position, 3u);
  EXPECT_FALSE(check_hamiltonian_cycle(graph::from_edges(2, {{0, 1}}), {0, 1}).ok);
}

TEST(GrayCode, ReflectedCodeIsCyclicAndBinaryOrderIsNot) {
  EXPECT_TRUE(check_gray_code({0b00, 0b01, 0b11, 0b10}, true).ok);
  const order_report binary = check_gray_code({0b00, 0b01, 0b10, 0b11}, false);
  EXPECT_FALSE(binary.ok);
  EXPECT_EQ(*binary.position, 1u);
  // A path code that does not close: 01, 00, 10 (the printed V_4 order of papers/001).
  EXPECT_TRUE(check_gray_code({0b01, 0b00, 0b10}, false).ok);
  const order_report open = check_gray_code({0b01, 0b00, 0b10}, true);
  EXPECT_FALSE(open.ok);
  EXPECT_EQ(*open.position, 2u);
  EXPECT_FALSE(check_gray_code({0b00, 0b01, 0b00}, false).ok);  // a repeat
}

TEST(Containment, DeletePositionsMatchesThePaper) {
  // papers/000 Section 5: removing the 1st or the 4th bit of V(PN_2(4)).
  EXPECT_EQ(delete_positions(from_bits("1010"), 4, {1}), from_bits("010"));
  EXPECT_EQ(delete_positions(from_bits("1010"), 4, {4}), from_bits("101"));
  EXPECT_EQ(delete_positions(from_bits("110011"), 6, {2, 5}), from_bits("1001"));
}

TEST(Containment, ConditionOneAndTwo) {
  const std::vector<uint64_t> pn24{0b0000, 0b0001, 0b0010, 0b0100, 0b0101, 0b1000, 0b1001, 0b1010};
  const std::vector<uint64_t> pn34{0b0000, 0b0001, 0b0010, 0b0100, 0b1000, 0b1001};
  const std::vector<uint64_t> pn23{0b000, 0b001, 0b010, 0b100, 0b101};
  auto c = find_containment(pn24, 4, pn34, 4, containment_rule::conditions_1_or_2, 1e9);
  ASSERT_TRUE(c.contains);
  EXPECT_TRUE(*c.contains);
  EXPECT_TRUE(c.deleted.empty());
  c = find_containment(pn24, 4, pn23, 3, containment_rule::conditions_1_or_2, 1e9);
  ASSERT_TRUE(c.contains);
  EXPECT_TRUE(*c.contains);
  EXPECT_EQ(c.deleted, (std::vector<int>{1}));  // the lexicographically first set that works
  // The other way round fails: more nodes than the host, and same-width non-containment.
  c = find_containment(pn34, 4, pn24, 4, containment_rule::conditions_1_or_2, 1e9);
  EXPECT_FALSE(*c.contains);
  c = find_containment(pn23, 3, pn24, 4, containment_rule::conditions_1_or_2, 1e9);
  EXPECT_FALSE(*c.contains);
  // Q(2) in a 3-bit star {000, 001, 010, 100}: no deletion gives all of 00, 01, 10, 11.
  c = find_containment({0, 1, 2, 4}, 3, {0, 1, 2, 3}, 2, containment_rule::conditions_1_or_2, 1e9);
  EXPECT_FALSE(*c.contains);
  EXPECT_EQ(c.candidates, 3u);
  // Condition 1 alone compares labels as numbers: 1001 is not in PN_4(5)'s set as 01001.
  const std::vector<uint64_t> pn45{0b00000, 0b00001, 0b00010, 0b00100, 0b01000, 0b10000, 0b10001};
  EXPECT_FALSE(*find_containment(pn45, 5, pn34, 4, containment_rule::condition_1_only, 1e9).contains);
  EXPECT_TRUE(*find_containment(pn45, 5, pn34, 4, containment_rule::conditions_1_or_2, 1e9).contains);
  EXPECT_TRUE(*find_containment(pn24, 4, pn34, 4, containment_rule::condition_1_only, 1e9).contains);
  // Over the budget: no answer.
  EXPECT_FALSE(find_containment(pn24, 4, pn23, 3, containment_rule::conditions_1_or_2, 1).contains);
}

TEST(Subcubes, LargestSubcubesOfSmallSets) {
  // All of Q(3): one 3-cube.
  std::vector<uint64_t> q3(8);
  std::iota(q3.begin(), q3.end(), 0);
  subcube_report s = largest_subcubes(q3, 3, 1e9);
  ASSERT_TRUE(s.dimension);
  EXPECT_EQ(*s.dimension, 3);
  ASSERT_EQ(s.largest.size(), 1u);
  EXPECT_EQ(subcube_pattern(s.largest[0], 3), "***");
  // A 4-cycle 00-01-11-10 plus the isolated 111 on 3 bits: one 2-cube *0* ... built here as
  // {000, 001, 100, 101, 111}: 2-cube *0*, no 3-cube.
  s = largest_subcubes({0b000, 0b001, 0b100, 0b101, 0b111}, 3, 1e9);
  EXPECT_EQ(*s.dimension, 2);
  ASSERT_EQ(s.largest.size(), 1u);
  EXPECT_EQ(subcube_pattern(s.largest[0], 3), "*0*");
  // A star {000, 001, 010, 100}: only 1-cubes, three of them.
  s = largest_subcubes({0, 1, 2, 4}, 3, 1e9);
  EXPECT_EQ(*s.dimension, 1);
  EXPECT_EQ(s.largest.size(), 3u);
  // A single node: dimension 0.
  s = largest_subcubes({5}, 3, 1e9);
  EXPECT_EQ(*s.dimension, 0);
  EXPECT_FALSE(largest_subcubes(q3, 3, 1).dimension);  // over the budget
}

TEST(MappedIsomorphism, AcceptsARelabelingAndRejectsWrongMaps) {
  const auto a = graph::from_edges(4, {{0, 1}, {1, 2}, {2, 3}});  // path 0-1-2-3
  const auto b = graph::from_edges(4, {{3, 2}, {2, 0}, {0, 1}});  // path 3-2-0-1
  EXPECT_TRUE(check_mapped_isomorphism(a, b, {3, 2, 0, 1}).isomorphic);
  EXPECT_TRUE(check_mapped_isomorphism(a, b, {1, 0, 2, 3}).isomorphic);
  mapping_report r = check_mapped_isomorphism(a, b, {0, 1, 2, 3});  // 0-1 ok, 1-2 not an edge
  EXPECT_FALSE(r.isomorphic);
  EXPECT_EQ(*r.arc, std::make_pair(uint64_t{1}, uint64_t{2}));
  EXPECT_FALSE(check_mapped_isomorphism(a, b, {3, 2, 0, 0}).isomorphic);  // not injective
  EXPECT_FALSE(check_mapped_isomorphism(a, b, {3, 2, 0, 7}).isomorphic);  // not a node
  // b with one more edge: every arc of a maps to an arc, but b has an extra one.
  const auto b2 = graph::from_edges(4, {{3, 2}, {2, 0}, {0, 1}, {1, 3}});
  r = check_mapped_isomorphism(a, b2, {3, 2, 0, 1});
  EXPECT_FALSE(r.isomorphic);
  EXPECT_FALSE(check_mapped_isomorphism(a, graph::from_edges(3, {{0, 1}}), {0, 1, 2}).isomorphic);
}

TEST(DisjointPaths, MengerOnSmallGraphs) {
  // Q(3): three node-disjoint paths between any two nodes.
  std::vector<uint64_t> q3(8);
  std::iota(q3.begin(), q3.end(), 0);
  const auto g = graph::hamming_graph(q3);
  disjoint_paths f(g);
  for (uint64_t s = 0; s < 8; ++s)
    for (uint64_t t = 0; t < 8; ++t)
      if (s != t) EXPECT_EQ(f.count(s, t), 3u) << s << " " << t;
  // Two triangles sharing the cut node 2: 0-1-2 and 2-3-4.  Only one path from 0 to 4.
  const auto bow = graph::from_edges(5, {{0, 1}, {1, 2}, {0, 2}, {2, 3}, {3, 4}, {2, 4}});
  disjoint_paths h(bow);
  EXPECT_EQ(h.count(0, 4), 1u);
  EXPECT_EQ(h.count(0, 1), 2u);  // the edge 0-1 and 0-2-1
  EXPECT_EQ(h.count(3, 4), 2u);
  // The 4-cycle with a tail: node 4 hangs on 0, one path to anything.
  disjoint_paths c(cycle_with_tail());
  EXPECT_EQ(c.count(4, 2), 1u);
  EXPECT_EQ(c.count(1, 3), 2u);
}

TEST(ClaimResult, DecideSkipAndParts) {
  claim_result r;
  r.decide(true, json{{"x", 1}});
  EXPECT_EQ(r.v, verdict::holds);
  EXPECT_TRUE(r.counterexample.is_null());
  r.decide(false, json{{"x", 1}});
  EXPECT_EQ(r.v, verdict::fails);
  EXPECT_EQ(r.counterexample["x"], 1);
  r.outside("n too small");
  EXPECT_EQ(r.v, verdict::not_checked);
  EXPECT_EQ(r.reason, "outside the claim's domain: n too small");

  part_list holds;
  holds.add("a", 1, 1, true);
  holds.add("b", 2, 2, true);
  claim_result h;
  holds.finish(h);
  EXPECT_EQ(h.v, verdict::holds);
  EXPECT_EQ(h.measured["b"], 2);

  part_list mixed;
  mixed.add("a", 1, 1, true);
  mixed.add("b", 2, 3, false, json{{"w", 3}});
  mixed.add("c", 4, 5, false);
  claim_result m;
  mixed.finish(m);
  EXPECT_EQ(m.v, verdict::fails);
  EXPECT_EQ(m.counterexample["part"], "b");  // the first failing part
  EXPECT_EQ(m.counterexample["witness"]["w"], 3);

  part_list partial;
  partial.add("a", 1, 1, true);
  partial.skip("b", 2, "too large");
  claim_result p;
  partial.finish(p);
  EXPECT_EQ(p.v, verdict::not_checked);
  EXPECT_EQ(p.reason, "b: too large");

  const json j = m.to_json();
  for (const char* k : {"id", "verdict", "claimed", "measured", "counterexample", "reason"})
    EXPECT_TRUE(j.contains(k)) << k;
  EXPECT_EQ(j["verdict"], "fails");
  EXPECT_EQ(to_string(verdict::not_checked), "not checked");
}

TEST(Bits, StringsRoundTrip) {
  EXPECT_EQ(label_bits(5, 4), "0101");
  EXPECT_EQ(parse_bits("0101"), 5u);
  EXPECT_THROW(parse_bits("01x"), std::invalid_argument);
}

}  // namespace
}  // namespace tv::host::claims
