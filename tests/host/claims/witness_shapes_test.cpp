// The witness sentence of every claim whose check can fail but holds on the instances small
// enough to test: each case feeds a claim entry of the exact shape the check writes on
// failure (read from the check) and asserts the whole sentence.  Node indices in the
// expected text are worked out in the comments: for Q(n), MC(k,m) and DDB(k) a node's index
// is its label's value; for the other families, the count of smaller labels.  The catalog
// test at the end requires every claim to have a sentence or a reason it cannot fail, and
// every sentence to be tested here or in witness_real_test.cpp.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "host/claims/registry.hpp"
#include "host/claims/witness.hpp"

namespace tv::host::claims {
namespace {

using nlohmann::json;

struct shape_case {
  const char* id;
  const char* family;
  const char* params;  // JSON
  const char* entry;   // JSON: claimed, measured, counterexample, reason
  const char* sentence;
};

// PN_2(4)'s labels in order: 0000 0001 0010 0100 0101 1000 1001 1010 (nodes 0..7).
// EFC_6's (4 bits): 0000 0001 0010 0100 0101 1000 1001 1010 (nodes 0..7).
// EFC_7's (5 bits) begin 00000 00001 00010 00100 00101 01000 ... (nodes 0, 1, 2, 3, 4, 5).
// L_4({0,10}) is the Fibonacci cube on 4 bits: the same 8 labels as PN_2(4).
// Q_4(101): 0000 0001 0010 0011 0100 0110 0111 1000 1001 1100 ... (1100 is node 9).
// Records are read back with their keys sorted, so objects are worded in key order.
const std::vector<shape_case>& cases() {
  static const std::vector<shape_case> v = {
      // ---- papers/000
      {"pn.def1", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"label":"0110","only_in":"Definition 1"}})j",
       "PN_2(4): label 0110 (not a node) is only in Definition 1's set; Definition 1 and Theorem 7 claim the same set"},
      {"pn.thm1", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"claimed":"PN_2(4) is the Fibonacci cube on 4-bit labels (Hsu's FC of order 6)",
           "counterexample":{"problem":"an edge of the first graph is missing in the second","edge":["0000","0001"]}})j",
       "PN_2(4): edge 0000 (node 0), 0001 (node 1): an edge of the first graph is missing in the second; Theorem 1 "
       "claims PN_2(4) is the Fibonacci cube on 4-bit labels (Hsu's FC of order 6)"},
      {"pn.lemma", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"node":"1000","neighbors_in_first_term":2}})j",
       "PN_2(4): node 1000 (node 5) has 2 neighbors in 0||V(n-1); the Lemma claims exactly one"},
      {"pn.thm2", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"source":"0001","target":"0100","distance":4,"hamming":2}})j",
       "PN_2(4): the pair 0001 (node 1), 0100 (node 3) is at distance 4, Hamming distance 2; Theorem 2 claims a path "
       "of the Hamming distance between any two nodes"},
      {"pn.thm3", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"claimed":3,"measured":4,"counterexample":{"source":"0001","target":"1010","distance":4,"diameter":4}})j",
       "PN_2(4): the diameter is 4; Theorem 3 claims 3 (pair 0001 (node 1), 1010 (node 7) at distance 4)"},
      {"pn.thm4", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"part":"L","witness":{"L_recurrence":10,"edges":11}}})j",
       "PN_2(4): L = 11 links, the recurrence L(n) gives 10; Theorem 4 claims they agree"},
      {"pn.table1", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"N_2(4)":{"printed":8,"measured":9}}})j",
       "PN_2(4): N_2(4) = 9 by count; Table 1 prints 8"},
      {"pn.table2", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"L_2(4)":{"printed":10,"measured":11}}})j",
       "PN_2(4): L_2(4) = 11 by count; Table 2 prints 10"},
      {"pn.closed_form.alt", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"n":4,"closed_form":7.5,"nodes":8}})j",
       "PN_2(4): N_2(4) = 8 nodes; the closed form with N_2(1) = 2, N_2(2) = 3 gives 7.5"},
      {"pn.bounds", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"nodes":3,"lower":4.0,"upper":16.0}})j",
       "PN_2(4): N = 3 nodes; Section 3 claims 4 <= N <= 16"},
      {"pn.thm5", "postal", R"j({"lambda":2,"n":4})j", R"j({"counterexample":{"nodes":30,"bound":24.0}})j",
       "PN_2(4): N = 30 nodes; Theorem 5 claims at most 24"},
      {"pn.thm6", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"part":"L < ((n-2)/(lambda+1)+1) N","witness":{"edges":14,"bound":13.3}},
           "reason":"2 parts fail; the first is shown"})j",
       "PN_2(4): L = 14 links, not below ((n-2)/(lambda+1)+1) N = 13.3; Theorem 6 claims the inequality (and 1 more "
       "failing part)"},
      {"pn.routing", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"at":"0001","destination":"0100"}})j",
       "PN_2(4): at 0001 (node 1) toward 0100 (node 3) no admissible dimension is left; Section 4 claims the routing "
       "never gets stuck and takes H(s, d) hops"},
      {"pn.thm8", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"s":"0001","d":"0100","cube_point_not_a_node":"0101"}})j",
       "PN_2(4): the cube of s = 0001 (node 1), d = 0100 (node 3) holds 0101 (node 4); Theorem 8 claims the whole "
       "cube lies inside"},
      {"pn.thm9.alt", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"guest":"PN_2(3)","claimed":true,"contains":false,"how":"no deletion works"}})j",
       "PN_2(4): does not contain PN_2(3) (no deletion works); Theorem 9 (proper subgraphs) claims it does"},
      {"pn.thm11", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"guest":"PN_1(2)","claimed":true,"contains":false,"how":"no deletion works"}})j",
       "PN_2(4): does not contain PN_1(2) (no deletion works); Theorem 11 claims it does"},
      {"pn.examples.alt", "postal", R"j({"lambda":4,"n":6})j",
       R"j({"claimed":{"distance_1(100011)":1},"measured":{"distance_1(100011)":2},
           "counterexample":{"part":"distance_1(100011)"}})j",
       "PN_4(6): Sections 4-5's printed examples, \"distance_1(100011)\": claimed 1, found 2"},
      {"pt.def2", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"part":"PT_lambda(n) spans PN_lambda(n)",
           "witness":{"problem":"the tree edge to its parent is not an edge of the graph","node":"0101","parent":"0000"}}})j",
       "PN_2(4): node 0101 (node 4) with parent 0000 (node 0): the tree edge to its parent is not an edge of the "
       "graph; Definition 2 claims PT_lambda(n) is a spanning tree"},
      {"pt.optimal", "postal", R"j({"lambda":2,"n":4})j",
       R"j({"counterexample":{"nodes":8,"optimum":4,"broadcast":5,"gather":4,"barrier":9}})j",
       "PN_2(4): on PT the broadcast takes 5, the gather 4, the barrier 9 units; Section 6 claims 4, 4 and their sum"},
      {"pt.fig4", "postal", R"j({"lambda":1,"n":3})j", R"j({"counterexample":{"binomial_tree":18,"optimal_tree":13}})j",
       "PN_1(3): the binomial tree takes 18 units, the optimal tree 13; Figure 4 claims 18 and 12"},
      {"pt.selection", "postal", R"j({"lambda":1,"n":3})j", R"j({"counterexample":{"PN_1(3)":4,"PN_2(4)":4}})j",
       "PN_1(3): broadcast takes 4 units on PN_1(3) and 4 on PN_2(4); Section 6 claims PN_1(3) finishes first"},
      // ---- papers/001
      {"efc.count", "efc", R"j({"n":7})j",
       R"j({"claimed":22,"counterexample":{"V_n":21,"V_n-2":8,"V_n-4":3,"instance_nodes":21}})j",
       "EFC_7: |V_n| = 21, |V_{n-2}| = 8, |V_{n-4}| = 3; Definition 1 claims |V_n| = 2|V_{n-2}| + 2|V_{n-4}| = 22"},
      {"efc.p1", "efc", R"j({"n":6})j", R"j({"counterexample":{"fc_edge_missing":["0000","0010"]}})j",
       "EFC_6: FC_n's edge 0000 (node 0), 0010 (node 2) is missing; Property 1 claims FC_n is a subgraph"},
      {"efc.p3", "efc", R"j({"n":7})j",
       R"j({"claimed":{"10||EFC_5":"isomorphic to EFC_5"},"measured":{"10||EFC_5":{"nodes":5,"isomorphic":false}},
           "counterexample":{"part":"10||EFC_5","witness":{"problem":"an edge is missing"}}})j",
       "EFC_7: Property 3's decomposition, \"10||EFC_5\": claimed isomorphic to EFC_5, found isomorphic false, "
       "nodes 5 (problem an edge is missing)"},
      {"efc.p4", "efc", R"j({"n":6})j",
       R"j({"counterexample":{"source":"0000","target":"1010","distance":null,"hamming":2}})j",
       "EFC_6: the pair 0000 (node 0), 1010 (node 7) is not reachable, Hamming distance 2; Property 4 claims a path "
       "of the Hamming distance between any two nodes"},
      {"efc.p5", "efc", R"j({"n":6})j", R"j({"claimed":4,"measured":3,"counterexample":{"diameter":3}})j",
       "EFC_6: the diameter is 3; Property 5 claims 4"},
      {"eft.p7", "efc", R"j({"n":7})j",
       R"j({"counterexample":{"problem":"node 3: a cycle","node":"00100","parent":"00000"}})j",
       "EFC_7: node 00100 (node 3) with parent 00000 (node 0): a cycle; Property 7 claims EFT_n is a spanning tree"},
      {"eft.p8", "efc", R"j({"n":7})j",
       R"j({"claimed":{"00||EFT_5":"a copy of EFT_5"},"measured":{"00||EFT_5":{"nodes":5,"copy":false}},
           "counterexample":{"part":"00||EFT_5","witness":{"problem":"the block's root has the wrong parent",
           "node":"00000","parent":"none"}}})j",
       "EFC_7: 00||EFT_5: node 00000 (node 0) with parent none: the block's root has the wrong parent; Property 8 "
       "claims a copy of EFT_5"},
      {"eft.p9", "efc", R"j({"n":7})j", R"j({"claimed":5,"measured":4,"counterexample":{"root_children":4}})j",
       "EFC_7: EFT's root has 4 children; Property 9 claims a span of 5"},
      {"eft.p10", "efc", R"j({"n":7})j", R"j({"claimed":3,"measured":4,"counterexample":{"height":4}})j",
       "EFC_7: EFT's height is 4; Property 10 claims 3"},
      {"eft.p11.alt", "efc", R"j({"n":6})j",
       R"j({"counterexample":{"child":5,"dimension_neighbor":null,"actual_child":null}})j",
       "EFC_6: the root's child 5 is missing (more children than dimensions); Property 11 claims the children are "
       "dimension-ordered"},
      {"eft.p12", "efc", R"j({"n":6})j",
       R"j({"counterexample":{"position":2,"preorder_label":"0100","binary_order_label":"0010"}})j",
       "EFC_6: pre-order position 2 holds 0100 (node 3), binary order 0010 (node 2); Property 12 claims they agree"},
      {"efc.unicast", "efc", R"j({"n":6})j",
       R"j({"counterexample":{"choice":"lowest","stuck":3,"max_excess":0,
           "first_stuck":{"source":"0000","target":"1010","at":"1000"}}})j",
       "EFC_6: the lowest rule: 3 routes stuck, up to 0 hops over H(s, d) (first stuck at 1000 (node 5) toward 1010 "
       "(node 7)); Theorem 1 claims dim_to_hop_set is never empty and routes take H(s, d) hops"},
      {"efc.broadcast.fig3", "efc", R"j({"n":7})j", R"j({"counterexample":{"steps":5}})j",
       "EFC_7: from 01000 the broadcast takes 5 steps; Figure 3 claims four"},
      {"efc.multicast", "efc", R"j({"n":6})j",
       R"j({"counterexample":{"part":"hamiltonian","witness":{"undelivered":2}}})j",
       "EFC_6: the hamiltonian heuristic leaves 2 destinations undelivered; Section 3.3 claims both deliver to every "
       "destination"},
      // ---- papers/002
      {"mc.count", "metacube", R"j({"k":1,"m":2,"presentation":"class"})j",
       R"j({"claimed":{"degree k + m":3},"measured":{"degree k + m":{"min":2,"max":3}},
           "counterexample":{"part":"degree k + m"}})j",
       "MC(1,2): Section 2's counts, \"degree k + m\": claimed 3, found max 3, min 2"},
      {"mc.links", "metacube", R"j({"k":2,"m":3,"presentation":"class"})j",
       R"j({"claimed":{"MC links":40960},"measured":{"MC links":40961},"counterexample":{"part":"MC links"}})j",
       "MC(2,3): Section 2's link count, \"MC links\": claimed 40960, found 40961"},
      {"mc.presentations", "metacube", R"j({"k":1,"m":2,"presentation":"cluster"})j",
       R"j({"claimed":{"isomorphism":"isomorphic"},"measured":{"isomorphism":"not isomorphic"},
           "counterexample":{"part":"isomorphism"}})j",
       "MC(1,2) in the cluster presentation: Sections 2-3's presentations, \"isomorphism\": claimed isomorphic, found "
       "not isomorphic"},
      {"mc.special", "dualcube", R"j({"m":2,"presentation":"class"})j",
       R"j({"claimed":{"one cross-link per node, to another cluster":1},
           "measured":{"one cross-link per node, to another cluster":{"min":0,"max":1}},
           "counterexample":{"part":"one cross-link per node, to another cluster"}})j",
       "MC(1,2): Sections 1-2's special cases, \"one cross-link per node, to another cluster\": claimed 1, found max "
       "1, min 0"},
      {"mc.diameter", "metacube", R"j({"k":2,"m":3,"presentation":"class"})j",
       R"j({"counterexample":{"diameter":17,"hypercube_diameter":14}})j",
       "MC(2,3): the diameter is 17, the hypercube's 14; Section 2 claims 16, 2 more than the hypercube's"},
      {"mc.prefix_hc", "hypercube", R"j({"n":3})j",
       R"j({"claimed":{"correct":true,"comm_steps":3,"comp_steps":6},
           "counterexample":{"correct":true,"comm_steps":4,"comp_steps":6,"non_edge_messages":0}})j",
       "Q(3): Algorithm 1 is correct in 4 communication and 6 computation steps; Section 4.1 claims a correct prefix "
       "in 3 and 6"},
      {"mc.prefix.thm1", "metacube", R"j({"k":1,"m":1,"presentation":"class"})j",
       R"j({"claimed":{"correct":true,"comm_steps":5,"comp_steps":6},
           "counterexample":{"correct":false,"comm_steps":5,"comp_steps":6,"first_wrong_address":"110"}})j",
       "MC(1,1): Algorithm 2 computes wrong prefixes (first at 110 (node 6)) in 5 communication and 6 computation "
       "steps; Theorem 1 claims a correct prefix in 5 and 6"},
      {"mc.prefix.example", "metacube", R"j({"k":2,"m":1,"presentation":"class"})j",
       R"j({"claimed":{"prefix_sum([1..8])":[1,3,6]},"measured":{"prefix_sum([1..8])":[1,3,7]},
           "counterexample":{"part":"prefix_sum([1..8])"}})j",
       "MC(2,1): Section 4.2's MC(2,1) example, \"prefix_sum([1..8])\": claimed 1, 3, 6, found 1, 3, 7"},
      // ---- papers/003: DDB(k)'s node index is the label's value.
      {"db.def", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"part":"arcs = Definition 1's E_k","witness":{"node":"101"}}})j",
       "DDB(3): the arcs of 101 (node 5) differ from E_k; Definition 1 claims the arcs S -> 2S, 2S+1 mod 2^k"},
      {"db.lemma1", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"part":"every ordered pair: D = BFS distance, P reaches Y",
           "witness":{"X":"001","Y":"110","lemma_1":2,"bfs":3,"path_reaches_Y":true}}})j",
       "DDB(3): D(001 (node 1), 110 (node 6)) = 2 by Lemma 1, 3 by BFS; Lemma 1 claims D(X, Y) = k - c is the "
       "distance"},
      {"db.lemma2", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"R":"000","X":"011","parents":["001","101"],"distance":1}})j",
       "DDB(3): for source 000 (node 0), node 011 (node 3) has two parents at distance 1; Lemma 2 claims the message "
       "parent is unique"},
      {"db.lemma3", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"X":"000","Y":"011","Z":"001","D(X,Z)":2,"D(X,Y)":2,"Y_child_of_X":false}})j",
       "DDB(3): X = 000 (node 0), Y = 011 (node 3): D(X, Z) = 2, D(X, Y) = 2 for Y's message parent Z = 001 (node "
       "1); Lemma 3 claims D(X, Z) = D(X, Y) - 1"},
      {"db.thm1", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"first_incomplete_source":"111","unreached":1,"duplicates":0}})j",
       "DDB(3): 1 unreached, 0 duplicate receptions (first from source 111 (node 7)); Theorem 1 claims Rule 1 reaches "
       "every node exactly once"},
      {"db.thm2", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"source":"000","node":"110","round":3,"distance":2}})j",
       "DDB(3): from 000 (node 0), node 110 (node 6) is reached in round 3 at distance 2; Theorem 2 claims every "
       "broadcast path is a shortest path"},
      {"db.cor1", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"claimed":{"rounds_at_most":3},"counterexample":{"source":"010","rounds":4}})j",
       "DDB(3): from 010 (node 2) the broadcast takes 4 rounds; Corollary 1 claims at most k = 3 rounds"},
      {"db.fig2", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"rounds":[["001"],["010","011"],["100","110"],["101","111"]]}})j",
       "DDB(3): from 000 the rounds inform 001; 010 011; 100 110; 101 111; Figure 2 shows 001; 010 011; 100 101 110 "
       "111"},
      {"db.alltoall.thm3", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"message_of":"100","unreached":2}})j",
       "DDB(3): the message of 100 (node 4) misses nodes (2 receptions missing in all); Theorem 3 claims every node "
       "holds every message after k iterations"},
      {"db.alltoall.thm4", "debruijn", R"j({"k":3,"directed":true})j",
       R"j({"counterexample":{"iteration":2,"link_load_max":3,"bound":2}})j",
       "DDB(3): a link carries 3 messages at iteration 2; Theorem 4 claims at most 2^(i-1) = 2"},
      // ---- papers/004: L_4({0,10}) has PN_2(4)'s labels.
      {"lrn.degree", "lrn", R"j({"n":4,"seeds":"0,10"})j",
       R"j({"claimed":{"degree_at_most":4},"counterexample":{"node":"0000","degree":5}})j",
       "L_4({0,10}): node 0000 (node 0) has degree 5; the theorem on node degree claims at most n = 4"},
      {"lrn.edges", "lrn", R"j({"n":4,"seeds":"0,10"})j",
       R"j({"claimed":{"edges_at_most":16.0},"measured":{"edges":17,"nodes":8}})j",
       "L_4({0,10}): 17 edges on 8 nodes; the theorem on edges claims at most (n/2) N = 16"},
      {"lrn.connected", "gfc", R"j({"n":4,"f":"101"})j",
       R"j({"measured":{"nodes":11,"unreached_from_the_smallest_label":2},
           "counterexample":{"from":"0000","unreachable":"1100"}})j",
       "Q_4(101): 1100 (node 9) is not reachable from 0000 (node 0) (2 nodes in all); the theorem on connectivity "
       "claims G_n is connected"},
      {"lrn.distance_bound", "lrn", R"j({"n":4,"seeds":"0,10"})j",
       R"j({"counterexample":{"part":"d(x, y) <= weight(x) + weight(y) for every pair",
           "witness":{"x":"0001","y":"1000","distance":3,"bound":2}}})j",
       "L_4({0,10}): d(0001 (node 1), 1000 (node 5)) = 3; the theorem on distances claims at most weight(x) + "
       "weight(y) = 2"},
      {"lrn.binomial_tree", "lrn", R"j({"n":4,"seeds":"0,10"})j", R"j({"claimed":{"height_at_most":4},
           "counterexample":{"height":5}})j",
       "L_4({0,10}): the tree's height is 5; the lemma on spanning trees claims at most n = 4"},
      {"lrn.clrn", "lrn", R"j({"n":4,"seeds":"0,10"})j",
       R"j({"measured":{"index_least_failing_n":3},"counterexample":{"source":"0001","target":"0100","distance":4,"hamming":2}})j",
       "L_4({0,10}): the pair 0001 (node 1), 0100 (node 3) is at distance 4, Hamming distance 2; the lemma on "
       "congruent LRNs claims a path of the Hamming distance between any two nodes (first at n = 3)"},
      {"lrn.broadcast", "lrn", R"j({"n":4,"seeds":"0,10"})j",
       R"j({"counterexample":{"rounds_max":4,"height":3,"unreached":1}})j",
       "L_4({0,10}): the broadcast takes up to 4 rounds and leaves 1 nodes unreached; the theorem on broadcasting "
       "claims at most the tree's height 3"},
  };
  return v;
}

