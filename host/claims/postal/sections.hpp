// The claims of papers/000 (J. Wu, Y. Yang, "The Postal Network"), section P of CLAIMS.md,
// one file per section of the paper; catalog.cpp pairs each check below with its claim.
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

/// pn.def1
void check_def1(claim_env& env, claim_result& r);
std::string explain_def1(const failure_view& f);
/// pn.thm1
void check_thm1(claim_env& env, claim_result& r);
std::string explain_thm1(const failure_view& f);
/// pn.thm1.alt
void check_thm1_alt(claim_env& env, claim_result& r);
std::string explain_thm1_alt(const failure_view& f);
/// pn.lemma
void check_lemma(claim_env& env, claim_result& r);
std::string explain_lemma(const failure_view& f);
/// pn.thm2
void check_thm2(claim_env& env, claim_result& r);
std::string explain_thm2(const failure_view& f);
/// pn.thm3
void check_thm3(claim_env& env, claim_result& r);
std::string explain_thm3(const failure_view& f);

// ---- counting.cpp: Section 3, Theorems 4-6, Tables 1-2, the closed form ------------------

/// pn.thm4
void check_thm4(claim_env& env, claim_result& r);
std::string explain_thm4(const failure_view& f);
/// pn.table1, pn.table2: Table 2 (links) when `links`, else Table 1 (nodes).
void check_table(claim_env& env, claim_result& r, bool links);
std::string explain_table(const failure_view& f, const std::string& table);
/// pn.closed_form(.alt): the closed form with A1, A2 fitted to N_2(1) = n1_value and
/// N_2(2) = n2_value.
void check_closed_form(claim_env& env, claim_result& r, uint64_t n1_value, uint64_t n2_value);
std::string explain_closed_form(const failure_view& f, const std::string& conditions);
/// pn.bounds
void check_bounds(claim_env& env, claim_result& r);
std::string explain_bounds(const failure_view& f);
/// pn.thm5
void check_thm5(claim_env& env, claim_result& r);
std::string explain_thm5(const failure_view& f);
/// pn.thm6
void check_thm6(claim_env& env, claim_result& r);
std::string explain_thm6(const failure_view& f);

// ---- routing.cpp: Section 4, adaptive routing, its examples, Theorem 8 -------------------

/// pn.routing
void check_routing(claim_env& env, claim_result& r);
std::string explain_routing(const failure_view& f);
/// pn.routing.examples
void check_routing_examples(claim_env& env, claim_result& r);
std::string explain_routing_examples(const failure_view& f);
/// pn.thm8
void check_thm8(claim_env& env, claim_result& r);
std::string explain_thm8(const failure_view& f);

// ---- embedding.cpp: Section 5, Theorems 9-11 and the Corollary -----------------------------

/// pn.thm9(.alt), pn.thm10(.alt), pn.thm11(.cond1); `proper`: a network does not contain
/// itself (the .alt readings).
void check_thm9(claim_env& env, claim_result& r, bool proper);
void check_thm10(claim_env& env, claim_result& r, bool proper);
void check_thm11(claim_env& env, claim_result& r, containment_rule rule);
std::string explain_containment(const failure_view& f, const std::string& theorem);
/// pn.corollary
void check_corollary(claim_env& env, claim_result& r);
std::string explain_corollary(const failure_view& f);

// ---- examples.cpp: Sections 4-5, the printed examples --------------------------------------

/// pn.examples(.alt); `alt`: "distance_1(10001)" read as the neighbor the sentence names,
/// 100011.
void check_examples(claim_env& env, claim_result& r, bool alt);
std::string explain_examples(const failure_view& f);

// ---- postal_trees.cpp: Section 6, postal trees and the postal model ------------------------

/// pt.def2
void check_pt_def2(claim_env& env, claim_result& r);
std::string explain_pt_def2(const failure_view& f);
/// pt.optimal
void check_pt_optimal(claim_env& env, claim_result& r);
std::string explain_pt_optimal(const failure_view& f);
/// pt.fig4(.alt); `literal_pt66`: tree (b) read as the caption names it, PT_6(6).
void check_pt_fig4(claim_env& env, claim_result& r, bool literal_pt66);
std::string explain_pt_fig4(const failure_view& f);
/// pt.selection
void check_pt_selection(claim_env& env, claim_result& r);
std::string explain_pt_selection(const failure_view& f);

}  // namespace tv::host::claims::postal
