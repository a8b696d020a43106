// The claims of papers/003 (M.-B. Lin, M.-H. Bai, "Broadcast Algorithms for Binary
// Directed de Bruijn Networks"); `topoverify claims` lists them: what the files of this folder
// share, one file per section of the paper (preliminaries.cpp: Section 2; one_to_all.cpp:
// Section 3; all_to_all.cpp: Section 4), and the claims' logic (claim_logic) that
// catalog.cpp binds to catalog.toml.  Every claim is about the directed network DDB(k);
// undirected instances are outside the domain.
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

/// The prologue of a claim over every pair: k_of, then `claimed` set, then pairs_affordable.
/// The directed network's k, or 0 when the instance is outside or over the budget (the
/// result already marked).
int k_when_pairs_affordable(claim_env& env, claim_result& r, const json& claimed, const std::string& what);

/// @brief Runs a broadcast of kernels/sim/broadcast.hpp on the instance: from `sources`
/// (every node when empty), per source or all at once, with the rounds' trace when asked.
sim::broadcast_result db_broadcast(claim_env& env, sim::broadcast_scheme scheme,
                                   std::vector<uint64_t> sources, bool per_source, bool trace);

/// @brief The broadcast's totals as the records carry them.
json bcast_json(const sim::broadcast_result& b);

// Section 2 (preliminaries.cpp): Definition 1 and Lemmas 1-3.
extern const claim_logic db_def, db_lemma1, db_lemma2, db_lemma3;

// Section 3 (one_to_all.cpp): Rule 1's broadcast, Theorems 1-2, Corollary 1, Figure 2.
extern const claim_logic db_thm1, db_thm2, db_cor1, db_fig2;

// Section 4 (all_to_all.cpp): AlltoAllBroadcast, Theorems 3-4.
extern const claim_logic db_alltoall_thm3, db_alltoall_thm4;

}  // namespace tv::host::claims::db
