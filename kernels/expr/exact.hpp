// Values of the expression language and its exact arithmetic: 64-bit integers whose every
// operation is checked (__builtin_*_overflow; an overflow is an expr_error, never a
// wrapped value) and rationals of two int64 kept in lowest terms (intermediate products
// in 128 bits, the result refused when it does not fit back).  The evaluator
// (evaluate.hpp) calls these for one value and in its loops over columns of nodes, so
// both paths compute the same thing.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/expr/ast.hpp"
#include "kernels/expr/names.hpp"

namespace tv::expr {

/// One value.  integer and boolean (0 / 1) in `i`; a rational is i / den with den > 0
/// and gcd(i, den) = 1 (printed as an integer when den is 1); a float in `f`.  `s` is
/// always the static type of the node that computed the value.
struct value {
  scalar s = scalar::integer;
  int64_t i = 0;
  int64_t den = 1;
  double f = 0;

  static value integer(int64_t v) { return {scalar::integer, v, 1, 0}; }
  static value boolean(bool b) { return {scalar::boolean, b ? 1 : 0, 1, 0}; }
  static value real(double v) { return {scalar::real, 0, 1, v}; }
  bool truth() const { return i != 0; }
};

/// @brief The value as the user reads it: "42", "7/2", "2.5", "true".  A float prints
/// with the fewest digits that read back to it.
std::string to_text(const value& v);

/// @brief The value as `s` (integer -> rational -> float); `s` must not be below v.s.
value promote_to(const value& v, scalar s);

/// @brief The rational num / den in lowest terms (a rational even when den is 1); expr_error at `column` when den is 0
/// ("division by zero") or the reduced terms do not fit 64 bits.
value make_rational(__int128 num, __int128 den, int column);

/// @brief -1, 0, 1 as a < b, a == b, a > b; exact between integers and rationals, as
/// doubles when either is a float.
int compare(const value& a, const value& b);

[[noreturn]] void overflow(int column, const std::string& what);

/// Checked integer steps; `column` is where the error points.
inline int64_t add_checked(int64_t a, int64_t b, int column) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    overflow(column, std::to_string(a) + " + " + std::to_string(b));
  return r;
}
inline int64_t sub_checked(int64_t a, int64_t b, int column) {
  int64_t r;
  if (__builtin_sub_overflow(a, b, &r))
    overflow(column, std::to_string(a) + " - " + std::to_string(b));
  return r;
}
inline int64_t mul_checked(int64_t a, int64_t b, int column) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    overflow(column, std::to_string(a) + " * " + std::to_string(b));
  return r;
}
/// Floor modulo: the result has the divisor's sign (-7 % 3 == 2), so a == b * floor(a/b) + a % b.
int64_t mod_checked(int64_t a, int64_t b, int column);
/// a * 2^k, checked; k must be 0..63.
int64_t shl_checked(int64_t a, int64_t k, int column);
/// floor(a / 2^k); k must be 0..63.
int64_t shr_checked(int64_t a, int64_t k, int column);

}  // namespace tv::expr
