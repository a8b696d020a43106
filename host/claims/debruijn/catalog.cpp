// papers/003 (de Bruijn): the catalog of section D of CLAIMS.md, in its order; the checks
// are in this folder, one file per section of the paper (sections.hpp).
#include "host/claims/debruijn/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

// ---- The catalog, section D ---------------------------------------------------------------

std::vector<claim_spec> debruijn_claims() {
  const std::vector<std::string> db_families{"debruijn"};
  const std::string paper = "papers/003 (Lin, Bai: Broadcast in binary directed de Bruijn networks)";
  auto src = [&](const std::string& where) { return paper + ", " + where; };
  const std::string parent_reading =
      "The message parent of X for source R is the parent (ShiftRight(X, 0) or ShiftRight(X, "
      "1)) nearer to R, as Lemma 2's proof uses it; distances by BFS.";
  return {
      {"db.def", src("Definition 1"), "DDB(k) has 2^k nodes and 2^(k+1) arcs; in- and out-degree 2.",
       "directed debruijn instances", "Arcs are counted with the loops at 0^k and 1^k.", db_families, db::check_def, db::explain_def},
      {"db.lemma1", src("Lemma 1"),
       "D(X, Y) = k - c (c the longest suffix of X equal to a prefix of Y) is the length of a "
       "shortest path, for every ordered pair; D(00100, 10011) = 2 in DDB(5).",
       "directed debruijn instances with N^2 within the budget", "", db_families, db::check_lemma1, db::explain_lemma1},
      {"db.lemma2", src("Lemma 2"), "The message parent of any node for any source is unique.",
       "directed debruijn instances with N^2 within the budget", parent_reading, db_families, db::check_lemma2, db::explain_lemma2},
      {"db.lemma3", src("Lemma 3"),
       "For the message parent Z of Y: D(X, Z) < D(X, Y), and D(X, Z) = D(X, Y) - 1 when Y is "
       "not a child of X.",
       "directed debruijn instances with N^2 within the budget", parent_reading, db_families, db::check_lemma3, db::explain_lemma3},
      {"db.thm1", src("Theorem 1"),
       "With Rule 1 every node receives the message and no node receives a second copy.",
       "directed debruijn instances, every source", "Rule 1 as kernels/sim/broadcast.hpp simulates it.", db_families,
       db::check_thm1, db::explain_thm1},
      {"db.thm2", src("Theorem 2"), "The paths used by OnetoAllBroadcast are shortest paths.",
       "directed debruijn instances, every source",
       "Every node must be informed in the round equal to its distance from the source.", db_families,
       db::check_thm2, db::explain_thm2},
      {"db.cor1", src("Corollary 1"),
       "OnetoAllBroadcast terminates after at most k iterations; rounds are reported against "
       "each source's eccentricity.",
       "directed debruijn instances, every source", "", db_families, db::check_cor1, db::explain_cor1},
      {"db.fig2", src("Figure 2 and Section 3's example"),
       "From 000 in DDB(3): 001; then 010, 011; then 100, 101, 110, 111.", "runs once, on debruijn k=3",
       "", db_families, db::check_fig2, db::explain_fig2},
      {"db.alltoall.thm3", src("Theorem 3"),
       "After k iterations of AlltoAllBroadcast every node holds every message.",
       "directed debruijn instances", "The algorithm as printed (a node relays all it received).", db_families,
       db::check_a2a_thm3, db::explain_a2a_thm3},
      {"db.alltoall.thm4", src("Theorem 4"),
       "At iteration i each link carries at most 2^(i-1) messages; the total time is t_s log N "
       "+ t_c m (N-1).",
       "directed debruijn instances",
       "Time = sum over iterations of (t_s + largest link load x t_c m); the claim holds when "
       "every load is at most 2^(i-1) and the loads sum to N-1 over k iterations.  Duplicate "
       "receptions are reported.",
       db_families, db::check_a2a_thm4, db::explain_a2a_thm4},
  };
}

}  // namespace tv::host::claims
