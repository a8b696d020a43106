// The claims of papers/001 (H. Qian, J. Wu, "Unicast, Multicast, and Broadcast in Enhanced
// Fibonacci Cubes"), section E of CLAIMS.md: what the files of this folder share, one file
// per section of the paper (cube.cpp: Section 2's cube, Definition 1 and Properties 1-6;
// tree.cpp: Section 2's tree, Definition 2 and Properties 7-12; unicast.cpp: 3.1;
// broadcast.cpp: 3.2; multicast.cpp: 3.3), and the checks catalog.cpp lists.
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
void check_count(claim_env& env, claim_result& r);
std::string explain_count(const failure_view& f);
void check_gray(claim_env& env, claim_result& r);
std::string explain_gray(const failure_view& f);
void check_p1(claim_env& env, claim_result& r);
std::string explain_p1(const failure_view& f);
void check_p2(claim_env& env, claim_result& r);
void check_p3(claim_env& env, claim_result& r);
std::string explain_p3(const failure_view& f);
void check_p4(claim_env& env, claim_result& r);
std::string explain_p4(const failure_view& f);
void check_p5(claim_env& env, claim_result& r);
std::string explain_p5(const failure_view& f);
void check_p6(claim_env& env, claim_result& r);
std::string explain_p6(const failure_view& f);

// Section 2, the tree (tree.cpp): Definition 2's EFT_n, Properties 7-12.
void check_p7(claim_env& env, claim_result& r, sim::eft_reading reading);
std::string explain_p7(const failure_view& f);
void check_p8(claim_env& env, claim_result& r);
std::string explain_p8(const failure_view& f);
void check_p9(claim_env& env, claim_result& r, bool diameter_reading);
std::string explain_p9(const failure_view& f);
void check_p10(claim_env& env, claim_result& r);
std::string explain_p10(const failure_view& f);
void check_p11(claim_env& env, claim_result& r, bool from_right);
std::string explain_p11(const failure_view& f);
void check_p12(claim_env& env, claim_result& r);
std::string explain_p12(const failure_view& f);

// Section 3.1, unicast (unicast.cpp): the algorithm and Theorem 1.
void check_unicast(claim_env& env, claim_result& r);
std::string explain_unicast(const failure_view& f);

// Section 3.2, broadcast (broadcast.cpp): Lemma 1, Theorem 2, Figure 3.
void check_lemma1(claim_env& env, claim_result& r, bool per_source);
std::string explain_lemma1(const failure_view& f);
void check_thm2(claim_env& env, claim_result& r, bool worst_case);
std::string explain_broadcast_thm2(const failure_view& f);
void check_fig3(claim_env& env, claim_result& r);
std::string explain_fig3(const failure_view& f);

// Section 3.3, multicast (multicast.cpp): the two heuristics.
void check_multicast(claim_env& env, claim_result& r);
std::string explain_multicast(const failure_view& f);

}  // namespace tv::host::claims::efc
