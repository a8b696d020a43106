// Internal to the rule family's files (rule_definition.cpp, rule_lowering.cpp): one
// expression of a rule parsed, checked and lowered to operations (rule_program.hpp), and
// the explanation of a failed evaluation in the user's terms.  The only place outside
// kernels/expr/ that reads the expression language's tree.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/expr/ast.hpp"
#include "kernels/families/rule_definition.hpp"
#include "kernels/families/rule_program.hpp"

namespace tv::families {

/// What an expression may read besides the rule's parameters.
enum class rule_reads { parameters, label, label_and_dimension };

/// One expression of a rule, lowered once per run.  Operations are in SSA order (operand
/// registers precede); a `parameter` operation's k is the parameter's index, a
/// `constant`'s its index in `constants`.  Unused operands repeat `a`.
struct lowered_expression {
  std::string part;  // "bits", "member", "neighbors[0]"
  expr::expression tree;
  std::vector<rule_op> ops;
  std::vector<int> op_node;  // the tree node each operation computes, for messages
  std::vector<int64_t> constants;
  bool reads_dimension = false;
  bool flips_one_bit = false;  // x ^ (1 << E): the value differs from x in one bit
  bool flips_dimension = false;  // x ^ (1 << i) exactly
  bool involution = false;  // x ^ M with M not reading x: y = x ^ M gives x = y ^ M back
};

/// @brief Parses `text` as part `part` of rule `rule` (its names: the parameters, then x
/// and i as `reads` allows) and lowers it; `want` is the type its value must have.
/// rule_error at the column of the first problem.
lowered_expression lower_expression(const rule_text& rule, const std::string& part, const std::string& text,
                                    rule_reads reads, expr::scalar want);

/// An expression of one instance, ready to run: its parameters are constants, every
/// operation whose operands are all constants has been computed (unless it fails: an error
/// counts only where the value is used), unreachable operations are gone, and those that
/// do not read i come first.
struct instance_expression {
  std::vector<rule_op> ops;  // constants' k index `constants`
  std::vector<int> op_node;
  std::vector<int64_t> constants;
  int invariant = 0;
  bool fails_everywhere = false;  // an operation every evaluation runs fails on constants
};

/// @brief e for parameter values `values` (in the rule's order).
instance_expression specialize(const lowered_expression& e, const std::vector<int64_t>& values);

/// @brief Why expression e of program p fails for label x and dimension i (it must fail):
/// "column 14: '2 << i': 2 << 63 does not fit 64 bits".
std::string explain_failure(const rule_program& p, const rule_expression& e, const std::vector<int>& op_node,
                            const expr::expression& tree, uint64_t x, int64_t i);

}  // namespace tv::families
