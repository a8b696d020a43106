// The catalog of papers/000's claims (section P of CLAIMS.md), in the paper's order: each
// claim's id, source, statement, domain and reading, with the check and the explanation its
// section's file defines (host/claims/postal/sections.hpp lists them by section).
#include <string>
#include <vector>

#include "host/claims/postal/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> postal_claims() {
  using namespace postal;  // the checks of the section files, declared in sections.hpp
  const std::vector<std::string> pn{"postal"};
  const std::string paper = "papers/000 (Wu, Yang: The Postal Network)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string containment_reading =
      "\"Contains as a subgraph\" is Section 5's notion: condition 1 (V(H) contains V(G)) or "
      "condition 2 (V(H) with some bit positions deleted contains V(G)), decided by search "
      "over every set of n1 - n2 deleted positions.";
  std::vector<claim_spec> v = {
      {"pn.def1", src("Definition 1 and Theorem 7"),
       "Definition 1's recursive V_lambda(n) = 0||V_lambda(n-1) u 10_(lambda-1)||V_lambda(n-lambda) "
       "(base 0^n and the weight-one strings for n <= lambda) equals Theorem 7's set of n-bit "
       "strings whose 1-bits are at least lambda positions apart.",
       "every postal instance with 2^n within the budget",
       "\"Separated by at least lambda bit positions\" is a difference of positions >= lambda "
       "(Section 4's examples: 010001 is a node of PN_4(6) with distance_1 = 4).",
       pn, check_def1, explain_def1},
      {"pn.thm1", src("Theorem 1"),
       "PN_1(n) is the hypercube Q(n); PN_2(n) is the Fibonacci cube.",
       "postal instances with lambda = 1 or 2",
       "The Fibonacci cube on n-bit labels: FC of order n+2 by the proof's recursion V(k) = "
       "0||V(k-1) u 10||V(k-2), V(2) = {empty}, V(3) = {0, 1}; graphs compared label by label.",
       pn, check_thm1, explain_thm1},
      {"pn.thm1.alt", src("Theorem 1"),
       "PN_2(n) is the n-dimensional Fibonacci cube FC(n) as the proof defines it.",
       "postal instances with lambda = 2, n >= 2",
       "The index read literally: FC(n) of the printed recursion (labels of n-2 bits) against "
       "PN_2(n) (labels of n bits).",
       pn, check_thm1_alt, explain_thm1_alt},
      {"pn.lemma", src("Lemma (Section 3)"),
       "Every node of 10_(lambda-1)||V_lambda(k-lambda) has exactly one neighbor in 0||V_lambda(k-1).",
       "postal instances with n > lambda (k = n)", "", pn, check_lemma, explain_lemma},
      {"pn.thm2", src("Theorem 2"),
       "There is a Hamming distance path between any two nodes of PN_lambda(n).",
       "postal instances within the all-pairs limit", "", pn, check_thm2, explain_thm2},
      {"pn.thm3", src("Theorem 3"),
       "The diameter of PN_lambda(n) is n if lambda = 1; 2 ceil(n/lambda) - 1 if lambda != 1 and "
       "(n-1) mod lambda = 0; 2 ceil(n/lambda) otherwise.",
       "every postal instance (all pairs, or iFUB above the all-pairs limit)", "", pn, check_thm3, explain_thm3},
      {"pn.thm4", src("Theorem 4"),
       "N(n) = n+1 (n <= lambda), N(n-1) + N(n-lambda) otherwise; L(n) = n (n <= lambda), "
       "L(n-1) + L(n-lambda) + N(n-lambda) otherwise.",
       "every postal instance within the enumeration limit (nodes and edges counted)", "", pn,
       check_thm4, explain_thm4},
      {"pn.table1", src("Table 1"), "The printed N_lambda(k), lambda = 1..4, k = 1..9.",
       "postal instances with lambda <= 4 and n <= 9 (the entry of the instance)", "", pn,
       [](claim_env& e, claim_result& r) { check_table(e, r, false); },
       [](const failure_view& f) { return explain_table(f, "Table 1"); }},
      {"pn.table2", src("Table 2"), "The printed L_lambda(k), lambda = 1..4, k = 1..9.",
       "postal instances with lambda <= 4 and n <= 9 (the entry of the instance)", "", pn,
       [](claim_env& e, claim_result& r) { check_table(e, r, true); },
       [](const failure_view& f) { return explain_table(f, "Table 2"); }},
      {"pn.closed_form", src("Section 3, closed form for lambda = 2"),
       "N_2(n) = A1 ((1+sqrt 5)/2)^n + A2 ((1-sqrt 5)/2)^n with A1, A2 from the boundary "
       "conditions N_2(1) = 1 and N_2(2) = 2.",
       "postal instances with lambda = 2 (the value at n against the node count)",
       "The boundary conditions as printed (N_2(1) = 1, N_2(2) = 2).", pn,
       [](claim_env& e, claim_result& r) { check_closed_form(e, r, 1, 2); },
       [](const failure_view& f) { return explain_closed_form(f, "N_2(1) = 1, N_2(2) = 2"); }},
      {"pn.closed_form.alt", src("Section 3, closed form for lambda = 2"),
       "The same closed form with A1, A2 fitted to N_2(1) = 2 and N_2(2) = 3.",
       "postal instances with lambda = 2",
       "The boundary conditions taken from Table 1 / Theorem 4 instead of the printed ones.", pn,
       [](claim_env& e, claim_result& r) { check_closed_form(e, r, 2, 3); },
       [](const failure_view& f) { return explain_closed_form(f, "N_2(1) = 2, N_2(2) = 3"); }},
      {"pn.bounds", src("Section 3, before Theorem 5"), "2^floor(n/lambda) <= N_lambda(n) <= 2^n.",
       "every postal instance within the enumeration limit", "", pn, check_bounds, explain_bounds},
      {"pn.thm5", src("Theorem 5"),
       "For lambda > 1: N_lambda(n) <= (lambda+1)(1 + 1/sqrt(lambda-1))^(n-1).",
       "postal instances with lambda > 1", "", pn, check_thm5, explain_thm5},
      {"pn.thm6", src("Theorem 6"),
       "For lambda > 1: L_lambda(n) < ((n-2)/(lambda+1) + 1) N_lambda(n) <= (n+lambda-1)(1 + "
       "1/sqrt(lambda-1))^(n-1).",
       "postal instances with lambda > 1", "Both inequalities are checked.", pn, check_thm6, explain_thm6},
      {"pn.routing", src("Section 4, adaptive minimal routing"),
       "The adaptive minimal routing never gets stuck and every route has length H(s, d), for "
       "every ordered pair and every choice rule (random with a seed, lowest, highest "
       "admissible dimension).",
       "every postal instance with N^2 within the budget",
       "Decided for every choice rule at once: every ordered pair (t, d) must have a dimension "
       "i with r(i) = 1 and distance_1(t^i) >= lambda; the simulator's runs per rule are added "
       "when this build has it.",
       pn, check_routing, explain_routing},
      {"pn.routing.examples", src("Section 4, routing examples"),
       "In PN_4(6), (s, d) = (100010, 000001) has exactly the three minimal paths listed; for "
       "s = 01000, d = 10010 resolving dimensions in increasing and in decreasing order each "
       "passes through an illegal node; 100000 -> 100001 -> 000001 -> 000000 is a valid path "
       "in PN_4(6).",
       "runs once, on postal lambda=4 n=6; the 5-bit example is checked for every lambda "
       "(1..5) for which 01000 and 10010 are both nodes of PN_lambda(5)",
       "Dimension i is the i-th bit from the left; the minimal paths are every route of the "
       "rule (all choices).",
       pn, check_routing_examples, explain_routing_examples},
      {"pn.thm8", src("Theorem 8"),
       "If distance_1(s xor d) >= lambda, s and d lie in a k-cube inside PN_lambda(n) with "
       "k >= H(s, d): the cube with stars at the 1-bits of s xor d and s's bits elsewhere.",
       "every pair of nodes of a postal instance, within the budget", "", pn, check_thm8, explain_thm8},
      {"pn.thm9", src("Theorem 9"),
       "PN_lambda(n1) contains PN_lambda(n2) as a subgraph iff n1 > n2.",
       "the instance is the host PN_lambda(n1); guests n2 = 1..n1+1", containment_reading, pn,
       [](claim_env& e, claim_result& r) { check_thm9(e, r, false); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 9"); }},
      {"pn.thm9.alt", src("Theorem 9"),
       "PN_lambda(n1) contains PN_lambda(n2) as a proper subgraph iff n1 > n2.",
       "the instance is the host PN_lambda(n1); guests n2 = 1..n1+1",
       containment_reading + " Read as proper containment: a network does not contain itself.",
       pn, [](claim_env& e, claim_result& r) { check_thm9(e, r, true); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 9 (proper subgraphs)"); }},
      {"pn.thm10", src("Theorem 10"),
       "PN_lambda1(n) contains PN_lambda2(n) as a subgraph iff lambda1 < lambda2.",
       "the instance is the host PN_lambda1(n); guests lambda2 = 1..max(n, lambda1)+1 (beyond "
       "n every PN_lambda2(n) is the same star)",
       containment_reading, pn, [](claim_env& e, claim_result& r) { check_thm10(e, r, false); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 10"); }},
      {"pn.thm10.alt", src("Theorem 10"),
       "PN_lambda1(n) contains PN_lambda2(n) as a proper subgraph iff lambda1 < lambda2.",
       "the instance is the host PN_lambda1(n); guests lambda2 = 1..max(n, lambda1)+1",
       containment_reading + " Read as proper containment: a network does not contain itself.",
       pn, [](claim_env& e, claim_result& r) { check_thm10(e, r, true); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 10 (proper subgraphs)"); }},
      {"pn.thm11", src("Theorem 11"),
       "For lambda1 > lambda2: case 1 (ceil(n1/lambda1) > ceil(n2/lambda2)) and case 2 (equal "
       "groups c and n1 - (c-1) lambda1 >= n2 - (c-1) lambda2) imply that PN_lambda1(n1) "
       "contains PN_lambda2(n2).",
       "the instance is the host PN_lambda1(n1); every (lambda2 < lambda1, n2) meeting case 1 "
       "or 2 (finitely many)",
       containment_reading, pn,
       [](claim_env& e, claim_result& r) { check_thm11(e, r, containment_rule::conditions_1_or_2); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 11"); }},
      {"pn.thm11.cond1", src("Theorem 11"),
       "Theorem 11 with containment read as condition 1 alone.",
       "as pn.thm11",
       "Containment is label-set containment (condition 1), labels compared as numbers (the "
       "guest's labels zero-padded on the left).",
       pn,
       [](claim_env& e, claim_result& r) { check_thm11(e, r, containment_rule::condition_1_only); }, 
       [](const failure_view& f) { return explain_containment(f, "Theorem 11 (condition 1)"); }},
      {"pn.corollary", src("Corollary (Section 5)"),
       "PN_lambda(n1) contains Q(n2) iff n1 + ceil(n1/lambda)(1-lambda) >= n2; PN_2(9)'s "
       "largest hypercube is Q(4); PN_4(6)'s largest subcubes are the 2-cubes *0000*, 0*000*, "
       "*000*0.",
       "every postal instance within the budget; the examples on PN_2(9) and PN_4(6)",
       "Measured: the largest subcube found by search over sets of free coordinates (any "
       "base), compared with the formula (n2 >= 1; a formula value <= 0 claims no Q(1)); the "
       "largest Q(n2) contained by conditions 1 or 2 is reported beside it.",
       pn, check_corollary, explain_corollary},
      {"pn.examples", src("Sections 4 and 5, printed label sets and distance_1 values"),
       "Every label set and distance_1 value printed in Sections 4-5.",
       "runs once, on postal lambda=4 n=6; the other networks named are built inside",
       "\"its distance_1(10001) = 1\" is read with the argument as printed (10001).", pn,
       [](claim_env& e, claim_result& r) { check_examples(e, r, false); }, explain_examples},
      {"pn.examples.alt", src("Sections 4 and 5, printed label sets and distance_1 values"),
       "Every label set and distance_1 value printed in Sections 4-5.",
       "runs once, on postal lambda=4 n=6",
       "\"its distance_1(10001) = 1\" is read as distance_1(100011), the neighbor the sentence "
       "names.",
       pn, [](claim_env& e, claim_result& r) { check_examples(e, r, true); }, explain_examples},
      {"pt.def2", src("Definition 2"),
       "The postal tree PT_lambda(n) is a spanning tree of PN_lambda(n).",
       "every postal instance",
       "PT(n) = PT(n-1) on 0||V(n-1) plus PT(n-lambda) on 10_(lambda-1)||V(n-lambda), the "
       "latter's root a child of the former's; PT(n) = PN(n) for n <= lambda (checked to be a "
       "tree).",
       pn, check_pt_def2, explain_pt_def2},
      {"pt.optimal", src("Section 6, postal trees and the postal model"),
       "Broadcast on PT_lambda(n) in the postal model (latency lambda, one send per time unit, "
       "one port) finishes at the earliest time t with f_lambda(t) >= N, f(t) = 1 for t < "
       "lambda, f(t) = f(t-1) + f(t-lambda); the gather on the same tree takes as long; the "
       "barrier is gather + broadcast.",
       "every postal instance",
       "The postal model of kernels/sim/postal.hpp on the Definition 2 tree; claimed: broadcast "
       "= gather = the optimum t, barrier = 2t.",
       pn, check_pt_optimal, explain_pt_optimal},
      {"pt.fig4", src("Section 6, Figure 4"),
       "On a fully connected network of 8 nodes with lambda = 6, the binomial tree PT_1(3) "
       "takes 18 units and the optimal tree 12.",
       "runs once, on postal lambda=1 n=3",
       "The optimal tree is the greedy postal schedule on 8 nodes (every informed node sends "
       "each time unit).",
       pn, [](claim_env& e, claim_result& r) { check_pt_fig4(e, r, false); }, explain_pt_fig4},
      {"pt.fig4.alt", src("Section 6, Figure 4"),
       "As pt.fig4, with tree (b) read as the caption names it, PT_6(6).",
       "runs once, on postal lambda=6 n=6",
       "The caption's \"optimal spanning tree PT_6(6)\" read literally: the Definition 2 tree of "
       "PN_6(6) (7 nodes).",
       pn, [](claim_env& e, claim_result& r) { check_pt_fig4(e, r, true); }, explain_pt_fig4},
      {"pt.selection", src("Section 6, selection of lambda"),
       "With lambda = 1, PN_1(3) is better than PN_2(4) (eight nodes each): its broadcast "
       "finishes earlier.",
       "runs once, on postal lambda=1 n=3",
       "Broadcast time in the postal model with lambda = 1 on each network's postal tree.", pn,
       check_pt_selection, explain_pt_selection},
  };
  return v;
}

}  // namespace tv::host::claims
