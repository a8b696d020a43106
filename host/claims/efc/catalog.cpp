// Claims of papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced
// Fibonacci Cubes"), section E of CLAIMS.md, gathered from the files of its sections: the
// cube (Section 2, Properties 1-6), the tree (Section 2, Properties 7-12), unicast (3.1),
// broadcast (3.2) and multicast (3.3).
#include "host/claims/efc/sections.hpp"
#include "host/claims/registry.hpp"

namespace tv::host::claims {

std::vector<claim_spec> efc_claims() {
  std::vector<claim_spec> all;
  for (auto section : {efc_sections::cube_claims, efc_sections::tree_claims, efc_sections::unicast_claims,
                       efc_sections::broadcast_claims, efc_sections::multicast_claims}) {
    std::vector<claim_spec> claims = section();
    all.insert(all.end(), std::make_move_iterator(claims.begin()), std::make_move_iterator(claims.end()));
  }
  return all;
}

}  // namespace tv::host::claims
