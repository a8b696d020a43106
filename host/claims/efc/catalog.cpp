// papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced Fibonacci
// Cubes"): the catalog of section E of CLAIMS.md, in its order; the checks are in this
// folder, one file per section of the paper (sections.hpp).
#include "host/claims/efc/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

// ---- The catalog, section E ---------------------------------------------------------------

std::vector<claim_spec> efc_claims() {
  const std::vector<std::string> efc_family{"efc"};
  const std::string paper = "papers/001 (Qian, Wu: Unicast, Multicast, and Broadcast in EFCs)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string eft_reading_text =
      "EFT_n (Definition 2) read as in CLAIMS.md: the root of 00||EFT_{n-2} is the root; the "
      "roots of 10||EFT_{n-2} and 0100||EFT_{n-4} are its children; the root of "
      "0101||EFT_{n-4} is a child of the root of 0100||EFT_{n-4}.  EFT_3..EFT_6 are the "
      "Fibonacci trees of the same order, FT_m = FT_{m-1} on 0|| plus FT_{m-2} on 10|| with "
      "the latter's root a child of the former's (FT_2 one node, FT_3 = 0 with child 1).";
  return {
      {"efc.count", src("Section 1 / Definition 1"), "|V_n| = 2|V_{n-2}| + 2|V_{n-4}|.",
       "efc instances with n > 6 (sizes of Definition 1's sets, built by its recursion)", "", efc_family,
       efc::check_count, efc::explain_count},
      {"efc.gray", src("Section 2, after Definition 1"),
       "Listing V_n in the order of Definition 1 gives a Gray code (consecutive labels differ "
       "in one bit), cyclic as well.",
       "every efc instance",
       "The order of Definition 1: V_3..V_6 as printed; for n > 6 the terms 00||V_{n-2}, "
       "10||V_{n-2}, 0100||V_{n-4}, 0101||V_{n-4} in that order, each in its own Definition 1 "
       "order.",
       efc_family, efc::check_gray, efc::explain_gray},
      {"efc.p1", src("Property 1"), "FC_n (n-2 bits, no two adjacent 1s) is a subgraph of EFC_n.",
       "every efc instance", "FC_n's labels and edges must be labels and edges of EFC_n.", efc_family,
       efc::check_p1, efc::explain_p1},
      {"efc.p2", src("Property 2"), "EFC_n is Hamiltonian for n >= 6 (a cycle is exhibited and checked).",
       "efc instances with n >= 6",
       "The cycle is kernels/sim/multicast.hpp's construction, verified here edge by edge; a "
       "construction that fails its check gives `not checked`.",
       efc_family, efc::check_p2, nullptr,
       "The check exhibits a cycle and verifies it: a construction that yields no Hamiltonian "
       "cycle disproves nothing, so it is recorded as not checked, never as fails."},
      {"efc.p3", src("Property 3"),
       "EFC_n (n > 6) decomposes into two disjoint EFC_{n-2} and two disjoint EFC_{n-4}.",
       "efc instances with n > 6",
       "The parts are Definition 1's: 00||, 10|| (EFC_{n-2}) and 0100||, 0101|| (EFC_{n-4}); "
       "each induced part is checked isomorphic to its EFC under the prefix-stripping map.",
       efc_family, efc::check_p3, efc::explain_p3},
      {"efc.p4", src("Property 4"), "There is a Hamming distance path between any two nodes of EFC_n.",
       "efc instances within the all-pairs limit", "", efc_family, efc::check_p4, efc::explain_p4},
      {"efc.p5", src("Property 5"), "The diameter of EFC_n is n-2.", "every efc instance", "", efc_family,
       efc::check_p5, efc::explain_p5},
      {"efc.p6", src("Property 6"), "Every node degree of EFC_n lies in [ceil(n/4), n-2].",
       "every efc instance", "", efc_family, efc::check_p6, efc::explain_p6},
      {"eft.p7", src("Property 7"), "EFT_n is a spanning tree of EFC_n.", "every efc instance",
       eft_reading_text, efc_family, [](claim_env& e, claim_result& r) { efc::check_p7(e, r, sim::eft_reading::claims_md); }, efc::explain_p7},
      {"eft.p7.alt", src("Property 7"), "EFT_n is a spanning tree of EFC_n.", "every efc instance",
       "Definition 2's last clause (\"..., and the root of the other EFT_{n-4}\") read as a third "
       "root that also becomes a child of the root: the roots of 10||EFT_{n-2}, 0100||EFT_{n-4} "
       "and 0101||EFT_{n-4} are all children of the root; bases as in eft.p7.",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_p7(e, r, sim::eft_reading::all_to_root); }, efc::explain_p7},
      {"eft.p8", src("Property 8"),
       "EFT_n decomposes into two EFT_{n-2} and two EFT_{n-4}, the four subtrees disjoint.",
       "efc instances with n > 6", eft_reading_text, efc_family, efc::check_p8, efc::explain_p8},
      {"eft.p9", src("Property 9"), "The span of EFT_n is n-2.", "every efc instance",
       "Span = the number of children of the root (the root's degree in the tree).", efc_family,
       [](claim_env& e, claim_result& r) { efc::check_p9(e, r, false); }, efc::explain_p9},
      {"eft.p9.alt", src("Property 9"), "The span of EFT_n is n-2.", "every efc instance",
       "Span = the tree's diameter (the longest path between two nodes of EFT_n).", efc_family,
       [](claim_env& e, claim_result& r) { efc::check_p9(e, r, true); }, efc::explain_p9},
      {"eft.p10", src("Property 10"), "The height of EFT_n is ceil((n-2)/2).", "every efc instance",
       eft_reading_text, efc_family, efc::check_p10, efc::explain_p10},
      {"eft.p11", src("Property 11"),
       "In EFT_n the children of the root are dimension ordered: the i-th child of the root is "
       "its neighbor on the i-th dimension.",
       "every efc instance",
       "Children in increasing label order (the order Property 12's pre-order visits them); "
       "dimension i is the i-th bit from the left.",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_p11(e, r, false); }, efc::explain_p11},
      {"eft.p11.alt", src("Property 11"),
       "In EFT_n the i-th child of the root is its neighbor on the i-th dimension.",
       "every efc instance",
       "Children in increasing label order; dimension i counted from the right (the least "
       "significant bit is dimension 1).",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_p11(e, r, true); }, efc::explain_p11},
      {"eft.p12", src("Property 12"),
       "The pre-order of EFT_n is the order by the binary values of the node addresses.",
       "every efc instance", "Pre-order visits children in increasing label order.", efc_family, efc::check_p12, efc::explain_p12},
      {"efc.unicast", src("Section 3.1, unicast algorithm and Theorem 1"),
       "dim_to_hop_set is never empty (Property 4 ensures it), and routes have Hamming length, "
       "for every ordered pair.",
       "every efc instance with N^2 within the budget",
       "Decided for every random choice at once: dim_differ_set & dim_neighbor_exist_set must be "
       "non-empty for every ordered pair (t, d); the simulator's runs per choice rule are added "
       "when this build has it.",
       efc_family, efc::check_unicast, efc::explain_unicast},
      {"efc.broadcast.lemma1", src("Lemma 1"),
       "The EFT up/down broadcast takes 2 ceil((n-2)/2) time steps and v_n - 1 traffic steps.",
       "every efc instance (every source)",
       "Time steps = the worst case over sources (the largest number of rounds); traffic = "
       "messages per source, for every source.",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_lemma1(e, r, false); }, efc::explain_lemma1},
      {"efc.broadcast.lemma1.alt", src("Lemma 1"),
       "The EFT up/down broadcast takes 2 ceil((n-2)/2) time steps and v_n - 1 traffic steps.",
       "every efc instance (every source)",
       "Time steps read per source: every source's broadcast takes exactly 2 ceil((n-2)/2) rounds.",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_lemma1(e, r, true); }, efc::explain_lemma1},
      {"efc.broadcast.thm2", src("Theorem 2"),
       "The broadcast is traffic optimal for every n, time optimal when n is even and one step "
       "more than optimal when n is odd.",
       "every efc instance (every source)",
       "Per source: optimal time = the source's eccentricity; rounds - eccentricity must be 0 "
       "for every source when n is even and exactly 1 when n is odd; traffic optimal = v_n - 1 "
       "messages per source.",
       efc_family, [](claim_env& e, claim_result& r) { efc::check_thm2(e, r, false); }, efc::explain_broadcast_thm2},
      {"efc.broadcast.thm2.alt", src("Theorem 2"),
       "The broadcast is traffic optimal for every n, time optimal when n is even and one step "
       "more than optimal when n is odd.",
       "every efc instance (every source)",
       "Worst case: the largest number of rounds over all sources against the diameter.", efc_family,
       [](claim_env& e, claim_result& r) { efc::check_thm2(e, r, true); }, efc::explain_broadcast_thm2},
      {"efc.broadcast.fig3", src("Figure 3"), "From source 01000 in EFC_7 the broadcast takes four steps.",
       "runs once, on efc n=7", "", efc_family, efc::check_fig3, efc::explain_fig3},
      {"efc.multicast", src("Section 3.3"),
       "The two multicast heuristics (EFT tree, Hamiltonian cycle) deliver the message to every "
       "destination; time and traffic are reported against lower bounds.",
       "efc instances with n >= 6 (1000 seeded random sets of up to 8 destinations)",
       "The heuristics as kernels/sim/multicast.hpp implements them; bounds: time >= the largest "
       "Hamming distance to a destination, traffic >= the number of destinations.",
       efc_family, efc::check_multicast, efc::explain_multicast},
  };
}

}  // namespace tv::host::claims
