// papers/003 (M.-B. Lin, M.-H. Bai, binary directed de Bruijn networks).
// The words of each claim are data, in catalog.toml beside this file (embedded
// at build time); the code of each is its claim_logic, defined next to its check in the
// file of its paper section (sections.hpp lists them).  This file binds the two by id.
#include "host/claims/catalog_file.hpp"
#include "host/claims/catalog_texts.hpp"
#include "host/claims/debruijn/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> debruijn_claims() {
  using namespace db;
  return bind_catalog(catalog_texts::debruijn, "host/claims/debruijn/catalog.toml", {
      // all_to_all.cpp
      &db_alltoall_thm3, &db_alltoall_thm4,
      // one_to_all.cpp
      &db_thm1, &db_thm2, &db_cor1, &db_fig2,
      // preliminaries.cpp
      &db_def, &db_lemma1, &db_lemma2, &db_lemma3,
  });
}

}  // namespace tv::host::claims
