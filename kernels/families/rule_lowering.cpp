// A rule's expressions from text to operations (see rule_lowering.hpp): parsed and
// type-checked by the expression language, then lowered node by node.  Rules compute
// with integers and booleans: a rational is allowed only as floor(a / b) or ceil(a / b)
// of integers (lowered to one division), a float nowhere.
#include "kernels/families/rule_lowering.hpp"

#include <map>

#include "kernels/expr/names.hpp"
#include "kernels/expr/parser.hpp"

namespace tv::families {

namespace {

using expr::builtin;
using expr::node;
using expr::node_kind;
using expr::op;
using expr::scalar;

/// "column C: MESSAGE ..." of an expr_error without its column, which rule_error repeats.
std::string message_of(const expr::expr_error& e) {
  const std::string w = e.what();
  const std::string head = "column " + std::to_string(e.column()) + ": ";
  return w.rfind(head, 0) == 0 ? w.substr(head.size()) : w;
}

class lowerer {
 public:
  lowerer(lowered_expression& out, int parameters) : out_(out), parameters_(parameters) {}

  int lower(int i) {
    if (const auto it = done_.find(i); it != done_.end()) return it->second;
    const node& n = out_.tree.at(i);
    const int reg = lower_node(i, n);
    done_[i] = reg;
    return reg;
  }

 private:
  const std::string& part() const { return out_.part; }

  [[noreturn]] void refuse(int i, const std::string& why) const {
    throw rule_error(part(), out_.tree.at(i).column, "'" + out_.tree.text_of(i) + "' " + why);
  }

  int emit(int node_index, rule_code code, int a = -1, int b = -1, int c = -1, int32_t k = 0) {
    if (out_.ops.size() >= rule_max_ops)
      throw rule_error(part(), 1, "more than " + std::to_string(rule_max_ops) +
                                      " operations: split the rule or write it shorter");
    rule_op o;
    o.code = code;
    o.a = static_cast<uint8_t>(a < 0 ? 0 : a);
    o.b = static_cast<uint8_t>(b < 0 ? o.a : b);
    o.c = static_cast<uint8_t>(c < 0 ? o.a : c);
    o.k = k;
    out_.ops.push_back(o);
    out_.op_node.push_back(node_index);
    return static_cast<int>(out_.ops.size()) - 1;
  }

  int constant(int node_index, int64_t v) {
    out_.constants.push_back(v);
    return emit(node_index, rule_code::constant, -1, -1, -1, static_cast<int32_t>(out_.constants.size() - 1));
  }

  void need_exact_integer_or_bool(int i) const {
    const scalar s = out_.tree.at(i).type.s;
    if (s == scalar::rational)
      refuse(i, "is a rational; rules compute with integers (write floor(a / b) or ceil(a / b))");
    if (s == scalar::real) refuse(i, "is a float; rules compute with integers and booleans");
  }

  int lower_node(int i, const node& n) {
    switch (n.kind) {
      case node_kind::integer_literal: return constant(i, n.integer);
      case node_kind::bool_literal: return constant(i, n.boolean ? 1 : 0);
      case node_kind::real_literal: refuse(i, "is a float; rules compute with integers and booleans");
      case node_kind::name:
        if (n.name_id < parameters_) return emit(i, rule_code::parameter, -1, -1, -1, n.name_id);
        if (n.name_id == parameters_) return emit(i, rule_code::label);
        out_.reads_dimension = true;
        return emit(i, rule_code::dimension);
      case node_kind::unary: {
        need_exact_integer_or_bool(i);
        const int a = lower(n.args[0]);
        switch (n.oper) {
          case op::neg: return emit(i, rule_code::neg, a);
          case op::bit_not: return emit(i, rule_code::bit_not, a);
          default: return emit(i, rule_code::logical_not, a);
        }
      }
      case node_kind::binary: return binary(i, n);
      case node_kind::call: return call(i, n);
    }
    refuse(i, "has no value");
  }

  int binary(int i, const node& n) {
    if (n.oper == op::div)
      refuse(i, "is a rational; rules compute with integers (write floor(a / b) or ceil(a / b))");
    need_exact_integer_or_bool(i);
    need_exact_integer_or_bool(n.args[0]);
    need_exact_integer_or_bool(n.args[1]);
    const int a = lower(n.args[0]), b = lower(n.args[1]);
    static const std::map<op, rule_code> codes = {
        {op::add, rule_code::add},         {op::sub, rule_code::sub},
        {op::mul, rule_code::mul},         {op::mod, rule_code::mod},
        {op::eq, rule_code::eq},           {op::ne, rule_code::ne},
        {op::lt, rule_code::lt},           {op::le, rule_code::le},
        {op::gt, rule_code::gt},           {op::ge, rule_code::ge},
        {op::logical_and, rule_code::logical_and}, {op::logical_or, rule_code::logical_or},
        {op::bit_and, rule_code::bit_and}, {op::bit_or, rule_code::bit_or},
        {op::bit_xor, rule_code::bit_xor}, {op::shl, rule_code::shl},
        {op::shr, rule_code::shr}};
    const auto it = codes.find(n.oper);
    if (it == codes.end()) refuse(i, "is no operator rules have");
    return emit(i, it->second, a, b);
  }

