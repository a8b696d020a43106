// The claims of papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced
// Fibonacci Cubes"); `topoverify claims` lists them: what the files of this folder share, one file
// per section of the paper (cube.cpp: Section 2's cube, Definition 1 and Properties 1-6;
// tree.cpp: Section 2's tree, Definition 2 and Properties 7-12; unicast.cpp: 3.1;
// broadcast.cpp: 3.2; multicast.cpp: 3.3), and the claims' logic (claim_logic) that
// catalog.cpp binds to catalog.toml.
#pragma once
#include <string>
#include <vector>

#include "host/claims/claim.hpp"
#include "kernels/sim/trees.hpp"

namespace tv::host::claims::efc {

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

// Section 2, the cube (cube.cpp): Definition 1's sets and order, Properties 1-6.
extern const claim_logic efc_count, efc_gray, efc_p1, efc_p2, efc_p3, efc_p4, efc_p5, efc_p6;

// Section 2, the tree (tree.cpp): Definition 2's EFT_n, Properties 7-12.
extern const claim_logic eft_p7, eft_p7_alt, eft_p8, eft_p9, eft_p9_alt, eft_p10, eft_p11,
    eft_p11_alt, eft_p12;

// Section 3.1, unicast (unicast.cpp): the algorithm and Theorem 1.
extern const claim_logic efc_unicast;

// Section 3.2, broadcast (broadcast.cpp): Lemma 1, Theorem 2, Figure 3.
extern const claim_logic efc_broadcast_lemma1, efc_broadcast_lemma1_alt, efc_broadcast_thm2,
    efc_broadcast_thm2_alt, efc_broadcast_fig3;

// Section 3.3, multicast (multicast.cpp): the two heuristics.
extern const claim_logic efc_multicast;

}  // namespace tv::host::claims::efc
