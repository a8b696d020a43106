// What each operator and function of the expression language computes on single values:
// the one definition of its semantics, which the evaluator (evaluate.hpp) calls for a
// single value, node by node where a column has no faster loop, and to explain a failure.
#pragma once
#include "kernels/expr/ast.hpp"
#include "kernels/expr/exact.hpp"

namespace tv::expr {

/// @brief Node `i` of `e` (a unary, binary or call node, not a reduction) on its
/// operands' values `args` (one per e.at(i).args, of their static types); the result has
/// the node's static scalar type.  && || and if take all their operands here: skipping
/// the one not needed is the evaluator's business.  Raises expr_error at the node's column
/// on an overflow, a division by zero or an argument outside a function's domain.
value apply(const expression& e, int i, const value* args);

}  // namespace tv::expr
