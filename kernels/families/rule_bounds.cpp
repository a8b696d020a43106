// Bounds of a rule program's registers over a block of labels (see rule_bounds.hpp).  Each
// operation's answer is what holds for every label whose operands are unpoisoned; where
// the answer is not worth working out, it is "anything", and may_fail where the
// operation can raise an error.
#include "kernels/families/rule_bounds.hpp"

#include <algorithm>

#include "kernels/core/hd.hpp"

namespace tv::families {

namespace {

constexpr uint64_t sign_bit = uint64_t{1} << 63;

rule_bound anything(bool may_fail) {
  rule_bound b;
  b.may_fail = may_fail;
  return b;
}

rule_bound exactly(int64_t v) {
  rule_bound b;
  b.one = static_cast<uint64_t>(v);
  b.zero = ~b.one;
  b.lo = b.hi = v;
  b.may_fail = false;
  return b;
}

int64_t clamp(__int128 v) {
  return v < INT64_MIN ? INT64_MIN : v > INT64_MAX ? INT64_MAX : static_cast<int64_t>(v);
}

/// The known bits and the interval made to agree: each narrows the other.
rule_bound& settle(rule_bound& b) {
  // Bits to interval: with the sign bit known, signed order is the bits' unsigned order.
  int64_t lo = static_cast<int64_t>(b.one | sign_bit), hi = static_cast<int64_t>(~b.zero & ~sign_bit);
  if (b.one & sign_bit) hi = static_cast<int64_t>(~b.zero);
  if (b.zero & sign_bit) lo = static_cast<int64_t>(b.one);
  b.lo = std::max(b.lo, lo);
  b.hi = std::min(b.hi, hi);
  // Interval to bits: one sign, so a run of unsigned values; the bits above the highest
  // one where its ends differ are common to all.
  if (b.lo <= b.hi && (b.lo < 0) == (b.hi < 0)) {
    const uint64_t l = static_cast<uint64_t>(b.lo), h = static_cast<uint64_t>(b.hi);
    const uint64_t common = l == h ? ~uint64_t{0} : ~core::low_mask(core::msb64(l ^ h) + 1);
    b.one |= l & common;
    b.zero |= ~l & common;
  }
  return b;
}

bool singleton(const rule_bound& b) { return b.lo == b.hi; }
bool known_true(const rule_bound& b) { return b.lo > 0 || b.hi < 0 || b.one != 0; }
bool known_false(const rule_bound& b) { return b.lo == 0 && b.hi == 0; }

/// A truth value (0 or 1): known, or either.
rule_bound truth(bool yes, bool no, bool may_fail) {
  rule_bound b = yes ? exactly(1) : no ? exactly(0) : rule_bound{~uint64_t{1}, 0, 0, 1, false};
  b.may_fail = may_fail;
  return b;
}

/// What holds for either of two values.
rule_bound either(const rule_bound& a, const rule_bound& b, bool may_fail) {
  rule_bound r;
  r.zero = a.zero & b.zero;
  r.one = a.one & b.one;
  r.lo = std::min(a.lo, b.lo);
  r.hi = std::max(a.hi, b.hi);
  r.may_fail = may_fail;
  return r;
}

/// The low bits known in both operands, as a mask: a sum's, difference's or product's low
/// bits follow from them alone.
uint64_t low_known(const rule_bound& a, const rule_bound& b) {
  const uint64_t known = (a.zero | a.one) & (b.zero | b.one);
  return ~known == 0 ? ~uint64_t{0} : core::low_mask(core::ctz64(~known));
}

void set_low_bits(rule_bound& r, uint64_t mask, uint64_t value) {
  r.one |= value & mask;
  r.zero |= ~value & mask;
}

int64_t floor_div(int64_t a, int64_t b) {  // b > 0
  const int64_t q = a / b;
  return q - (a % b != 0 && a < 0);
}
int64_t ceil_div(int64_t a, int64_t b) {  // b > 0
  const int64_t q = a / b;
  return q + (a % b != 0 && a > 0);
}

/// Operands each code reads (the others' fields are unused).
int arity(rule_code c) {
  switch (c) {
    case rule_code::neg: case rule_code::abs: case rule_code::bit_not: case rule_code::logical_not:
    case rule_code::popcount: case rule_code::floor_log2: case rule_code::ceil_log2:
      return 1;
    case rule_code::select:
      return 3;
    default:
      return 2;
  }
}

rule_bound bound_op(const rule_program& p, const rule_op& o, uint64_t first, int free_bits, const rule_bound* r) {
  switch (o.code) {
    case rule_code::constant:
    case rule_code::parameter:
      return exactly(p.constants[o.k]);
    case rule_code::label: {
      rule_bound b;
      const uint64_t free = core::low_mask(free_bits);
      b.one = first;
      b.zero = ~(first | free);
      b.lo = static_cast<int64_t>(first);
      b.hi = static_cast<int64_t>(first + free);
      b.may_fail = false;
      return b;
    }
    case rule_code::dimension:
      return anything(false);
    default:
      break;
  }
  const rule_bound &A = r[o.a], &B = r[o.b], &C = r[o.c];
  const int n = arity(o.code);
  const bool fa = A.may_fail, fb = n > 1 && B.may_fail, fc = n > 2 && C.may_fail;
  const bool operands_fail = fa || fb || fc;
  const bool lazy = o.code == rule_code::select || o.code == rule_code::logical_and || o.code == rule_code::logical_or;
  // Every operand one value: the operation's own answer.
  if (!lazy && singleton(A) && (n < 2 || singleton(B)) && (n < 3 || singleton(C))) {
    bool fail = false;
    const int64_t v = rule_apply_any(o.code, A.lo, B.lo, C.lo, fail);
    if (fail) return anything(true);
    rule_bound b = exactly(v);
    b.may_fail = operands_fail;
    return b;
  }
  rule_bound out = anything(operands_fail);
  switch (o.code) {
    case rule_code::add:
    case rule_code::sub: {
      const bool add = o.code == rule_code::add;
      const __int128 lo = add ? __int128{A.lo} + B.lo : __int128{A.lo} - B.hi;
      const __int128 hi = add ? __int128{A.hi} + B.hi : __int128{A.hi} - B.lo;
      out.lo = clamp(lo);
      out.hi = clamp(hi);
      out.may_fail = operands_fail || lo < INT64_MIN || hi > INT64_MAX;
      set_low_bits(out, low_known(A, B), add ? A.one + B.one : A.one - B.one);
      return out;
    }
    case rule_code::mul: {
      const __int128 c[4] = {__int128{A.lo} * B.lo, __int128{A.lo} * B.hi, __int128{A.hi} * B.lo,
                             __int128{A.hi} * B.hi};
      const __int128 lo = *std::min_element(c, c + 4), hi = *std::max_element(c, c + 4);
      out.lo = clamp(lo);
      out.hi = clamp(hi);
      out.may_fail = operands_fail || lo < INT64_MIN || hi > INT64_MAX;
      set_low_bits(out, low_known(A, B), A.one * B.one);
      return out;
    }
    case rule_code::floor_div:
    case rule_code::ceil_div: {
      if (B.lo <= 0) return anything(true);  // a divisor that may be 0 or negative: not worked out
      auto div = o.code == rule_code::floor_div ? floor_div : ceil_div;
      const int64_t c[4] = {div(A.lo, B.lo), div(A.lo, B.hi), div(A.hi, B.lo), div(A.hi, B.hi)};
      out.lo = *std::min_element(c, c + 4);
      out.hi = *std::max_element(c, c + 4);
      return out;
    }
    case rule_code::mod: {
      if (B.lo > 0) {  // floor modulo by a positive divisor: 0 .. b-1, a itself when 0 <= a < b
        if (A.lo >= 0 && A.hi < B.lo) {
          out = A;
          out.may_fail = operands_fail;
          return out;
        }
        out.lo = 0;
        out.hi = B.hi - 1;
        return out;
      }
      if (B.hi < -1) {
        out.lo = B.lo + 1;
        out.hi = 0;
        return out;
      }
      return anything(true);
    }
    case rule_code::neg:
      out.lo = clamp(-__int128{A.hi});
      out.hi = clamp(-__int128{A.lo});
      out.may_fail = operands_fail || A.lo == INT64_MIN;
      return out;
    case rule_code::abs:
      if (A.lo >= 0) {
        out.lo = A.lo;
        out.hi = A.hi;
      } else if (A.hi <= 0) {
        out.lo = clamp(-__int128{A.hi});
        out.hi = clamp(-__int128{A.lo});
      } else {
        out.lo = 0;
        out.hi = clamp(std::max(-__int128{A.lo}, __int128{A.hi}));
      }
      out.may_fail = operands_fail || A.lo == INT64_MIN;
      return out;
    case rule_code::bit_and:
      out.one = A.one & B.one;
      out.zero = A.zero | B.zero;
      return out;
    case rule_code::bit_or:
      out.one = A.one | B.one;
      out.zero = A.zero & B.zero;
      return out;
    case rule_code::bit_xor: {
      const uint64_t known = (A.zero | A.one) & (B.zero | B.one);
      out.one = (A.one ^ B.one) & known;
      out.zero = known & ~out.one;
      return out;
    }
    case rule_code::bit_not:
      out.one = A.zero;
      out.zero = A.one;
      return out;
    case rule_code::shl: {
      if (!singleton(B) || B.lo < 0 || B.lo > 63) return anything(true);
      const int s = static_cast<int>(B.lo);
      const __int128 lo = __int128{A.lo} * (__int128{1} << s), hi = __int128{A.hi} * (__int128{1} << s);
      out.lo = clamp(lo);
      out.hi = clamp(hi);
      out.may_fail = operands_fail || lo < INT64_MIN || hi > INT64_MAX;
      out.one = A.one << s;
      out.zero = (A.zero << s) | core::low_mask(s);
      return out;
    }
    case rule_code::shr: {
      // Lanes with a shift outside 0..63 fail; the others shift by one inside it.
      const int64_t s_lo = std::max<int64_t>(B.lo, 0), s_hi = std::min<int64_t>(B.hi, 63);
      if (s_lo > s_hi) return anything(true);
      out.may_fail = operands_fail || B.lo < 0 || B.hi > 63;
      const int64_t c[4] = {A.lo >> s_lo, A.lo >> s_hi, A.hi >> s_lo, A.hi >> s_hi};
      out.lo = *std::min_element(c, c + 4);
      out.hi = *std::max_element(c, c + 4);
      if (s_lo == s_hi) {  // arithmetic shifts of the known bits: the sign's, where known, comes in
        out.one = static_cast<uint64_t>(static_cast<int64_t>(A.one) >> s_lo);
        out.zero = static_cast<uint64_t>(static_cast<int64_t>(A.zero) >> s_lo);
      }
      return out;
    }
    case rule_code::eq:
    case rule_code::ne: {
      const bool differ = A.hi < B.lo || B.hi < A.lo || (A.one & B.zero) || (A.zero & B.one);
      const bool same = singleton(A) && singleton(B) && A.lo == B.lo;
      return o.code == rule_code::eq ? truth(same, differ, operands_fail) : truth(differ, same, operands_fail);
    }
    case rule_code::lt: return truth(A.hi < B.lo, A.lo >= B.hi, operands_fail);
    case rule_code::le: return truth(A.hi <= B.lo, A.lo > B.hi, operands_fail);
    case rule_code::gt: return truth(A.lo > B.hi, A.hi <= B.lo, operands_fail);
    case rule_code::ge: return truth(A.lo >= B.hi, A.hi < B.lo, operands_fail);
    case rule_code::logical_not: return truth(known_false(A), known_true(A), operands_fail);
    case rule_code::logical_and:  // the right side read (and its failure taken) only where a holds
      if (known_false(A)) return truth(false, true, fa);
      if (known_true(A)) return truth(known_true(B), known_false(B), fa || B.may_fail);
      return truth(false, known_false(B), fa || B.may_fail);
    case rule_code::logical_or:
      if (known_true(A)) return truth(true, false, fa);
      if (known_false(A)) return truth(known_true(B), known_false(B), fa || B.may_fail);
      return truth(known_true(B), false, fa || B.may_fail);
    case rule_code::select:
      if (known_true(A)) return either(B, B, fa || B.may_fail);
      if (known_false(A)) return either(C, C, fa || C.may_fail);
      return either(B, C, fa || B.may_fail || C.may_fail);
    case rule_code::bit: {
      if (B.lo < 0 || B.hi > 63) return truth(false, false, true);
      if (singleton(B)) {
        const uint64_t m = uint64_t{1} << B.lo;
        return truth((A.one & m) != 0, (A.zero & m) != 0, operands_fail);
      }
      return truth(false, false, operands_fail);
    }
    case rule_code::popcount:
      out.lo = core::popcount64(A.one);
      out.hi = core::popcount64(~A.zero);
      return out;
    case rule_code::min:
      out.lo = std::min(A.lo, B.lo);
      out.hi = std::min(A.hi, B.hi);
      return out;
    case rule_code::max:
      out.lo = std::max(A.lo, B.lo);
      out.hi = std::max(A.hi, B.hi);
      return out;
    case rule_code::floor_log2:
    case rule_code::ceil_log2: {
      if (A.hi < 1) return anything(true);
      const uint64_t lo = static_cast<uint64_t>(std::max<int64_t>(A.lo, 1)), hi = static_cast<uint64_t>(A.hi);
      const bool ceil = o.code == rule_code::ceil_log2;
      out.lo = core::msb64(lo) + (ceil && (lo & (lo - 1)) != 0);
      out.hi = core::msb64(hi) + (ceil && (hi & (hi - 1)) != 0);
      out.may_fail = operands_fail || A.lo < 1;
      return out;
    }
    default:  // gcd, pow: their bounds are not worked out
      return anything(true);
  }
}

}  // namespace

void rule_bound_block(const rule_program& p, const rule_expression& e, uint64_t first, int free_bits,
                      rule_bound* out) {
  for (int k = 0; k < e.count; ++k) {
    out[k] = bound_op(p, p.ops[e.first + k], first, free_bits, out);
    settle(out[k]);
  }
}

rule_block_verdict rule_decide_block(const rule_program& p, const rule_expression& e, uint64_t first,
                                     int free_bits) {
  rule_bound r[rule_max_ops];
  rule_bound_block(p, e, first, free_bits, r);
  const rule_bound& result = r[e.count - 1];
  if (result.may_fail || result.lo > result.hi || (result.one & result.zero)) return rule_block_verdict::undecided;
  if (known_false(result)) return rule_block_verdict::none;
  if (known_true(result)) return rule_block_verdict::all;
  return rule_block_verdict::undecided;
}

}  // namespace tv::families
