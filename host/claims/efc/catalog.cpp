// papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced Fibonacci
// Cubes").  The words of each claim are data, in catalog.toml
// beside this file (embedded at build time); the code of each is its claim_logic, defined
// next to its check in the file of its paper section (sections.hpp lists them).  This file
// binds the two by id.
#include "host/claims/catalog_file.hpp"
#include "host/claims/catalog_texts.hpp"
#include "host/claims/efc/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> efc_claims() {
  using namespace efc;
  return bind_catalog(catalog_texts::efc, "host/claims/efc/catalog.toml", {
      // broadcast.cpp
      &efc_broadcast_lemma1, &efc_broadcast_lemma1_alt, &efc_broadcast_thm2,
      &efc_broadcast_thm2_alt, &efc_broadcast_fig3,
      // cube.cpp
      &efc_count, &efc_gray, &efc_p1, &efc_p2, &efc_p3, &efc_p4, &efc_p5, &efc_p6,
      // multicast.cpp
      &efc_multicast,
      // tree.cpp
      &eft_p7, &eft_p7_alt, &eft_p8, &eft_p9, &eft_p9_alt, &eft_p10, &eft_p11, &eft_p11_alt,
      &eft_p12,
      // unicast.cpp
      &efc_unicast,
  });
}

}  // namespace tv::host::claims
