// The papers' own definitions and formulas as the claims use them, written from the
// printed text (one implementation each, in the paper's claim file), exposed so the
// tests can compare them with brute force.  Labels are integers whose most significant
// of `width` bits is the paper's leftmost character.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tv::host::claims {

// ---- papers/000: postal networks (postal/definitions.cpp) ---------------------------------

/// @brief V_lambda(n) by Definition 1's recursion (base: 0^n and the weight-one strings for
/// 1 <= n <= lambda), in generation order.
std::vector<uint64_t> pn_definition1(int lambda, int n);

/// @brief Theorem 7's set: every n-bit string whose 1-bits are at least lambda positions
/// apart, by brute force over all 2^n strings (ascending).
std::vector<uint64_t> pn_theorem7(int lambda, int n);

/// @brief The Fibonacci cube's vertex set as papers/000 Theorem 1 prints it (Hsu): V(2) =
/// {empty string}, V(3) = {0, 1}, V(k) = 0||V(k-1) u 10||V(k-2); labels of order-2 bits.
std::vector<uint64_t> fibonacci_cube_hsu(int order);

/// @brief distance_1 of Section 4: the least distance between two 1-bits (a large value,
/// standing for infinity, when there is at most one).
int distance_1(uint64_t x);
inline constexpr int distance_1_infinite = 1 << 20;

/// @brief Theorem 3's diameter formula.
long long pn_diameter_formula(int lambda, int n);

/// @brief Theorem 4's recurrences N_lambda(n) and L_lambda(n) (saturating at 2^64-1).
uint64_t pn_nodes_recurrence(int lambda, int n);
uint64_t pn_links_recurrence(int lambda, int n);

// ---- papers/001: enhanced Fibonacci cubes (efc/cube.cpp) ----------------------------------
// (EFT_n, Definition 2, is the simulators' tree: sim::eft_parent in kernels/sim/trees.hpp.)

/// @brief V_n in the order of Definition 1: the printed V_3..V_6, and for n > 6 the four
/// terms 00||V_{n-2}, 10||V_{n-2}, 0100||V_{n-4}, 0101||V_{n-4} in that order, each list
/// in its own Definition 1 order.  Labels of n-2 bits.
std::vector<uint64_t> efc_definition1(int n);

// ---- papers/003: de Bruijn networks (debruijn/preliminaries.cpp) --------------------------

/// @brief Lemma 1's D(X, Y) = k - c, c the longest suffix of X that is a prefix of Y.
int db_lemma1_distance(uint64_t x, uint64_t y, int k);

// ---- papers/004: linear recursive networks (lrn/definition.cpp) ---------------------------

/// @brief Whether a seed set is one the paper names as a congruent LRN: the hypercube
/// {0, 1} or the generalized Fibonacci cubes {0, 10, ..., 1^(k-1)0}.
bool named_clrn_seeds(std::vector<std::string> seeds);

}  // namespace tv::host::claims
