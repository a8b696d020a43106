// The evaluator (see evaluate.hpp).  Per-node values are columns of chunk_nodes entries,
// one per node of the tree, refilled chunk by chunk: integer and bool operators run as
// tight loops over them, everything else calls the operators' one definition
// (operations.hpp) entry by entry.  A chunk whose column loop raises an error (or that
// holds && || if, whose unneeded side may raise one) is redone node by node, with the
// laziness of && || if and the failing node's index in the error.
#include "kernels/expr/evaluate.hpp"

#include <algorithm>

#include "kernels/expr/operations.hpp"

namespace tv::expr {

void bindings::set(int name_id, value v) {
  if (values_.size() <= static_cast<size_t>(name_id)) values_.resize(static_cast<size_t>(name_id) + 1);
  values_[static_cast<size_t>(name_id)] = v;
}

void bindings::set_per_node(int name_id, fill_fn fill) {
  if (fills_.size() <= static_cast<size_t>(name_id)) fills_.resize(static_cast<size_t>(name_id) + 1);
  fills_[static_cast<size_t>(name_id)] = std::move(fill);
}

const value* bindings::find(int name_id) const {
  const size_t k = static_cast<size_t>(name_id);
  return k < values_.size() && values_[k] ? &*values_[k] : nullptr;
}

const bindings::fill_fn* bindings::find_per_node(int name_id) const {
  const size_t k = static_cast<size_t>(name_id);
  return k < fills_.size() && fills_[k] ? &fills_[k] : nullptr;
}

evaluator::evaluator(const expression& e, const bindings& b)
    : e_(e), b_(b), memo_(e.nodes.size()), columns_(e.nodes.size()),
      filled_(e.nodes.size(), {~uint64_t{0}, 0}) {}

uint64_t evaluator::nodes() const {
  if (!b_.nodes()) throw expr_error(1, "per-node values are not available here");
  return *b_.nodes();
}

namespace {

bool lazy(const node& n) {
  return (n.kind == node_kind::binary && (n.oper == op::logical_and || n.oper == op::logical_or)) ||
         (n.kind == node_kind::call && n.fn == builtin::if_);
}

bool reduction(const node& n) {
  if (n.kind != node_kind::call) return false;
  switch (n.fn) {
    case builtin::all: case builtin::any: case builtin::count: case builtin::sum:
    case builtin::min_over: case builtin::max_over:
      return true;
    default:
      return false;
  }
}

}  // namespace

value evaluator::value_of(int i) {
  auto& memo = memo_[static_cast<size_t>(i)];
  if (memo) return *memo;
  const node& n = e_.at(i);
  if (n.type.per_node) throw expr_error(n.column, "'" + e_.text_of(i) + "' has a value per node, not one value");
  value v;
  switch (n.kind) {
    case node_kind::integer_literal: v = value::integer(n.integer); break;
    case node_kind::real_literal: v = value::real(n.real); break;
    case node_kind::bool_literal: v = value::boolean(n.boolean); break;
    case node_kind::name: {
      const value* bound = b_.find(n.name_id);
      if (!bound) throw expr_error(n.column, "'" + e_.text_of(i) + "' has no value here");
      v = promote_to(*bound, n.type.s);
      break;
    }
    default:
      if (reduction(n)) {
        v = reduce(i);
      } else if (lazy(n)) {
        const value c = value_of(n.args[0]);
        if (n.kind == node_kind::call) v = promote_to(value_of(n.args[c.truth() ? 1 : 2]), n.type.s);
        else if (n.oper == op::logical_and) v = value::boolean(c.truth() && value_of(n.args[1]).truth());
        else v = value::boolean(c.truth() || value_of(n.args[1]).truth());
      } else {
        value args[8];
        std::vector<value> many;
        value* a = args;
        if (n.args.size() > 8) {
          many.resize(n.args.size());
          a = many.data();
        }
        for (size_t k = 0; k < n.args.size(); ++k) a[k] = value_of(n.args[k]);
        v = apply(e_, i, a);
      }
  }
  memo = v;
  return v;
}

value evaluator::value_at(int i, uint64_t at) {
  const node& n = e_.at(i);
  if (!n.type.per_node) return value_of(i);
  try {
    if (n.kind == node_kind::name) {
      const bindings::fill_fn* fill = b_.find_per_node(n.name_id);
      if (!fill) throw expr_error(n.column, "'" + e_.text_of(i) + "' has no values here");
      int64_t x = 0;
      (*fill)(at, 1, &x);
      return value::integer(x);
    }
    if (lazy(n)) {
      const value c = value_at(n.args[0], at);
      if (n.kind == node_kind::call) return promote_to(value_at(n.args[c.truth() ? 1 : 2], at), n.type.s);
      if (n.oper == op::logical_and) return value::boolean(c.truth() && value_at(n.args[1], at).truth());
      return value::boolean(c.truth() || value_at(n.args[1], at).truth());
    }
    std::vector<value> a(n.args.size());
    for (size_t k = 0; k < n.args.size(); ++k) a[k] = value_at(n.args[k], at);
    return apply(e_, i, a.data());
  } catch (const expr_error& err) {
    throw err.at_node(at);
  }
}

value evaluator::element(int i, size_t j) const {
  const column& c = columns_[static_cast<size_t>(i)];
  switch (e_.at(i).type.s) {
    case scalar::integer: return value::integer(c.a[j]);
    case scalar::boolean: return value::boolean(c.a[j] != 0);
    case scalar::rational: return {scalar::rational, c.a[j], c.b[j], 0};
    case scalar::real: return value::real(c.f[j]);
  }
  return {};
}

void evaluator::store(int i, size_t j, const value& v) {
  column& c = columns_[static_cast<size_t>(i)];
  const value w = promote_to(v, e_.at(i).type.s);
  switch (e_.at(i).type.s) {
    case scalar::integer: case scalar::boolean: c.a[j] = w.i; break;
    case scalar::rational: c.a[j] = w.i; c.b[j] = w.den; break;
    case scalar::real: c.f[j] = w.f; break;
  }
}

const evaluator::column& evaluator::column_of(int i, uint64_t first, size_t count) {
  auto& filled = filled_[static_cast<size_t>(i)];
  if (filled.first != first || filled.second != count) {
    column& c = columns_[static_cast<size_t>(i)];
    const scalar s = e_.at(i).type.s;
    if (s == scalar::real) c.f.resize(count);
    else c.a.resize(count);
    if (s == scalar::rational) c.b.resize(count);
    filled = {~uint64_t{0}, 0};  // not valid while it is being computed
    try {
      compute_column(i, first, count);
    } catch (const expr_error&) {
      node_by_node(i, first, count);  // the lazy value, or the error with its node
    }
    filled = {first, count};
  }
  return columns_[static_cast<size_t>(i)];
}

void evaluator::compute_column(int i, uint64_t first, size_t count) {
  const node& n = e_.at(i);
  if (n.kind == node_kind::name) {
    const bindings::fill_fn* fill = b_.find_per_node(n.name_id);
    if (!fill) throw expr_error(n.column, "'" + e_.text_of(i) + "' has no values here");
    (*fill)(first, count, columns_[static_cast<size_t>(i)].a.data());
    return;
  }
  // Operands first (a one-value operand is computed once and read for every node).
  for (int a : n.args)
    if (e_.at(a).type.per_node) column_of(a, first, count);
    else value_of(a);
  if (fast_integer_loop(i, count)) return;
  std::vector<value> a(n.args.size());
  for (size_t j = 0; j < count; ++j) {
    for (size_t k = 0; k < n.args.size(); ++k) {
      const int arg = n.args[k];
      a[k] = e_.at(arg).type.per_node ? element(arg, j) : *memo_[static_cast<size_t>(arg)];
    }
    store(i, j, apply(e_, i, a.data()));
  }
}

bool evaluator::fast_rational_comparison(int i, size_t count) {
  // A per-node integer against one rational (eccentricity >= n / 2): x op p/q is
  // x q op p, in 128 bits, so no value is built per node.
  const node& n = e_.at(i);
  if (n.kind != node_kind::binary || n.type.s != scalar::boolean) return false;
  int column_arg = -1, one_arg = -1;
  for (int a : n.args) {
    const value_type t = e_.at(a).type;
    if (t.per_node && t.s == scalar::integer) column_arg = a;
    else if (!t.per_node && t.s == scalar::rational) one_arg = a;
  }
  if (column_arg < 0 || one_arg < 0) return false;
  int sign = 0;  // the comparison as -1 (<), 0 (==), 1 (>) of column against one value
  const value r = *memo_[static_cast<size_t>(one_arg)];
  const int64_t* x = columns_[static_cast<size_t>(column_arg)].a.data();
  int64_t* out = columns_[static_cast<size_t>(i)].a.data();
  const bool swapped = n.args[0] == one_arg;  // "n / 2 <= eccentricity"
  for (size_t j = 0; j < count; ++j) {
    const __int128 lhs = static_cast<__int128>(x[j]) * r.den, rhs = r.i;
    sign = lhs < rhs ? -1 : lhs > rhs ? 1 : 0;
    if (swapped) sign = -sign;
    switch (n.oper) {
      case op::eq: out[j] = sign == 0; break;
      case op::ne: out[j] = sign != 0; break;
      case op::lt: out[j] = sign < 0; break;
      case op::le: out[j] = sign <= 0; break;
      case op::gt: out[j] = sign > 0; break;
      case op::ge: out[j] = sign >= 0; break;
      default: return false;
    }
  }
  return true;
}

bool evaluator::fast_integer_loop(int i, size_t count) {
  const node& n = e_.at(i);
  if (n.kind != node_kind::unary && n.kind != node_kind::binary) return false;
  if (fast_rational_comparison(i, count)) return true;
  for (int a : n.args) {
    const scalar s = e_.at(a).type.s;
    if (s != scalar::integer && s != scalar::boolean) return false;
  }
  // Each operand as a column or one value read for every node.
  struct operand {
    const int64_t* column = nullptr;
    int64_t one = 0;
    int64_t operator[](size_t j) const { return column ? column[j] : one; }
  };
  operand x, y;
  auto bind = [&](operand& o, int arg) {
    if (e_.at(arg).type.per_node) o.column = columns_[static_cast<size_t>(arg)].a.data();
    else o.one = memo_[static_cast<size_t>(arg)]->i;
  };
  bind(x, n.args[0]);
  if (n.args.size() > 1) bind(y, n.args[1]);
  int64_t* out = columns_[static_cast<size_t>(i)].a.data();
  const int c = n.column;
  auto loop = [&](auto f) {
    for (size_t j = 0; j < count; ++j) out[j] = f(x[j], y[j]);
    return true;
  };
  if (n.kind == node_kind::unary) {
    switch (n.oper) {
      case op::neg: return loop([c](int64_t a, int64_t) { return sub_checked(0, a, c); });
      case op::bit_not: return loop([](int64_t a, int64_t) { return ~a; });
      case op::logical_not: return loop([](int64_t a, int64_t) { return int64_t{a == 0}; });
      default: return false;
    }
  }
  switch (n.oper) {
    case op::add: return loop([c](int64_t a, int64_t b) { return add_checked(a, b, c); });
    case op::sub: return loop([c](int64_t a, int64_t b) { return sub_checked(a, b, c); });
    case op::mul: return loop([c](int64_t a, int64_t b) { return mul_checked(a, b, c); });
    case op::mod: return loop([c](int64_t a, int64_t b) { return mod_checked(a, b, c); });
    case op::eq: return loop([](int64_t a, int64_t b) { return int64_t{a == b}; });
    case op::ne: return loop([](int64_t a, int64_t b) { return int64_t{a != b}; });
    case op::lt: return loop([](int64_t a, int64_t b) { return int64_t{a < b}; });
    case op::le: return loop([](int64_t a, int64_t b) { return int64_t{a <= b}; });
    case op::gt: return loop([](int64_t a, int64_t b) { return int64_t{a > b}; });
    case op::ge: return loop([](int64_t a, int64_t b) { return int64_t{a >= b}; });
    case op::logical_and: return loop([](int64_t a, int64_t b) { return int64_t{a != 0 && b != 0}; });
    case op::logical_or: return loop([](int64_t a, int64_t b) { return int64_t{a != 0 || b != 0}; });
    case op::bit_and: return loop([](int64_t a, int64_t b) { return a & b; });
    case op::bit_or: return loop([](int64_t a, int64_t b) { return a | b; });
    case op::bit_xor: return loop([](int64_t a, int64_t b) { return a ^ b; });
    case op::shl: return loop([c](int64_t a, int64_t b) { return shl_checked(a, b, c); });
    case op::shr: return loop([c](int64_t a, int64_t b) { return shr_checked(a, b, c); });
    default: return false;
  }
}

void evaluator::node_by_node(int i, uint64_t first, size_t count) {
  for (size_t j = 0; j < count; ++j) store(i, j, value_at(i, first + j));
}

std::optional<uint64_t> evaluator::first_node(int i, bool truth) {
  const uint64_t total = nodes();
  for (uint64_t first = 0; first < total; first += chunk_nodes) {
    const size_t count = static_cast<size_t>(std::min<uint64_t>(chunk_nodes, total - first));
    const column& c = column_of(i, first, count);
    for (size_t j = 0; j < count; ++j)
      if ((c.a[j] != 0) == truth) return first + j;
  }
  return std::nullopt;
}

value evaluator::reduce(int i) {
  const node& n = e_.at(i);
  const int arg = n.args[0];
  switch (n.fn) {
    case builtin::all: return value::boolean(!first_node(arg, false));
    case builtin::any: return value::boolean(first_node(arg, true).has_value());
    default: break;
  }
  const uint64_t total = nodes();
  const scalar s = e_.at(arg).type.s;
  if ((n.fn == builtin::min_over || n.fn == builtin::max_over) && total == 0)
    throw expr_error(n.column, "'" + e_.text_of(i) + "': the instance has no nodes");
  value acc = n.fn == builtin::count ? value::integer(0)
              : s == scalar::rational ? make_rational(0, 1, n.column)
              : s == scalar::real ? value::real(0)
                                  : value::integer(0);
  for (uint64_t first = 0; first < total; first += chunk_nodes) {
    const size_t count = static_cast<size_t>(std::min<uint64_t>(chunk_nodes, total - first));
    const column& c = column_of(arg, first, count);
    if (n.fn == builtin::count) {
      int64_t k = 0;
      for (size_t j = 0; j < count; ++j) k += c.a[j] != 0;
      acc.i += k;
      continue;
    }
    for (size_t j = 0; j < count; ++j) {
      if (s == scalar::integer && n.fn == builtin::sum) {
        try {
          acc.i = add_checked(acc.i, c.a[j], n.column);
        } catch (const expr_error& err) {
          throw err.at_node(first + j);
        }
        continue;
      }
      const value x = element(arg, j);
      if (n.fn == builtin::sum) {
        if (s == scalar::real) acc.f += x.f;
        else acc = make_rational(static_cast<__int128>(acc.i) * x.den + static_cast<__int128>(x.i) * acc.den,
                                 static_cast<__int128>(acc.den) * x.den, n.column);
      } else if (first + j == 0 || (n.fn == builtin::min_over ? compare(x, acc) < 0 : compare(x, acc) > 0)) {
        acc = x;
      }
    }
  }
  return acc;
}

}  // namespace tv::expr
