// The type checker (parser.hpp): every node's type from its operands', in one pass over
// the nodes (operands come first), with an expr_error at the column of the first node
// whose operands do not fit.  The rules (ast.hpp has the language):
//   numbers promote integer -> rational -> float; / of exact numbers is rational;
//   % and the bit operators take integers; && || ! take bools; comparisons give bools;
//   a per-node operand makes the result per-node; all any count sum, and min / max of one
//   argument, take a per-node value and give one value.
#include <string>

#include "kernels/expr/parser.hpp"

namespace tv::expr {

namespace {

bool numeric(scalar s) { return s != scalar::boolean; }
bool exact(scalar s) { return s == scalar::integer || s == scalar::rational; }
scalar promote(scalar a, scalar b) { return static_cast<int>(a) > static_cast<int>(b) ? a : b; }

class checker {
 public:
  checker(expression& e, const name_table& names) : e_(e), names_(names) {}

  void run() {
    for (size_t i = 0; i < e_.nodes.size(); ++i) check(e_.nodes[i]);
  }

 private:
  value_type type_of(int i) const { return e_.at(i).type; }

  [[noreturn]] void fail(int arg, const std::string& what) const {
    throw expr_error(e_.at(arg).column, what);
  }

  /// "'n/2' is a rational" style description of an operand.
  std::string is_a(int arg) const {
    return "'" + e_.text_of(arg) + "' is " + (type_of(arg).per_node ? "a " : "") + type_name(type_of(arg));
  }

  void need_numeric(int arg, const std::string& who) const {
    if (!numeric(type_of(arg).s)) fail(arg, who + " takes numbers, but " + is_a(arg));
  }
  void need_integer(int arg, const std::string& who) const {
    if (type_of(arg).s != scalar::integer)
      fail(arg, who + " takes integers, but " + is_a(arg) +
                    (exact(type_of(arg).s) ? " (take floor(...) or ceil(...) of it)" : ""));
  }
  void need_bool(int arg, const std::string& who) const {
    if (type_of(arg).s != scalar::boolean) fail(arg, who + " takes conditions (bools), but " + is_a(arg));
  }
  void need_per_node(int arg, const std::string& who) const {
    if (!type_of(arg).per_node)
      fail(arg, who + " takes a per-node value such as degree or eccentricity, but " + is_a(arg));
  }

  bool any_per_node(const node& n) const {
    for (int a : n.args)
      if (type_of(a).per_node) return true;
    return false;
  }

  void check(node& n) {
    switch (n.kind) {
      case node_kind::integer_literal: n.type = {scalar::integer, false}; return;
      case node_kind::real_literal: n.type = {scalar::real, false}; return;
      case node_kind::bool_literal: n.type = {scalar::boolean, false}; return;
      case node_kind::name: n.type = names_.at(n.name_id).type; return;
      case node_kind::unary: unary(n); return;
      case node_kind::binary: binary(n); return;
      case node_kind::call: call(n); return;
    }
  }

  void unary(node& n) {
    const int a = n.args[0];
    const std::string who = std::string("'") + op_text(n.oper) + "'";
    if (n.oper == op::neg) need_numeric(a, who);
    else if (n.oper == op::bit_not) need_integer(a, who);
    else need_bool(a, who);
    n.type = type_of(a);
  }

  void binary(node& n) {
    const int a = n.args[0], b = n.args[1];
    const std::string who = std::string("'") + op_text(n.oper) + "'";
    const bool per_node = any_per_node(n);
    switch (n.oper) {
      case op::add: case op::sub: case op::mul:
        need_numeric(a, who);
        need_numeric(b, who);
        n.type = {promote(type_of(a).s, type_of(b).s), per_node};
        return;
      case op::div:
        need_numeric(a, who);
        need_numeric(b, who);
        n.type = {exact(type_of(a).s) && exact(type_of(b).s) ? scalar::rational : scalar::real, per_node};
        return;
      case op::mod: case op::bit_and: case op::bit_or: case op::bit_xor: case op::shl: case op::shr:
        need_integer(a, who);
        need_integer(b, who);
        n.type = {scalar::integer, per_node};
        return;
      case op::eq: case op::ne:
        if (type_of(a).s == scalar::boolean || type_of(b).s == scalar::boolean) {
          if (type_of(a).s != type_of(b).s)
            throw expr_error(n.column, who + " compares a bool with a number: " + is_a(a) + ", " + is_a(b));
        }
        n.type = {scalar::boolean, per_node};
        return;
      case op::lt: case op::le: case op::gt: case op::ge:
        need_numeric(a, who);
        need_numeric(b, who);
        n.type = {scalar::boolean, per_node};
        return;
      case op::logical_and: case op::logical_or:
        need_bool(a, who);
        need_bool(b, who);
        n.type = {scalar::boolean, per_node};
        return;
      default:
        throw expr_error(n.column, std::string("'") + op_text(n.oper) + "' is not a binary operator");
    }
  }

