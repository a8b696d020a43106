// Exact arithmetic of the expression language (see exact.hpp).
#include "kernels/expr/exact.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tv::expr {

namespace {

unsigned __int128 magnitude(__int128 x) {
  return x < 0 ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(x)
               : static_cast<unsigned __int128>(x);
}

unsigned __int128 gcd128(unsigned __int128 a, unsigned __int128 b) {
  while (b) {
    const unsigned __int128 t = a % b;
    a = b;
    b = t;
  }
  return a;
}

std::string text128(__int128 x) {
  if (x == 0) return "0";
  std::string s;
  unsigned __int128 m = magnitude(x);
  while (m) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  return (x < 0 ? "-" : "") + s;
}

}  // namespace

void overflow(int column, const std::string& what) {
  throw expr_error(column, what + " overflows the 64-bit integers (-2^63 .. 2^63 - 1)");
}

std::string to_text(const value& v) {
  switch (v.s) {
    case scalar::integer: return std::to_string(v.i);
    case scalar::boolean: return v.i ? "true" : "false";
    case scalar::rational:
      return v.den == 1 ? std::to_string(v.i) : std::to_string(v.i) + "/" + std::to_string(v.den);
    case scalar::real: {
      char buf[40];
      for (int digits = 6; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v.f);
        if (std::strtod(buf, nullptr) == v.f) break;
      }
      return buf;
    }
  }
  return "?";
}

value promote_to(const value& v, scalar s) {
  if (v.s == s || s == scalar::boolean) return v;
  if (s == scalar::rational) return {scalar::rational, v.i, v.s == scalar::rational ? v.den : 1, 0};
  // To a float.
  if (v.s == scalar::real) return v;
  return value::real(static_cast<double>(v.i) / static_cast<double>(v.den));
}

value make_rational(__int128 num, __int128 den, int column) {
  if (den == 0) throw expr_error(column, "division by zero");
  if (den < 0) {
    num = -num;
    den = -den;
  }
  const unsigned __int128 g = gcd128(magnitude(num), static_cast<unsigned __int128>(den));
  if (g > 1) {
    num /= static_cast<__int128>(g);
    den /= static_cast<__int128>(g);
  }
  if (num < INT64_MIN || num > INT64_MAX || den > INT64_MAX)
    overflow(column, "the rational " + text128(num) + "/" + text128(den));
  return {scalar::rational, static_cast<int64_t>(num), static_cast<int64_t>(den), 0};
}

int compare(const value& a, const value& b) {
  if (a.s == scalar::real || b.s == scalar::real) {
    const double x = promote_to(a, scalar::real).f, y = promote_to(b, scalar::real).f;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  // Exact: a.i / a.den against b.i / b.den, both denominators positive.
  const __int128 x = static_cast<__int128>(a.i) * b.den, y = static_cast<__int128>(b.i) * a.den;
  return x < y ? -1 : x > y ? 1 : 0;
}

int64_t mod_checked(int64_t a, int64_t b, int column) {
  if (b == 0) throw expr_error(column, std::to_string(a) + " % 0: division by zero");
  if (b == -1) return 0;  // INT64_MIN % -1 would trap
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

int64_t shl_checked(int64_t a, int64_t k, int column) {
  if (k < 0 || k > 63)
    throw expr_error(column, std::to_string(a) + " << " + std::to_string(k) + ": a shift must be 0 to 63");
  if (k == 63) {
    if (a == 0 || a == -1) return a == 0 ? 0 : INT64_MIN;
    overflow(column, std::to_string(a) + " << 63");
  }
  int64_t r;
  if (__builtin_mul_overflow(a, int64_t{1} << k, &r))
    overflow(column, std::to_string(a) + " << " + std::to_string(k));
  return r;
}

int64_t shr_checked(int64_t a, int64_t k, int column) {
  if (k < 0 || k > 63)
    throw expr_error(column, std::to_string(a) + " >> " + std::to_string(k) + ": a shift must be 0 to 63");
  return a >> k;  // arithmetic: floor(a / 2^k) (C++20 defines it; g++ always has)
}

}  // namespace tv::expr
