// papers/002 (Metacube): the catalog of section M of CLAIMS.md, in its order; the checks
// are in this folder, one file per section of the paper (sections.hpp).
#include "host/claims/metacube/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

// ---- The catalog, section M ---------------------------------------------------------------

std::vector<claim_spec> metacube_claims() {
  const std::vector<std::string> mc_families{"metacube", "dualcube"};
  const std::vector<std::string> mc_q_families{"metacube", "dualcube", "hypercube"};
  const std::string paper = "papers/002 (Li, Peng, Chu: Metacube prefix)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  return {
      {"mc.count", src("Section 2"),
       "MC(k,m) has 2^(m 2^k + k) nodes of degree k+m, 2^k classes, 2^(m(2^k-1)) clusters per "
       "class and 2^m nodes per cluster.",
       "metacube and dualcube instances",
       "Classes are the values of the class field; clusters are the connected components of "
       "the cube-edges (edges inside a class).",
       mc_families, mc::check_count, mc::explain_count},
      {"mc.table1", src("Table 1"), "The printed Table 1 (nodes per links/node, hypercube and MC(1..4, m)).",
       "the instance's entry: hypercube n (row Hypercube, n links) or metacube k, m (row "
       "MC(k,m), k+m links; MC(0,m) in the Hypercube row); entries over the enumeration limit "
       "are not checked, and MC(4,4)'s 2^68 has no instance (64-bit labels)",
       "", mc_q_families, mc::check_table1, mc::explain_table1},
      {"mc.links", src("Section 2, link count"),
       "Hypercube links / MC links = n/(m+k); for k = 2, m = 3: 16384 nodes, 114688 and 40960 "
       "links, a reduction of 73728 links or about 64%.",
       "metacube and dualcube instances (the hypercube of the same size is counted too)",
       "\"About 64%\" is the reduction rounded to a whole percent.", mc_families, mc::check_links, mc::explain_links},
      {"mc.presentations", src("Sections 2 and 3"),
       "The cluster-based and the class-cube presentations give isomorphic graphs under the "
       "address mapping of Section 3; the neighbor examples of Sections 2 and 3.",
       "metacube and dualcube instances; the examples on MC(2,3)",
       "The mapping: class bits stay; node-ID bit j of class c's block m_c (cluster) is bit "
       "k + 2^k j + c (class-cube), as Section 3's b_{2^k j + c + k} lists it.",
       mc_families, mc::check_presentations, mc::explain_presentations},
      {"mc.special", src("Sections 1-2"), "MC(0,m) is the hypercube Q(m); MC(1,m) is the dual-cube.",
       "metacube and dualcube instances with k <= 1",
       "The dual-cube of Li and Peng: 2m+1 bits, the leftmost the class; class 0's clusters on "
       "the rightmost m bits, class 1's on the middle m bits; 2^(m+1) m-cube clusters, one "
       "cross-link per node.",
       mc_families, mc::check_special, mc::explain_special},
      {"mc.diameter", src("Section 2"),
       "The diameter of MC(2,3) is 16, only 2 larger than the hypercube's of the same size; "
       "diameters are reported for every instance.",
       "metacube k=2 m=3; other instances report their diameter as not checked", "", mc_families,
       mc::check_diameter_claim, mc::explain_diameter},
      {"mc.prefix_hc", src("Section 4.1, Algorithm 1"),
       "Algorithm 1 computes the prefix on a d-cube in d communication and 2d computation steps.",
       "hypercube instances", "The step counts of kernels/sim/prefix.hpp's message-passing run.",
       {"hypercube"}, mc::check_prefix_hc, mc::explain_prefix_hc},
      {"mc.prefix.thm1", src("Theorem 1"),
       "Algorithm 2 computes the prefix on MC(k,m) in 2^k m (k+1) + k communication and "
       "2^(k+1) m + 2k computation steps.",
       "metacube and dualcube instances", "Addition, inputs a_i = i, the pseudocode as printed.", mc_families,
       mc::check_prefix_thm1, mc::explain_prefix_thm1},
      {"mc.prefix.edges", src("Section 4.2, Algorithm 2"),
       "Every exchange of Algorithm 2 uses an edge of MC(k,m); only the node with ((i-k) MOD m) "
       "== c has the link of bit i.",
       "metacube and dualcube instances", "", mc_families, mc::check_prefix_edges, mc::explain_prefix_edges},
      {"mc.prefix.example", src("Section 4.2, Figures 7-12"),
       "MC(2,1) with a_i = i gives 0, 1, 3, ..., 2016 (the printed list); prefix_sum([1..8]) = "
       "[1, 3, ..., 36].",
       "runs once, on metacube k=2 m=1", "The printed list compared entry by entry.", mc_families,
       mc::check_prefix_example, mc::explain_prefix_example},
      {"mc.prefix.operator", src("Section 4, Algorithm 2 and Theorem 1's proof"),
       "Algorithm 2 exactly as printed is correct for any associative operator (a "
       "non-commutative one is tried), and with the operands ordered by address.",
       "metacube and dualcube instances",
       "The operator: composition of affine maps x -> ax + b mod 2^64 (associative, not "
       "commutative).",
       mc_families, mc::check_prefix_operator, mc::explain_prefix_operator},
      {"mc.prefix.vs_hc", src("Section 5"),
       "The running time of Algorithm 2 is only k times that of the hypercube of the same size.",
       "metacube and dualcube instances with k >= 1",
       "Running time = communication steps; \"k times\" read as at most k times Algorithm 1's "
       "on Q(m 2^k + k).",
       mc_families, [](claim_env& e, claim_result& r) { mc::check_prefix_vs_hc(e, r, false); }, mc::explain_prefix_vs_hc},
      {"mc.prefix.vs_hc.alt", src("Section 5"),
       "The running time of Algorithm 2 is only k times that of the hypercube of the same size.",
       "metacube and dualcube instances with k >= 1",
       "Running time = communication + computation steps.", mc_families,
       [](claim_env& e, claim_result& r) { mc::check_prefix_vs_hc(e, r, true); }, mc::explain_prefix_vs_hc},
  };
}

}  // namespace tv::host::claims
