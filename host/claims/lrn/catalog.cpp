// papers/004 (W.-J. Hsu, M. J. Chung, A. Das, linear recursive networks).
// The words of each claim are data, in catalog.toml beside this file (embedded
// at build time); the code of each is its claim_logic, defined next to its check in the
// file of its paper section (sections.hpp lists them).  This file binds the two by id.
#include "host/claims/catalog_file.hpp"
#include "host/claims/catalog_texts.hpp"
#include "host/claims/lrn/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> lrn_claims() {
  using namespace lrn;
  return bind_catalog(catalog_texts::lrn, "host/claims/lrn/catalog.toml", {
      // basic_properties.cpp
      &lrn_degree, &lrn_edges, &lrn_connected, &lrn_distance_bound,
      // broadcast.cpp
      &lrn_binomial_tree, &lrn_broadcast, &lrn_broadcast_alt,
      // congruent.cpp
      &lrn_clrn, &lrn_disjoint_paths,
  });
}

}  // namespace tv::host::claims
