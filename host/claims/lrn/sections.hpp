// The claims of papers/004 (W.-J. Hsu, M. J. Chung, A. Das, "Linear Recursive Networks and
// Their Applications in Distributed Systems"), section L of CLAIMS.md: what the files of
// this folder share, one file per section of the paper (definition.cpp: the networks and
// congruence; basic_properties.cpp: nodes, edges, degrees, distances; congruent.cpp:
// congruent LRNs; broadcast.cpp: the spanning tree and broadcasting), and the checks
// catalog.cpp lists.
#pragma once
#include <functional>
#include <string>

#include "host/claims/claim.hpp"

namespace tv::host::claims::lrn {

using families::linear_recursive;

/// How the instance was given, and whether the paper names it a congruent LRN.
struct lrn_info {
  std::string given;  // "seeds 0,10", "generator 11", "f = 111"
  bool named_clrn = false;
  bool is_lrn = true;  // false for Q_n(f) with f not of the form 1^k
  std::function<linear_recursive(int)> at;  // the same network at another n
};

/// @brief How `env`'s instance was given and whether the paper names it a congruent LRN.
lrn_info info_of(claim_env& env);

/// For the LRN theorems: Q_n(f) counts as an LRN only when f = 1^k.
bool require_lrn(claim_env& env, claim_result& r);

// The basic properties (basic_properties.cpp): degrees, edges, connectivity, distances.
void check_degree(claim_env& env, claim_result& r);
std::string explain_degree(const failure_view& f);
void check_edges(claim_env& env, claim_result& r);
std::string explain_edges(const failure_view& f);
void check_connected(claim_env& env, claim_result& r);
std::string explain_connected(const failure_view& f);
void check_distance_bound(claim_env& env, claim_result& r);
std::string explain_distance_bound(const failure_view& f);

// Congruent LRNs (congruent.cpp): isometry and node-disjoint paths.
void check_clrn(claim_env& env, claim_result& r);
std::string explain_clrn(const failure_view& f);
void check_disjoint_paths(claim_env& env, claim_result& r);
std::string explain_disjoint_paths(const failure_view& f);

// Broadcasting (broadcast.cpp): the binomial spanning tree and the broadcast on it.
void check_binomial_tree(claim_env& env, claim_result& r);
std::string explain_binomial_tree(const failure_view& f);
void check_broadcast(claim_env& env, claim_result& r, bool every_source);
std::string explain_broadcast(const failure_view& f);

}  // namespace tv::host::claims::lrn
