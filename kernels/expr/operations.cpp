// The operators and functions on single values (see operations.hpp).
#include "kernels/expr/operations.hpp"

#include <cmath>

namespace tv::expr {

namespace {

struct site {
  const expression& e;
  int i;
  int column() const { return e.at(i).column; }
  std::string text() const { return "'" + e.text_of(i) + "'"; }
  [[noreturn]] void fail(const std::string& why) const { throw expr_error(column(), text() + ": " + why); }
};

value rational_of(const value& v) { return promote_to(v, scalar::rational); }
double real_of(const value& v) { return promote_to(v, scalar::real).f; }

value arithmetic(const site& at, op o, const value& a, const value& b, scalar s) {
  const int c = at.column();
  if (s == scalar::real) {
    const double x = real_of(a), y = real_of(b);
    switch (o) {
      case op::add: return value::real(x + y);
      case op::sub: return value::real(x - y);
      case op::mul: return value::real(x * y);
      default:
        if (y == 0) at.fail("division by zero");
        return value::real(x / y);
    }
  }
  if (s == scalar::integer) {
    switch (o) {
      case op::add: return value::integer(add_checked(a.i, b.i, c));
      case op::sub: return value::integer(sub_checked(a.i, b.i, c));
      default: return value::integer(mul_checked(a.i, b.i, c));
    }
  }
  // Rational: 128-bit cross products, reduced.
  const value x = rational_of(a), y = rational_of(b);
  const __int128 xn = x.i, xd = x.den, yn = y.i, yd = y.den;
  switch (o) {
    case op::add: return make_rational(xn * yd + yn * xd, xd * yd, c);
    case op::sub: return make_rational(xn * yd - yn * xd, xd * yd, c);
    case op::mul: return make_rational(xn * yn, xd * yd, c);
    default:
      if (yn == 0) at.fail("division by zero");
      return make_rational(xn * yd, xd * yn, c);
  }
}

/// floor (up = false) or ceil of a value, to an integer.
value round_to_integer(const site& at, const value& v, bool up) {
  if (v.s == scalar::integer) return v;
  if (v.s == scalar::rational) {
    int64_t q = v.i / v.den;
    const int64_t r = v.i % v.den;
    if (r != 0 && up && v.i > 0) ++q;
    if (r != 0 && !up && v.i < 0) --q;
    return value::integer(q);
  }
  const double x = up ? std::ceil(v.f) : std::floor(v.f);
  if (!std::isfinite(x) || x < -9223372036854775808.0 || x >= 9223372036854775808.0)
    at.fail("the float " + to_text(v) + " has no 64-bit integer part");
  return value::integer(static_cast<int64_t>(x));
}

int msb(uint64_t x) { return 63 - __builtin_clzll(x); }

/// floor(log2(x)) or ceil(log2(x)) of an exact x > 0: the k with 2^k <= x < 2^(k+1), and
/// one more when up and x is no power of two.
value exact_log2(const site& at, const value& v, bool up) {
  const value x = rational_of(v);
  if (x.i <= 0) at.fail("log2 of " + to_text(v) + ": log2 takes numbers above 0");
  // 2^k <= p / q: estimate from the top bits, then correct by exact comparison.
  const uint64_t p = static_cast<uint64_t>(x.i), q = static_cast<uint64_t>(x.den);
  int k = msb(p) - msb(q);
  auto at_most = [&](int e) {  // 2^e <= p / q, i.e. 2^e q <= p, with |e| < 64
    if (e >= 0) return (static_cast<unsigned __int128>(q) << e) <= p;
    return static_cast<unsigned __int128>(q) <= (static_cast<unsigned __int128>(p) << -e);
  };
  if (!at_most(k)) --k;
  const bool power = (k >= 0 ? (static_cast<unsigned __int128>(q) << k) == p
                             : static_cast<unsigned __int128>(q) == (static_cast<unsigned __int128>(p) << -k));
  return value::integer(up && !power ? k + 1 : k);
}

/// floor(sqrt(x)) or ceil(sqrt(x)) of an exact x >= 0.
value exact_sqrt(const site& at, const value& v, bool up) {
  const value x = rational_of(v);
  if (x.i < 0) at.fail("sqrt of " + to_text(v) + ": sqrt takes numbers from 0");
  const uint64_t whole = static_cast<uint64_t>(x.i / x.den);  // floor(sqrt(x)) = isqrt(floor(x))
  uint64_t r = static_cast<uint64_t>(std::sqrt(static_cast<double>(whole)));
  while (static_cast<unsigned __int128>(r) * r > whole) --r;
  while (static_cast<unsigned __int128>(r + 1) * (r + 1) <= whole) ++r;
  // ceil: the smallest c with c^2 >= p / q, i.e. c^2 q >= p.
  if (up && static_cast<unsigned __int128>(r) * r * static_cast<uint64_t>(x.den) < static_cast<uint64_t>(x.i)) ++r;
  return value::integer(static_cast<int64_t>(r));
}

value power(const site& at, const value& base, const value& exponent, scalar s) {
  if (s == scalar::real) {
    const double r = std::pow(real_of(base), real_of(exponent));
    if (!std::isfinite(r)) at.fail("the result is not a finite float");
    return value::real(r);
  }
  int64_t k = exponent.i;
  value b = base;
  if (k < 0) {
    if (s == scalar::integer)
      at.fail("a negative power of an integer is not an integer (write 1 / pow(a, k))");
    if (b.i == 0) at.fail("division by zero");
    b = make_rational(b.den, b.i, at.column());
    if (k == INT64_MIN) {  // -k overflows; only 1 and -1 have such a power
      if (b.den != 1 || (b.i != 1 && b.i != -1)) overflow(at.column(), "pow(" + to_text(base) + ", -2^63)");
      return make_rational(1, 1, at.column());
    }
    k = -k;
  }
  value r = s == scalar::integer ? value::integer(1) : make_rational(1, 1, at.column());
  while (k > 0) {
    if (k & 1) r = arithmetic(at, op::mul, r, b, s);
    k >>= 1;
    if (k > 0) b = arithmetic(at, op::mul, b, b, s);
  }
  return r;
}

value binomial(const site& at, int64_t n, int64_t k) {
  if (n < 0) at.fail("binomial(n, k) takes n from 0");
  if (k < 0 || k > n) return value::integer(0);
  k = std::min(k, n - k);
  __int128 r = 1;
  // C(n, i + 1) = C(n, i) (n - i) / (i + 1), exact at every step; the values grow with i
  // up to n / 2, so the last one fitting means each did.
  for (int64_t i = 0; i < k; ++i) {
    r = r * (n - i) / (i + 1);
    if (r > INT64_MAX) overflow(at.column(), "binomial(" + std::to_string(n) + ", " + std::to_string(k) + ")");
  }
  return value::integer(static_cast<int64_t>(r));
}

value fibonacci(const site& at, int64_t n) {
  if (n < 0) at.fail("fib(n) takes n from 0");
  if (n > 92) overflow(at.column(), "fib(" + std::to_string(n) + ")");  // fib(93) > 2^63
  uint64_t a = 0, b = 1;  // b runs one ahead: fib(93) fits the unsigned range
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t t = a + b;
    a = b;
    b = t;
  }
  return value::integer(static_cast<int64_t>(a));
}

value absolute(const site& at, const value& v) {
  if (v.s == scalar::real) return value::real(std::fabs(v.f));
  if (v.i == INT64_MIN) overflow(at.column(), "abs(" + std::to_string(v.i) + ")");
  value r = v;
  r.i = v.i < 0 ? -v.i : v.i;
  return r;
}

value call(const site& at, const node& n, const value* a) {
  const scalar s = n.type.s;
  switch (n.fn) {
    case builtin::ceil: return round_to_integer(at, a[0], true);
    case builtin::floor: return round_to_integer(at, a[0], false);
    case builtin::ceil_log2: return exact_log2(at, a[0], true);
    case builtin::floor_log2: return exact_log2(at, a[0], false);
    case builtin::ceil_sqrt: return exact_sqrt(at, a[0], true);
    case builtin::floor_sqrt: return exact_sqrt(at, a[0], false);
    case builtin::log2: {
      const double x = real_of(a[0]);
      if (!(x > 0)) at.fail("log2 of " + to_text(a[0]) + ": log2 takes numbers above 0");
      return value::real(std::log2(x));
    }
    case builtin::sqrt: {
      const double x = real_of(a[0]);
      if (!(x >= 0)) at.fail("sqrt of " + to_text(a[0]) + ": sqrt takes numbers from 0");
      return value::real(std::sqrt(x));
    }
    case builtin::min: case builtin::max: {
      value best = promote_to(a[0], s);
      for (size_t k = 1; k < n.args.size(); ++k) {
        const int c = compare(a[k], best);
        if (n.fn == builtin::min ? c < 0 : c > 0) best = promote_to(a[k], s);
      }
      return best;
    }
    case builtin::abs: return absolute(at, a[0]);
    case builtin::gcd: {
      uint64_t x = a[0].i < 0 ? 0 - static_cast<uint64_t>(a[0].i) : static_cast<uint64_t>(a[0].i);
      uint64_t y = a[1].i < 0 ? 0 - static_cast<uint64_t>(a[1].i) : static_cast<uint64_t>(a[1].i);
      while (y) {
        const uint64_t t = x % y;
        x = y;
        y = t;
      }
      if (x > static_cast<uint64_t>(INT64_MAX)) overflow(at.column(), "gcd = 2^63");
      return value::integer(static_cast<int64_t>(x));
    }
    case builtin::binomial: return binomial(at, a[0].i, a[1].i);
    case builtin::fib: return fibonacci(at, a[0].i);
    case builtin::pow: return power(at, promote_to(a[0], s == scalar::real ? s : a[0].s), a[1], s);
    case builtin::if_: return promote_to(a[0].truth() ? a[1] : a[2], s);
    case builtin::bit:
      if (a[1].i < 0 || a[1].i > 63) at.fail("bit " + std::to_string(a[1].i) + ": bits are numbered 0 to 63");
      return value::integer((static_cast<uint64_t>(a[0].i) >> a[1].i) & 1);
    case builtin::popcount: return value::integer(__builtin_popcountll(static_cast<uint64_t>(a[0].i)));
    default: at.fail("a reduction has no value on one node");
  }
}

}  // namespace

