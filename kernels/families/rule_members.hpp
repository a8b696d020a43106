// The member labels of a rule family with a predicate: all 2^bits labels tried once (up to
// rule_kept_answer_bits; twice above, counted and then listed, so that an instance too
// large is refused before its list is made), on the CPU's cores, 64 labels at a time
// through each operation (rule_program.hpp's semantics, lane by lane), so the
// interpreter's dispatch costs once per 64 labels.
// Internal to rule_definition.cpp.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/families/rule_program.hpp"

namespace tv::families {

/// The labels [0, 2^bits) that predicate `e` of program `p` accepts, counted.
struct member_count {
  uint64_t members = 0;
  uint64_t first_failure = ~uint64_t{0};  // smallest label where the predicate failed
  std::vector<uint64_t> chunk_start;      // [c] = members in the chunks before chunk c
  std::vector<uint64_t> accepted;         // bit x: label x is a member (when kept)
};

/// Labels up to which count_members keeps each label's answer (2^bits / 8 bytes, 128 MiB
/// at most), so that list_members reads it instead of evaluating the predicate again.
inline constexpr int rule_kept_answer_bits = 30;

/// @brief Counts the members (one pass over the labels), keeping every label's answer
/// when bits <= rule_kept_answer_bits.
member_count count_members(const rule_program& p, const rule_expression& e, int bits);

/// @brief Writes the members in increasing order to out (room for `counted.members`):
/// from the kept answers, or a second pass over the labels.  With the kept answers and
/// member_words (room for 1.5 words per kept word), also the bit-count directory there
/// (rule_family.hpp): [w] = kept word w, then after the W kept words, W 32-bit counts
/// (kept answers mean at most 2^30 labels): the members below label 64 w.
void list_members(const rule_program& p, const rule_expression& e, int bits, const member_count& counted,
                  uint64_t* out, uint64_t* member_words = nullptr);

}  // namespace tv::families
