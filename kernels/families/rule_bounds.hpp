// What a rule family's predicate can give over a whole block of labels at once, so that the
// member enumeration (rule_members.cpp) decides whole blocks without trying their labels one
// by one: the block [first, first + 2^free_bits) is x with its high bits known and its low
// bits free, and each operation of the program is run on what is known of its operands
// (abstract interpretation): which bits are known 0 or 1, a signed interval, and whether
// any label of the block may fail there.  Every operation's answer holds for every label of
// the block whose register is not poisoned (a poisoned value reaches no unpoisoned result:
// rule_program.hpp), so a predicate known false and unfailing over the block has no member
// there, and one known true makes them all members.  Nothing here knows any one rule: an
// operation whose answer it cannot bound says "anything, and it may fail", and the block
// is then split or tried label by label.  Host code (the CPU's enumeration only).
#pragma once
#include <cstdint>

#include "kernels/families/rule_program.hpp"

namespace tv::families {

/// What is known of one register over a block of labels.
struct rule_bound {
  uint64_t zero = 0, one = 0;  // bits known to be 0, known to be 1
  int64_t lo = INT64_MIN, hi = INT64_MAX;
  bool may_fail = true;  // some label of the block may poison it
};

/// A predicate over a block: false at every label without an error, true at every label
/// without an error, or neither known.
enum class rule_block_verdict : uint8_t { none, all, undecided };

/// @brief Runs predicate e (it reads x, not i) on the block [first, first + 2^free_bits)
/// (first a multiple of 2^free_bits, free_bits 0 to 62) into out[0 .. e.count), one bound
/// per register.
void rule_bound_block(const rule_program& p, const rule_expression& e, uint64_t first, int free_bits,
                      rule_bound* out);

/// @brief The predicate's verdict over the block (rule_bound_block's last register).
rule_block_verdict rule_decide_block(const rule_program& p, const rule_expression& e, uint64_t first,
                                     int free_bits);

}  // namespace tv::families
