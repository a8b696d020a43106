// The expression language's syntax tree (issue 32): what `parse` (parser.hpp) hands back
// after it has resolved every name and checked every type.  Two users read it: claims
// written as expressions (host/claims/, evaluated by evaluate.hpp) and families written
// as rules (kernels/families/, which lower it to a flat program of their own).  So the
// tree is plain data: a flat vector of nodes that refer to their operands by index, each
// node with its kind, its operator or function, its resolved name, its static type and
// the column it starts at.
//
// The language (docs/own-theorems.md is the user's page):
//   literals    42  0x2a  0b101010  2.5  1e3  true  false
//   names       resolved against the caller's table (name_table, names.hpp); may hold
//               dots: metrics.effective_diameter_90
//   operators   lowest to highest precedence (Python's order, so x & 1 == 0 is
//               (x & 1) == 0):
//                 ||    &&    == != < <= > >= (not chained)    |    ^    &
//                 << >>    + -    * / %    unary - ~ !
//   functions   builtin_name() below; calls are name(arg, ...)
// Types: integer (int64, every operation exact: an overflow is an error, never a wrapped
// value), rational (int64 over int64, exact), float (IEEE double), bool; each either one
// value or one value per node (per_node).  `/` of integers or rationals is exact rational,
// so ceil(n/2) is exact; a float appears only from a float literal, a float name
// (average_distance, ...), log2 or sqrt whose result is not taken by ceil or floor at
// once, or pow with a float or negative exponent; an operation with a float operand is float.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tv::expr {

/// The scalar types, in promotion order (an integer meets a rational as a rational, either
/// meets a float as a float); boolean never promotes.
enum class scalar { integer, rational, real, boolean };

/// A static type: one value, or one value per node of the instance.
struct value_type {
  scalar s = scalar::integer;
  bool per_node = false;
  friend bool operator==(const value_type& a, const value_type& b) {
    return a.s == b.s && a.per_node == b.per_node;
  }
  friend bool operator!=(const value_type& a, const value_type& b) { return !(a == b); }
};

/// @brief "integer", "rational", "float", "bool"; "per-node integer" etc. for vectors.
std::string type_name(value_type t);
const char* scalar_name(scalar s);

enum class node_kind {
  integer_literal,  // node::integer
  real_literal,     // node::real
  bool_literal,     // node::boolean
  name,             // node::name_id, an index into the caller's name_table
  unary,            // node::op, args[0]
  binary,           // node::op, args[0] op args[1]
  call,             // node::fn, args
};

enum class op {
  // arithmetic
  add, sub, mul, div, mod, neg,
  // comparisons
  eq, ne, lt, le, gt, ge,
  // logic (&& and || evaluate their right side only when needed)
  logical_and, logical_or, logical_not,
  // bits of integers (two's complement, 64 bits)
  bit_and, bit_or, bit_xor, bit_not, shl, shr,
};

/// @brief The operator as written: "+", "<=", "&&", "~", ...
const char* op_text(op o);

enum class builtin {
  // numbers
  ceil, floor, log2, sqrt, min, max, abs, gcd, binomial, fib, pow,
  // choice and bits
  if_, bit, popcount,
  // reductions of a per-node value to one value (min and max of one per-node argument
  // are resolved to min_over / max_over by the type checker)
  all, any, count, sum, min_over, max_over,
  // exact integer parts, produced by the type checker: ceil(log2(x)), floor(log2(x)),
  // ceil(sqrt(x)) and floor(sqrt(x)) of an exact x (args[0] is x itself)
  ceil_log2, floor_log2, ceil_sqrt, floor_sqrt,
};

/// @brief The function's name as the user writes it ("if" for if_, "min" for min_over,
/// "ceil(log2" for ceil_log2 is never shown: messages name the node's own text).
const char* builtin_name(builtin f);

struct node {
  node_kind kind = node_kind::integer_literal;
  int column = 1;         // 1-based column of the node's first character in the text
  int end_column = 1;     // 1-based column just past its last character
  value_type type;        // set by the type checker
  int64_t integer = 0;    // integer_literal
  double real = 0;        // real_literal
  bool boolean = false;   // bool_literal
  int name_id = -1;       // name: index into the name_table given to parse
  op oper = op::add;      // unary, binary
  builtin fn = builtin::ceil;  // call
  std::vector<int> args;  // operands, indices into expression::nodes
};

/// A parsed, resolved and type-checked expression.  Operands precede their node in
/// `nodes`, so a loop from 0 to nodes.size() meets every operand first; walk from `root`,
/// though: a node the type checker folded into its parent (the log2 of ceil(log2(x)))
/// stays in the vector, unreachable.
struct expression {
  std::string text;         // as the user wrote it
  std::vector<node> nodes;
  int root = -1;
  /// @brief The source text of node i ("ceil(n/2)"), for messages and witnesses.
  std::string text_of(int i) const;
  /// @brief The names (name_ids) the expression reads, each once, in order of first use.
  std::vector<int> names_read() const;
  const node& at(int i) const { return nodes[static_cast<size_t>(i)]; }
  value_type type() const { return at(root).type; }
};

}  // namespace tv::expr
