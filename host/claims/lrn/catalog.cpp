// papers/004 (linear recursive networks): the catalog of section L of CLAIMS.md, in its
// order; the checks are in this folder, one file per section of the paper (sections.hpp).
#include "host/claims/lrn/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

// ---- The catalog, section L ---------------------------------------------------------------

std::vector<claim_spec> lrn_claims() {
  const std::vector<std::string> lrn_families{"lrn", "gfc"};
  const std::string paper = "papers/004 (Hsu, Chung, Das: Linear Recursive Networks)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string lrn_domain =
      "lrn instances (seeds or generator), and gfc instances with f = 1^k (the generalized "
      "Fibonacci cubes; other Q_n(f) are not LRNs)";
  const std::string clrn_reading =
      "Congruent LRNs are the networks the paper names as such: the hypercube (seeds {0, 1}) "
      "and the generalized Fibonacci cubes (seeds {0, 10, ..., 1^(k-1)0}, generator 1^k, gfc "
      "f = 1^k); the defining condition is lost in the stemmed copy.";
  return {
      {"lrn.degree", src("Theorem on node degree"), "Every node degree of G_n is at most n.",
       lrn_domain, "", lrn_families, lrn::check_degree, lrn::explain_degree},
      {"lrn.edges", src("Theorem on the number of edges"),
       "The number of edges is at most (n/2) N (O(N log N)).", lrn_domain, "", lrn_families, lrn::check_edges, lrn::explain_edges},
      {"lrn.connected", src("Theorem on connectivity"), "G_n is connected.", lrn_domain, "", lrn_families,
       lrn::check_connected, lrn::explain_connected},
      {"lrn.distance_bound", src("Theorem on distances"),
       "d(x, y) <= weight(x) + weight(y), via 0^n by clearing the rightmost 1-bit.", lrn_domain,
       "Both the route (clearing the rightmost 1 stays in the network) and the bound for every "
       "pair (BFS) are checked.",
       lrn_families, lrn::check_distance_bound, lrn::explain_distance_bound},
      {"lrn.binomial_tree", src("Lemma on spanning trees"),
       "parent(x) = x with its rightmost 1 cleared gives a spanning tree rooted at 0^n of "
       "height at most n.",
       lrn_domain, "", lrn_families, lrn::check_binomial_tree, lrn::explain_binomial_tree},
      {"lrn.clrn", src("Lemma on congruent LRNs"),
       "For congruent LRNs the distance between two nodes equals their Hamming distance; which "
       "seed sets / words f give isometric graphs is reported for each n, with the index of a "
       "word (the least n where it fails).",
       "every lrn and gfc instance (verdicts on the named congruent LRNs; the others are "
       "reported as not checked with what was measured)",
       clrn_reading, lrn_families, lrn::check_clrn, lrn::explain_clrn},
      {"lrn.disjoint_paths", src("Lemma on congruent LRNs"),
       "Between any two nodes of a CLRN there are at least min(deg x, deg y) node-disjoint paths.",
       "the named congruent LRNs, every pair within the budget (max-flow)", clrn_reading, lrn_families,
       lrn::check_disjoint_paths, lrn::explain_disjoint_paths},
      {"lrn.broadcast", src("Theorem on broadcasting"),
       "Broadcast on the binomial spanning tree finishes within height-many rounds.", lrn_domain,
       "From the tree's root 0^n (the broadcast step of the theorem's proof).", lrn_families,
       [](claim_env& e, claim_result& r) { lrn::check_broadcast(e, r, false); }, lrn::explain_broadcast},
      {"lrn.broadcast.alt", src("Theorem on broadcasting"),
       "Broadcast on the binomial spanning tree finishes within height-many rounds.", lrn_domain,
       "From every source: the message first goes up to 0^n along the tree, then down (the "
       "two steps of the theorem's proof); the worst source against the height.",
       lrn_families, [](claim_env& e, claim_result& r) { lrn::check_broadcast(e, r, true); }, lrn::explain_broadcast},
  };
}

}  // namespace tv::host::claims
