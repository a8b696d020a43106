// Names of the syntax tree's types, operators and functions, and the two questions a
// caller asks of a tree (see ast.hpp).
#include "kernels/expr/ast.hpp"

#include <algorithm>

namespace tv::expr {

const char* scalar_name(scalar s) {
  switch (s) {
    case scalar::integer: return "integer";
    case scalar::rational: return "rational";
    case scalar::real: return "float";
    case scalar::boolean: return "bool";
  }
  return "?";
}

std::string type_name(value_type t) {
  return std::string(t.per_node ? "per-node " : "") + scalar_name(t.s);
}

const char* op_text(op o) {
  switch (o) {
    case op::add: return "+";
    case op::sub: return "-";
    case op::mul: return "*";
    case op::div: return "/";
    case op::mod: return "%";
    case op::neg: return "-";
    case op::eq: return "==";
    case op::ne: return "!=";
    case op::lt: return "<";
    case op::le: return "<=";
    case op::gt: return ">";
    case op::ge: return ">=";
    case op::logical_and: return "&&";
    case op::logical_or: return "||";
    case op::logical_not: return "!";
    case op::bit_and: return "&";
    case op::bit_or: return "|";
    case op::bit_xor: return "^";
    case op::bit_not: return "~";
    case op::shl: return "<<";
    case op::shr: return ">>";
  }
  return "?";
}

const char* builtin_name(builtin f) {
  switch (f) {
    case builtin::ceil: case builtin::ceil_log2: case builtin::ceil_sqrt: return "ceil";
    case builtin::floor: case builtin::floor_log2: case builtin::floor_sqrt: return "floor";
    case builtin::log2: return "log2";
    case builtin::sqrt: return "sqrt";
    case builtin::min: case builtin::min_over: return "min";
    case builtin::max: case builtin::max_over: return "max";
    case builtin::abs: return "abs";
    case builtin::gcd: return "gcd";
    case builtin::binomial: return "binomial";
    case builtin::fib: return "fib";
    case builtin::pow: return "pow";
    case builtin::if_: return "if";
    case builtin::bit: return "bit";
    case builtin::popcount: return "popcount";
    case builtin::all: return "all";
    case builtin::any: return "any";
    case builtin::count: return "count";
    case builtin::sum: return "sum";
  }
  return "?";
}

std::string expression::text_of(int i) const {
  const node& n = at(i);
  const size_t from = static_cast<size_t>(std::max(1, n.column) - 1);
  const size_t to = std::min(text.size(), static_cast<size_t>(std::max(n.column, n.end_column) - 1));
  return from < to ? text.substr(from, to - from) : std::string();
}

std::vector<int> expression::names_read() const {
  std::vector<int> ids;
  std::vector<int> stack = {root};
  std::vector<int> order;  // reachable nodes, pre-order
  while (!stack.empty()) {
    const int i = stack.back();
    stack.pop_back();
    order.push_back(i);
    const auto& a = at(i).args;
    for (auto it = a.rbegin(); it != a.rend(); ++it) stack.push_back(*it);
  }
  for (int i : order)
    if (at(i).kind == node_kind::name && std::find(ids.begin(), ids.end(), at(i).name_id) == ids.end())
      ids.push_back(at(i).name_id);
  return ids;
}

}  // namespace tv::expr