  void call(node& n) {
    const std::string who = builtin_name(n.fn);
    const bool per_node = any_per_node(n);
    const auto& args = n.args;
    switch (n.fn) {
      case builtin::ceil: case builtin::floor: {
        const int a = args[0];
        need_numeric(a, who);
        const node& inner = e_.at(a);
        // ceil(log2(x)) and floor(sqrt(x)) of an exact x are exact integers: fold them.
        if (inner.kind == node_kind::call && (inner.fn == builtin::log2 || inner.fn == builtin::sqrt) &&
            exact(type_of(inner.args[0]).s)) {
          const bool up = n.fn == builtin::ceil;
          n.fn = inner.fn == builtin::log2 ? (up ? builtin::ceil_log2 : builtin::floor_log2)
                                           : (up ? builtin::ceil_sqrt : builtin::floor_sqrt);
          n.args = {inner.args[0]};
        }
        n.type = {scalar::integer, per_node};
        return;
      }
      case builtin::log2: case builtin::sqrt:
        need_numeric(args[0], who);
        n.type = {scalar::real, per_node};
        return;
      case builtin::abs:
        need_numeric(args[0], who);
        n.type = type_of(args[0]);
        return;
      case builtin::min: case builtin::max: {
        if (args.size() == 1) {
          need_per_node(args[0], who + " of one argument");
          need_numeric(args[0], who);
          n.fn = n.fn == builtin::min ? builtin::min_over : builtin::max_over;
          n.type = {type_of(args[0]).s, false};
          return;
        }
        scalar s = scalar::integer;
        for (int a : args) {
          need_numeric(a, who);
          s = promote(s, type_of(a).s);
        }
        n.type = {s, per_node};
        return;
      }
      case builtin::gcd: case builtin::binomial: case builtin::bit: case builtin::fib: case builtin::popcount:
        for (int a : args) need_integer(a, who);  // the parser has checked their number
        n.type = {scalar::integer, per_node};
        return;
      case builtin::pow: {
        need_numeric(args[0], who);
        need_numeric(args[1], who);
        const scalar base = type_of(args[0]).s, exponent = type_of(args[1]).s;
        // An exact base to an integer power stays exact (a negative power of an integer
        // is refused when it is met: write 1 / pow(a, k)); anything else is float.
        n.type = {exponent == scalar::integer && exact(base) ? base : scalar::real, per_node};
        return;
      }
      case builtin::if_: {
        need_bool(args[0], who);
        const scalar a = type_of(args[1]).s, b = type_of(args[2]).s;
        if ((a == scalar::boolean) != (b == scalar::boolean))
          fail(args[2], "if's two choices must both be numbers or both be conditions: " + is_a(args[1]) +
                            ", " + is_a(args[2]));
        n.type = {a == scalar::boolean ? scalar::boolean : promote(a, b), per_node};
        return;
      }
      case builtin::all: case builtin::any: case builtin::count:
        need_per_node(args[0], who);
        need_bool(args[0], who);
        n.type = {n.fn == builtin::count ? scalar::integer : scalar::boolean, false};
        return;
      case builtin::sum:
        need_per_node(args[0], who);
        need_numeric(args[0], who);
        n.type = {type_of(args[0]).s, false};
        return;
      default:
        throw expr_error(n.column, who + " is not a function the parser makes");
    }
  }

  expression& e_;
  const name_table& names_;
};

}  // namespace

void type_check(expression& e, const name_table& names) { checker(e, names).run(); }

}  // namespace tv::expr
