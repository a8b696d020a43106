// The grammar a guess searches (docs/guess.md, "The grammar"): the terms a formula is a
// rational linear combination of, and the conditions a case split may test, each with its
// text as `check --claim` reads it and its value on every row of the table.
//
// Atoms, for each parameter p and each other parameter q:
//   p   p*p   ceil(p/c) floor(p/c) (c = 2, 3, 4)   pow(b, p) (b = 2, 3, 4)   pow(q, p)
//   fib(p - 1) fib(p) fib(p + 1) fib(p + 2)
//   ceil(p/q) floor(p/q) ceil((p - 1)/q) floor((p - 1)/q) ceil((p + 1)/q) floor((p + 1)/q)
//   binomial(p, q)   p*q
// Products: a*b of two different factors among p, ceil(p/2), floor(p/2), pow(b, p),
// fib(p + s) (any parameters).
// Conditions: p % c == r (c = 2, 3, 4; 0 <= r < c), p % q == 0, (p - 1) % q == 0, and
// p == v for the two smallest values v of p.
#pragma once
#include <string>
#include <vector>

#include "host/guess/table.hpp"

namespace tv::host::guess {

/// A term: its text, and its value on each row of the table (long double holds every
/// integer below 2^64 exactly).  `usable` is false where the term is undefined or
/// overflows 64 bits on some row (fib of a negative number, a division by zero, a power
/// above 2^63): such a term is left out of every fit on that table.
struct term {
  std::string text;
  std::vector<long double> on;
  bool product = false;  // a product of two factors (a formula holds at most one)
  bool usable = true;
};

/// A case split's condition and where it is true.
struct condition {
  std::string text;
  std::vector<bool> on;
};

/// @brief Every term of the grammar on `t`'s parameters, usable or not, the simplest
/// first; terms whose values equal an earlier term's on every row are left out.
std::vector<term> terms_of(const table& t);

/// @brief Every condition of the grammar that splits `t`'s rows into two non-empty parts
/// (conditions with the same parts as an earlier one are left out).
std::vector<condition> conditions_of(const table& t);

}  // namespace tv::host::guess
