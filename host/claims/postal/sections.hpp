// The claims of papers/000 (J. Wu, Y. Yang, "The Postal Network"); `topoverify claims` lists them,
// one file per section of the paper; each section's claim_logic below is bound by
// catalog.cpp to the words of its claim in catalog.toml.
// Every check computes the paper's value from its printed definition or formula and the
// measured value from the network (label enumeration, the CSR graph, the all-pairs
// engine, the structural searches of structure.hpp, the simulators), and compares them.
// Each explain_* turns a failing record entry into one sentence (claim_spec::explain).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "host/claims/claim.hpp"
#include "host/claims/structure.hpp"
#include "host/claims/witness.hpp"
#include "kernels/families/postal.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host::claims::postal {

// ---- Helpers every section uses ----------------------------------------------------------

struct pn_params {
  int lambda, n;
};
inline pn_params pn_of(claim_env& env) {
  const auto* p = env.as<families::postal_network>();
  return {p->lambda, p->n};
}

/// @brief The labels of PN_lambda(n), ascending.
inline std::vector<uint64_t> pn_labels(int lambda, int n) {
  return graph::enumerate_labels(core::backend::cpu, families::postal_network::make(lambda, n));
}

inline std::vector<uint64_t> sorted_unique(std::vector<uint64_t> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// ---- networks.cpp: Sections 2-3, Definition 1 and Theorems 1-3 -----------------------------

extern const claim_logic pn_def1, pn_thm1, pn_thm1_alt, pn_lemma, pn_thm2, pn_thm3;

// ---- counting.cpp: Section 3, Theorems 4-6, Tables 1-2, the closed form ------------------

extern const claim_logic pn_thm4, pn_table1, pn_table2, pn_closed_form, pn_closed_form_alt,
    pn_bounds, pn_thm5, pn_thm6;

// ---- routing.cpp: Section 4, adaptive routing, its examples, Theorem 8 -------------------

extern const claim_logic pn_routing, pn_routing_examples, pn_thm8;

// ---- embedding.cpp: Section 5, Theorems 9-11 and the Corollary -----------------------------

extern const claim_logic pn_thm9, pn_thm9_alt, pn_thm10, pn_thm10_alt, pn_thm11, pn_thm11_cond1,
    pn_corollary;

// ---- examples.cpp: Sections 4-5, the printed examples --------------------------------------

extern const claim_logic pn_examples, pn_examples_alt;

// ---- postal_trees.cpp: Section 6, postal trees and the postal model ------------------------

extern const claim_logic pt_def2, pt_optimal, pt_fig4, pt_fig4_alt, pt_selection;

}  // namespace tv::host::claims::postal
