// The claims of papers/003 (M.-B. Lin, M.-H. Bai, "Broadcast Algorithms for Binary Directed
// de Bruijn Networks"), section D of CLAIMS.md: what the files of this folder share, one
// file per section of the paper (preliminaries.cpp: Section 2; one_to_all.cpp: Section 3;
// all_to_all.cpp: Section 4), and the checks catalog.cpp lists.  Every claim is about the
// directed network DDB(k); undirected instances are outside the domain.
#pragma once
#include <string>
#include <vector>

#include "host/claims/claim.hpp"
#include "kernels/sim/broadcast.hpp"

namespace tv::host::claims::db {

using families::de_bruijn;

/// The directed network's k, or 0 (after marking the result) for an undirected instance.
int k_of(claim_env& env, claim_result& r);

/// True when BFS from every source (N x (N + arcs)) fits the budget; otherwise marks the
/// result not checked, saying that `what` is over the budget.
bool pairs_affordable(claim_env& env, claim_result& r, const std::string& what);

/// @brief Runs a broadcast of kernels/sim/broadcast.hpp on the instance: from `sources`
/// (every node when empty), per source or all at once, with the rounds' trace when asked.
sim::broadcast_result db_broadcast(claim_env& env, sim::broadcast_scheme scheme,
                                   std::vector<uint64_t> sources, bool per_source, bool trace);

/// @brief The broadcast's totals as the records carry them.
json bcast_json(const sim::broadcast_result& b);

// Section 2 (preliminaries.cpp): Definition 1 and Lemmas 1-3.
void check_def(claim_env& env, claim_result& r);
std::string explain_def(const failure_view& f);
void check_lemma1(claim_env& env, claim_result& r);
std::string explain_lemma1(const failure_view& f);
void check_lemma2(claim_env& env, claim_result& r);
std::string explain_lemma2(const failure_view& f);
void check_lemma3(claim_env& env, claim_result& r);
std::string explain_lemma3(const failure_view& f);

// Section 3 (one_to_all.cpp): Rule 1's broadcast, Theorems 1-2, Corollary 1, Figure 2.
void check_thm1(claim_env& env, claim_result& r);
std::string explain_thm1(const failure_view& f);
void check_thm2(claim_env& env, claim_result& r);
std::string explain_thm2(const failure_view& f);
void check_cor1(claim_env& env, claim_result& r);
std::string explain_cor1(const failure_view& f);
void check_fig2(claim_env& env, claim_result& r);
std::string explain_fig2(const failure_view& f);

// Section 4 (all_to_all.cpp): AlltoAllBroadcast, Theorems 3-4.
void check_a2a_thm3(claim_env& env, claim_result& r);
std::string explain_a2a_thm3(const failure_view& f);
void check_a2a_thm4(claim_env& env, claim_result& r);
std::string explain_a2a_thm4(const failure_view& f);

}  // namespace tv::host::claims::db