TEST(WitnessShapes, EachClaimsSentenceOnItsFailureShape) {
  for (const auto& c : cases()) {
    SCOPED_TRACE(c.id);
    const json record{{"family", c.family}, {"params", json::parse(c.params)}};
    json entry = json::parse(c.entry);
    entry["id"] = c.id;
    entry["verdict"] = "fails";
    const std::string s = explain_failure(record, entry);
    EXPECT_EQ(s, c.sentence);
    EXPECT_LE(s.size(), 200u);
    EXPECT_EQ(s.find('\n'), std::string::npos);
  }
}

// The claims whose sentence witness_real_test.cpp asserts on the real check's failure.
const std::set<std::string> tested_on_real_failures = {
    "pn.thm1.alt", "pn.closed_form", "pn.routing.examples", "pn.thm9", "pn.thm10", "pn.thm10.alt",
    "pn.thm11.cond1", "pn.corollary", "pn.examples", "pt.fig4.alt", "efc.gray", "efc.p6", "eft.p7.alt",
    "eft.p9.alt", "eft.p11", "efc.broadcast.lemma1", "efc.broadcast.lemma1.alt", "efc.broadcast.thm2",
    "efc.broadcast.thm2.alt", "mc.table1", "mc.prefix.edges", "mc.prefix.operator", "mc.prefix.vs_hc",
    "mc.prefix.vs_hc.alt", "lrn.disjoint_paths", "lrn.broadcast.alt"};

