// The claims of papers/004 (W.-J. Hsu, M. J. Chung, A. Das, "Linear Recursive Networks and
// Their Applications in Distributed Systems"); `topoverify claims` lists them: what the files of
// this folder share, one file per section of the paper (definition.cpp: the networks and
// congruence; basic_properties.cpp: nodes, edges, degrees, distances; congruent.cpp:
// congruent LRNs; broadcast.cpp: the spanning tree and broadcasting), and the claims'
// logic (claim_logic) that catalog.cpp binds to catalog.toml.
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
extern const claim_logic lrn_degree, lrn_edges, lrn_connected, lrn_distance_bound;

// Congruent LRNs (congruent.cpp): isometry and node-disjoint paths.
extern const claim_logic lrn_clrn, lrn_disjoint_paths;

// Broadcasting (broadcast.cpp): the binomial spanning tree and the broadcast on it.
extern const claim_logic lrn_binomial_tree, lrn_broadcast, lrn_broadcast_alt;

}  // namespace tv::host::claims::lrn
