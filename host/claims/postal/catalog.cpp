// papers/000 (J. Wu, Y. Yang, "The Postal Network"): its claims in this folder's catalog.toml.  The words of
// each claim are data, in catalog.toml beside this file (embedded at build time); the code
// of each is its claim_logic, defined next to its check in the file of its paper section
// (sections.hpp lists them).  This file binds the two by id.
#include "host/claims/catalog_file.hpp"
#include "host/claims/catalog_texts.hpp"
#include "host/claims/postal/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> postal_claims() {
  using namespace postal;
  return bind_catalog(catalog_texts::postal, "host/claims/postal/catalog.toml", {
      // counting.cpp
      &pn_thm4, &pn_table1, &pn_table2, &pn_closed_form, &pn_closed_form_alt, &pn_bounds,
      &pn_thm5, &pn_thm6,
      // embedding.cpp
      &pn_thm9, &pn_thm9_alt, &pn_thm10, &pn_thm10_alt, &pn_thm11, &pn_thm11_cond1,
      &pn_corollary,
      // examples.cpp
      &pn_examples, &pn_examples_alt,
      // networks.cpp
      &pn_def1, &pn_thm1, &pn_thm1_alt, &pn_lemma, &pn_thm2, &pn_thm3,
      // postal_trees.cpp
      &pt_def2, &pt_optimal, &pt_fig4, &pt_fig4_alt, &pt_selection,
      // routing.cpp
      &pn_routing, &pn_routing_examples, &pn_thm8,
  });
}

}  // namespace tv::host::claims