value apply(const expression& e, int i, const value* a) {
  const node& n = e.at(i);
  const site at{e, i};
  const int c = n.column;
  if (n.kind == node_kind::call) return call(at, n, a);
  if (n.kind == node_kind::unary) {
    switch (n.oper) {
      case op::neg:
        if (a[0].s == scalar::real) return value::real(-a[0].f);
        if (a[0].i == INT64_MIN) overflow(c, "-(" + std::to_string(a[0].i) + ")");
        return {a[0].s, -a[0].i, a[0].den, 0};
      case op::bit_not: return value::integer(~a[0].i);
      default: return value::boolean(!a[0].truth());
    }
  }
  switch (n.oper) {
    case op::add: case op::sub: case op::mul: case op::div:
      return arithmetic(at, n.oper, a[0], a[1], n.type.s);
    case op::mod: return value::integer(mod_checked(a[0].i, a[1].i, c));
    case op::eq: return value::boolean(compare(a[0], a[1]) == 0);
    case op::ne: return value::boolean(compare(a[0], a[1]) != 0);
    case op::lt: return value::boolean(compare(a[0], a[1]) < 0);
    case op::le: return value::boolean(compare(a[0], a[1]) <= 0);
    case op::gt: return value::boolean(compare(a[0], a[1]) > 0);
    case op::ge: return value::boolean(compare(a[0], a[1]) >= 0);
    case op::logical_and: return value::boolean(a[0].truth() && a[1].truth());
    case op::logical_or: return value::boolean(a[0].truth() || a[1].truth());
    case op::bit_and: return value::integer(a[0].i & a[1].i);
    case op::bit_or: return value::integer(a[0].i | a[1].i);
    case op::bit_xor: return value::integer(a[0].i ^ a[1].i);
    case op::shl: return value::integer(shl_checked(a[0].i, a[1].i, c));
    case op::shr: return value::integer(shr_checked(a[0].i, a[1].i, c));
    default: break;
  }
  throw expr_error(c, "'" + e.text_of(i) + "' has no value of its own");
}

}  // namespace tv::expr