TEST(WitnessShapes, EveryClaimThatCanFailHasATestedSentence) {
  // A claim either explains its failures or says why its check never returns `fails`
  // (claim_spec::cannot_fail); a claim with both or neither is a catalog defect.
  std::set<std::string> shaped;
  for (const auto& c : cases()) shaped.insert(c.id);
  for (const auto& spec : catalog()) {
    SCOPED_TRACE(spec.id);
    EXPECT_NE(static_cast<bool>(spec.explain), !spec.cannot_fail.empty())
        << "needs exactly one of an explain sentence and a cannot_fail reason";
    if (spec.explain)
      EXPECT_TRUE(shaped.count(spec.id) || tested_on_real_failures.count(spec.id))
          << "its sentence is tested nowhere";
  }
}

TEST(WitnessShapes, EntriesOfAnotherShapeStillGiveOneLine) {
  // A record of another version may lack the keys a sentence reads: every claim must still
  // answer one line (its own sentence or the generic one), never throw or crash.
  const json record{{"family", "postal"}, {"params", {{"lambda", 2}, {"n", 4}}}};
  for (const char* odd : {R"j(null)j", R"j({})j", R"j({"part":"x"})j", R"j({"witness":{}})j", R"j([1,2])j",
                          R"j("text")j"}) {
    for (const auto& spec : catalog()) {
      SCOPED_TRACE(spec.id + " with counterexample " + odd);
      const json entry{{"id", spec.id}, {"verdict", "fails"}, {"claimed", nullptr}, {"measured", nullptr},
                       {"counterexample", json::parse(odd)}, {"reason", nullptr}};
      std::string s;
      EXPECT_NO_THROW(s = explain_failure(record, entry));
      EXPECT_FALSE(s.empty());
      EXPECT_EQ(s.find('\n'), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace tv::host::claims