  int call(int i, const node& n) {
    const auto& args = n.args;
    switch (n.fn) {
      case builtin::floor:
      case builtin::ceil: {
        const node& inner = out_.tree.at(args[0]);
        const bool up = n.fn == builtin::ceil;
        if (inner.kind == node_kind::binary && inner.oper == op::div &&
            inner.type.s == scalar::rational) {
          need_exact_integer_or_bool(inner.args[0]);
          need_exact_integer_or_bool(inner.args[1]);
          const int a = lower(inner.args[0]), b = lower(inner.args[1]);
          return emit(i, up ? rule_code::ceil_div : rule_code::floor_div, a, b);
        }
        need_exact_integer_or_bool(args[0]);
        return lower(args[0]);  // an integer is its own floor and ceiling
      }
      case builtin::floor_log2:
      case builtin::ceil_log2:
        need_exact_integer_or_bool(args[0]);
        return emit(i, n.fn == builtin::floor_log2 ? rule_code::floor_log2 : rule_code::ceil_log2,
                    lower(args[0]));
      case builtin::min:
      case builtin::max: {
        need_exact_integer_or_bool(i);
        int acc = lower(args[0]);
        for (size_t k = 1; k < args.size(); ++k)
          acc = emit(i, n.fn == builtin::min ? rule_code::min : rule_code::max, acc, lower(args[k]));
        return acc;
      }
      case builtin::abs:
        need_exact_integer_or_bool(i);
        return emit(i, rule_code::abs, lower(args[0]));
      case builtin::gcd: return emit(i, rule_code::gcd, lower(args[0]), lower(args[1]));
      case builtin::pow:
        need_exact_integer_or_bool(i);
        return emit(i, rule_code::pow, lower(args[0]), lower(args[1]));
      case builtin::bit: return emit(i, rule_code::bit, lower(args[0]), lower(args[1]));
      case builtin::popcount: return emit(i, rule_code::popcount, lower(args[0]));
      case builtin::if_: {
        need_exact_integer_or_bool(i);
        const int c = lower(args[0]), a = lower(args[1]), b = lower(args[2]);
        return emit(i, rule_code::select, c, a, b);
      }
      default:
        refuse(i, "uses " + std::string(expr::builtin_name(n.fn)) +
                      ", which rules do not have (they have: floor, ceil, floor(log2(...)), "
                      "ceil(log2(...)), min, max, abs, gcd, pow, bit, popcount, if)");
    }
  }

  lowered_expression& out_;
  int parameters_;
  std::map<int, int> done_;
};

bool is_name(const expr::expression& t, int i, int id) {
  return t.at(i).kind == node_kind::name && t.at(i).name_id == id;
}

/// Whether the subtree at i reads name `id`.
bool reads_name(const expr::expression& t, int i, int id) {
  const node& n = t.at(i);
  if (n.kind == node_kind::name) return n.name_id == id;
  for (int a : n.args)
    if (reads_name(t, a, id)) return true;
  return false;
}

/// x ^ M in either order, M not reading x: the neighbour relation it gives is its own
/// inverse (M is the same at x and at y = x ^ M), so it is symmetric by its form.
bool is_involution(const expr::expression& t, int x_id) {
  const node& root = t.at(t.root);
  if (root.kind != node_kind::binary || root.oper != op::bit_xor) return false;
  for (int side = 0; side < 2; ++side)
    if (is_name(t, root.args[side], x_id) && !reads_name(t, root.args[1 - side], x_id)) return true;
  return false;
}

/// x ^ (1 << E) in either order: the value differs from x in bit E alone.  Sets
/// `exactly_i` when E is the name i.
bool flips_one_bit(const expr::expression& t, int x_id, int i_id, bool& exactly_i) {
  const node& root = t.at(t.root);
  if (root.kind != node_kind::binary || root.oper != op::bit_xor) return false;
  for (int side = 0; side < 2; ++side) {
    const int label = root.args[side], mask = root.args[1 - side];
    const node& m = t.at(mask);
    if (!is_name(t, label, x_id) || m.kind != node_kind::binary || m.oper != op::shl) continue;
    const node& one = t.at(m.args[0]);
    if (one.kind != node_kind::integer_literal || one.integer != 1) continue;
    exactly_i = is_name(t, m.args[1], i_id);
    return true;
  }
  return false;
}

}  // namespace

lowered_expression lower_expression(const rule_text& rule, const std::string& part, const std::string& text,
                                    rule_reads reads, expr::scalar want) {
  expr::name_table names;
  const int parameters = static_cast<int>(rule.parameters.size());
  for (const auto& p : rule.parameters) names.add(p.name, {scalar::integer, false});
  int x_id = -1, i_id = -1;
  if (reads != rule_reads::parameters) x_id = names.add("x", {scalar::integer, false});
  if (reads == rule_reads::label_and_dimension) i_id = names.add("i", {scalar::integer, false});

  lowered_expression out;
  out.part = part;
  try {
    out.tree = expr::parse(text, names);
  } catch (const expr::expr_error& e) {
    throw rule_error(part, e.column(), message_of(e));
  }
  // Lowered first: a rational or a float is refused where it appears, with the way out.
  lowerer(out, parameters).lower(out.tree.root);
  const scalar got = out.tree.type().s;
  if (got != want) {
    const bool boolean = want == scalar::boolean;
    throw rule_error(part, 1, "'" + text + "' is " + (got == scalar::integer ? "an " : "a ") +
                                  expr::scalar_name(got) + "; " + part + " must be " +
                                  (boolean ? "a condition (true or false), such as x & (x >> 1) == 0"
                                           : "an integer"));
  }
  bool exactly_i = false;
  out.flips_one_bit = x_id >= 0 && flips_one_bit(out.tree, x_id, i_id, exactly_i);
  out.flips_dimension = out.flips_one_bit && exactly_i;
  out.involution = x_id >= 0 && is_involution(out.tree, x_id);
  return out;
}

}  // namespace tv::families
