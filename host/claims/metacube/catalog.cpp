// papers/002 (Y. Li, S. Peng, W. Chu, Metacube): its claims in this folder's catalog.toml.  The words of each
// claim are data, in catalog.toml beside this file (embedded at build time); the code of
// each is its claim_logic, defined next to its check in the file of its paper section
// (sections.hpp lists them).  This file binds the two by id.
#include "host/claims/catalog_file.hpp"
#include "host/claims/catalog_texts.hpp"
#include "host/claims/metacube/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> metacube_claims() {
  using namespace mc;
  return bind_catalog(catalog_texts::metacube, "host/claims/metacube/catalog.toml", {
      // network.cpp
      &mc_count, &mc_table1, &mc_links, &mc_special, &mc_diameter,
      // prefix.cpp
      &mc_prefix_hc, &mc_prefix_thm1, &mc_prefix_edges, &mc_prefix_example,
      &mc_prefix_operator,
      // prefix_vs_hypercube.cpp
      &mc_prefix_vs_hc, &mc_prefix_vs_hc_alt,
      // presentation.cpp
      &mc_presentations,
  });
}

}  // namespace tv::host::claims
