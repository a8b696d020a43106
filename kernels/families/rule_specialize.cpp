// A lowered expression made ready for one instance, and a failed evaluation explained
// (see rule_lowering.hpp).  Both run on the host: once per instance, and once per error.
#include <string>
#include <vector>

#include "kernels/families/rule_lowering.hpp"

namespace tv::families {

namespace {

bool operating(rule_code c) {
  return c != rule_code::constant && c != rule_code::parameter && c != rule_code::label &&
         c != rule_code::dimension;
}

}  // namespace

instance_expression specialize(const lowered_expression& e, const std::vector<int64_t>& values) {
  const int n = static_cast<int>(e.ops.size());
  std::vector<rule_op> ops = e.ops;
  std::vector<int64_t> constants = e.constants;
  std::vector<char> known(n, 0), reads_i(n, 0), failing(n, 0);
  for (int k = 0; k < n; ++k) {
    rule_op& o = ops[k];
    if (o.code == rule_code::parameter) {
      constants.push_back(values.at(static_cast<size_t>(o.k)));
      o.code = rule_code::constant;
      o.k = static_cast<int32_t>(constants.size() - 1);
    }
    if (o.code == rule_code::constant) {
      known[k] = 1;
      continue;
    }
    if (o.code == rule_code::dimension) reads_i[k] = 1;
    if (!operating(o.code)) continue;
    reads_i[k] = reads_i[o.a] || reads_i[o.b] || reads_i[o.c];
    if (!(known[o.a] && known[o.b] && known[o.c])) continue;
    // Every operand is a constant: compute it now, unless it fails (an error counts only
    // where the value is used, which the run decides).
    bool fail = false;
    const int64_t v = rule_apply_any(o.code, constants[ops[o.a].k], constants[ops[o.b].k],
                                     constants[ops[o.c].k], fail);
    if (fail) {
      failing[k] = 1;
      continue;
    }
    constants.push_back(v);
    o = rule_op{rule_code::constant, 0, 0, 0, static_cast<int32_t>(constants.size() - 1)};
    known[k] = 1;
  }

  // The operations the result reads, those that do not read i first (in their order,
  // which keeps every operand before its reader), then the others.
  std::vector<char> used(n, 0);
  used[n - 1] = 1;
  for (int k = n - 1; k >= 0; --k)
    if (used[k] && operating(ops[k].code)) used[ops[k].a] = used[ops[k].b] = used[ops[k].c] = 1;
  // The operations every evaluation runs, whatever x and i: all but the branches of if,
  // && and ||.  One of them that fails on constants fails at every label.
  std::vector<char> always(n, 0);
  always[n - 1] = 1;
  for (int k = n - 1; k >= 0; --k) {
    if (!always[k] || !operating(ops[k].code)) continue;
    always[ops[k].a] = 1;
    const rule_code c = ops[k].code;
    if (c != rule_code::select && c != rule_code::logical_and && c != rule_code::logical_or)
      always[ops[k].b] = always[ops[k].c] = 1;
  }
  bool fails_everywhere = false;
  for (int k = 0; k < n; ++k) fails_everywhere = fails_everywhere || (always[k] && failing[k]);
  std::vector<int> order, place(n, -1);
  for (int pass = 0; pass < 2; ++pass)
    for (int k = 0; k < n; ++k)
      if (used[k] && reads_i[k] == pass) {
        place[k] = static_cast<int>(order.size());
        order.push_back(k);
      }

  instance_expression out;
  out.fails_everywhere = fails_everywhere;
  for (int k : order) {
    rule_op o = ops[k];
    if (o.code == rule_code::constant) {
      out.constants.push_back(constants[o.k]);
      o.k = static_cast<int32_t>(out.constants.size() - 1);
    }
    if (operating(o.code)) {
      o.a = static_cast<uint8_t>(place[o.a]);
      o.b = static_cast<uint8_t>(place[o.b]);
      o.c = static_cast<uint8_t>(place[o.c]);
    } else {
      o.a = o.b = o.c = 0;
    }
    out.ops.push_back(o);
    out.op_node.push_back(e.op_node[k]);
    if (!reads_i[k]) ++out.invariant;
  }
  return out;
}

namespace {

std::string reason(rule_code c, int64_t a, int64_t b) {
  const std::string sa = std::to_string(a), sb = std::to_string(b);
  const char* fits = " does not fit 64 bits";
  switch (c) {
    case rule_code::add: return sa + " + " + sb + fits;
    case rule_code::sub: return sa + " - " + sb + fits;
    case rule_code::mul: return sa + " * " + sb + fits;
    case rule_code::neg: return "-(" + sa + ")" + fits;
    case rule_code::abs: return "abs(" + sa + ")" + fits;
    case rule_code::floor_div:
    case rule_code::ceil_div:
    case rule_code::mod:
      return b == 0 ? sa + (c == rule_code::mod ? " % " : " / ") + "0: division by zero"
                    : sa + " / " + sb + fits;
    case rule_code::shl:
      return b < 0 || b > 63 ? sa + " << " + sb + ": a shift must be 0 to 63" : sa + " << " + sb + fits;
    case rule_code::shr: return sa + " >> " + sb + ": a shift must be 0 to 63";
    case rule_code::bit: return "bit " + sb + ": bits are numbered 0 to 63";
    case rule_code::gcd: return "gcd(" + sa + ", " + sb + ") = 2^63" + fits;
    case rule_code::pow:
      return b < 0 ? "pow(" + sa + ", " + sb + "): a negative power of an integer is not an integer"
                   : "pow(" + sa + ", " + sb + ")" + fits;
    case rule_code::floor_log2:
    case rule_code::ceil_log2: return "log2 of " + sa + ": log2 takes numbers above 0";
    default: return "cannot be computed";
  }
}

}  // namespace

std::string explain_failure(const rule_program& p, const rule_expression& e, const std::vector<int>& op_node,
                            const expr::expression& tree, uint64_t x, int64_t i) {
  rule_registers r;
  r.poison = 0;
  rule_run(p, e, 0, e.count, x, i, r);
  auto poisoned = [&](int k) { return (r.poison >> k) & 1; };
  // From the result down, the operand the poison came through, to the operation that
  // failed itself.
  int k = e.count - 1;
  while (true) {
    const rule_op& o = p.ops[e.first + k];
    if (!operating(o.code)) break;
    const int64_t a = r.value[o.a];
    int next = -1;
    if (poisoned(o.a)) next = o.a;
    else if (o.code == rule_code::select) next = poisoned(a != 0 ? o.b : o.c) ? (a != 0 ? o.b : o.c) : -1;
    else if (o.code == rule_code::logical_and) next = a != 0 && poisoned(o.b) ? o.b : -1;
    else if (o.code == rule_code::logical_or) next = a == 0 && poisoned(o.b) ? o.b : -1;
    else if (poisoned(o.b)) next = o.b;
    else if (poisoned(o.c)) next = o.c;
    if (next < 0) break;
    k = next;
  }
  const rule_op& o = p.ops[e.first + k];
  const int node = op_node[static_cast<size_t>(k)];
  return "column " + std::to_string(tree.at(node).column) + ": '" + tree.text_of(node) +
         "': " + reason(o.code, r.value[o.a], r.value[o.b]);
}

}  // namespace tv::families
