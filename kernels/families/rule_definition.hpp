// A family written as rules, from its text to its instances (issue 32; the syntax is in
// docs/own-networks.md).  rule_definition parses and type-checks every expression with
// the expression language (kernels/expr/) and lowers it to a program (rule_program.hpp)
// once per run; instantiate() gives the rule_family of one choice of parameters: the
// parameters folded into the program, the member labels enumerated when the rule has a
// predicate.  Errors name the rule's part ("member", "neighbors[1]") and the column.
//
//   rule_text t;
//   t.name = "fibonacci";
//   t.parameters = {{"n", 1, 40}};
//   t.member = "x & (x >> 1) == 0";
//   t.neighbors = {"x ^ (1 << i)"};
//   const rule_definition fib(t);
//   rule_instance g = fib.instantiate({10});   // g.net.size() == 144
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/families/rule_family.hpp"

namespace tv::families {

/// A rule family as its user wrote it.
struct rule_text {
  struct parameter {
    std::string name;
    int64_t lo = 0, hi = 0;  // the values an instance may take, inclusive
  };
  std::string name;
  std::vector<parameter> parameters;
  std::string bits = "n";               // the label width, from the parameters
  std::string member;                   // the membership predicate of x; empty: every label
  std::vector<std::string> neighbors;   // each of x (and i: one per dimension)
};

/// The largest label width a rule with a membership predicate may have: its instance
/// enumerates all 2^bits labels once (about 1 ns a label on one core for a short predicate).
inline constexpr int rule_max_enumerated_bits = 40;

/// An error in a rule: a problem of its text (found by the constructor), or of its values
/// (an instance's bits out of range, an evaluation error at a label).  what() reads
/// "neighbors[0], column 12: unknown name 'y' (did you mean: x?)".
class rule_error : public std::invalid_argument {
 public:
  rule_error(std::string part, int column, const std::string& message);
  /// "bits", "member", "neighbors[1]", or "" for the rule as a whole.
  const std::string& part() const { return part_; }
  /// 1-based column in that part's text; 0 when the error is about no column.
  int column() const { return column_; }

 private:
  std::string part_;
  int column_;
};

/// One instance of a rule family: the family, and the tables and texts it points to (keep
/// `storage` while the family is in use).
struct rule_instance {
  rule_family net;
  std::shared_ptr<const void> storage;
};

/// How an instance with a member predicate ranks its members (rule_family.hpp).
/// `automatic`: the bit-count directory when it takes no more memory than the search's
/// directory would, or under 64 MiB, and the labels' answers were kept
/// (rule_members.hpp); the others force a way, for tests (bit_count falls back to the
/// search when the answers were not kept).
enum class rule_ranking { automatic, bit_count, search };

class rule_definition {
 public:
  /// @brief Parses, type-checks and lowers every expression; rule_error on the first
  /// problem: a syntax error, an unknown name (with the nearest names), a type error, a
  /// function rules do not have, a parameter named twice or with an empty range.
  explicit rule_definition(rule_text text);

  const rule_text& text() const;

  /// @brief The family for parameter values given in the order of text().parameters.
  /// rule_error when a value is outside its range, bits is not 1..63 (1..40 with a
  /// predicate), a label has more than 64 neighbour values, no label is a member, or an
  /// expression fails to evaluate where only the parameters are read or at a label the
  /// predicate is evaluated on; core::too_large when the member table does not fit.
  rule_instance instantiate(const std::vector<int64_t>& values,
                            rule_ranking ranking = rule_ranking::automatic) const;

  /// @brief 16 hex digits that change with any of the rule's texts: what an instance's
  /// records depend on besides its parameters.
  std::string digest() const;

  struct lowered;  // rule_lowering.hpp

 private:
  std::shared_ptr<const lowered> impl_;
};

/// @brief The first neighbour evaluation error of f, if its engines met one: "rule family
/// 'mobius' (n=40), neighbors[0] at x = 1011 (i = 3): column 14: '2 << i': 2 << 63 does
/// not fit 64 bits"; nothing when none happened.  graph::build_csr and
/// graph::count_degrees raise it.
std::optional<std::string> rule_failure(const rule_family& f);

}  // namespace tv::families
