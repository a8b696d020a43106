// What the section files of papers/001 (host/claims/efc/) share: the instance's order, the
// four blocks of Definitions 1 and 2, the claims' source line, and each section's list of
// claims, which catalog.cpp gathers in the order of CLAIMS.md section E.
#pragma once
#include <string>
#include <vector>

#include "host/claims/claim.hpp"

namespace tv::host::claims::efc_sections {

/// @brief The order n of the instance's EFC_n.
inline int order_of(claim_env& env) { return env.as<families::enhanced_fibonacci_cube>()->order; }

/// One term of Definition 1 (and of Definition 2's tree): prefix || EFC_sub.
struct block {
  uint64_t prefix;
  int length;  // prefix bits
  int sub;     // order of the sub-EFC
  const char* name;
};

/// @brief The four terms 00||EFC_{n-2}, 10||EFC_{n-2}, 0100||EFC_{n-4}, 0101||EFC_{n-4}.
inline std::vector<block> blocks_of(int n) {
  return {{0b00, 2, n - 2, "00"}, {0b10, 2, n - 2, "10"}, {0b0100, 4, n - 4, "0100"},
          {0b0101, 4, n - 4, "0101"}};
}

/// @brief A claim's source: the paper and the place in it.
inline std::string source(const std::string& where) {
  return "papers/001 (Qian, Wu: Unicast, Multicast, and Broadcast in EFCs), " + where;
}

std::vector<claim_spec> cube_claims();       // cube.cpp: Definition 1, Properties 1-6
std::vector<claim_spec> tree_claims();       // tree.cpp: Definition 2, Properties 7-12
std::vector<claim_spec> unicast_claims();    // unicast.cpp: Section 3.1
std::vector<claim_spec> broadcast_claims();  // broadcast.cpp: Section 3.2
std::vector<claim_spec> multicast_claims();  // multicast.cpp: Section 3.3

}  // namespace tv::host::claims::efc_sections
