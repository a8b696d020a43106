// The claims of papers/002 (Y. Li, S. Peng, W. Chu, "An Effective Structure for Algorithmic
// Design and a Parallel Prefix Algorithm on Metacube"); `topoverify claims` lists them: what the
// files of this folder share, one file per section of the paper (network.cpp: Section 2;
// presentation.cpp: Section 3; prefix.cpp: Section 4; prefix_vs_hypercube.cpp: Section 5),
// and the claims' logic (claim_logic) that catalog.cpp binds to catalog.toml.
#pragma once
#include <string>

#include "host/claims/claim.hpp"
#include "kernels/sim/prefix.hpp"

namespace tv::host::claims::mc {

using families::hypercube;
using families::metacube;

struct mc_params {
  int k, m, n;
  bool cluster;
};
inline mc_params mc_of(claim_env& env) {
  if (const auto* h = env.as<hypercube>()) return {0, h->n, h->n, false};
  const auto* c = env.as<metacube>();
  return {c->k, c->m, c->n, c->cluster_presentation};
}

/// @brief Runs a prefix algorithm of kernels/sim/prefix.hpp on `net` (by default with
/// addition and the pseudocode as printed; `keep` keeps the prefixes); invalid_argument
/// when the algorithm does not apply to it.
sim::prefix_result run_prefix(claim_env& env, const families::family& net, sim::prefix_algorithm a,
                              sim::prefix_operator op = sim::prefix_operator::add,
                              sim::operand_order order = sim::operand_order::printed, bool keep = false);

// Section 2 (network.cpp): the network's counts, Table 1, links, special cases, diameter.
extern const claim_logic mc_count, mc_table1, mc_links, mc_special, mc_diameter;

// Section 3 (presentation.cpp): the class-cube presentation against the cluster one.
extern const claim_logic mc_presentations;

// Section 4 (prefix.cpp): Algorithm 1 on the hypercube, Algorithm 2 on the Metacube.
extern const claim_logic mc_prefix_hc, mc_prefix_thm1, mc_prefix_edges, mc_prefix_example,
    mc_prefix_operator;

// Section 5 (prefix_vs_hypercube.cpp): Algorithm 2's time against Algorithm 1's.
extern const claim_logic mc_prefix_vs_hc, mc_prefix_vs_hc_alt;

}  // namespace tv::host::claims::mc
