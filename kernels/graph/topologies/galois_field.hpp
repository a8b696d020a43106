// The finite field GF(q), q = p^m a prime power, for the algebraic constructions: Slim
// Fly's MMS graphs and PolarFly's polarity graphs ER_q (constructions.hpp).
//
// An element is an integer 0 .. q-1 read as m base-p digits, digit i the coefficient of
// x^i of a polynomial of degree < m.  Addition is digit by digit mod p.  Multiplication
// goes through log and antilog tables over a primitive polynomial f, the first monic
// polynomial of degree m (its low coefficients counted as one base-p integer from 0)
// whose root x has multiplicative order q - 1; x is then the primitive element ξ (for
// m = 1, f = x + c and ξ = -c mod p is the least primitive root mod p).  Finding f by its
// order proves it primitive, hence irreducible: no table of polynomials is assumed.
#pragma once
#include <cstdint>
#include <vector>

namespace tv::graph::topologies {

struct galois_field {
  uint32_t p = 0, m = 0, q = 0;
  std::vector<uint32_t> coefficients;  // f = x^m + sum coefficients[i] x^i
  std::vector<uint32_t> antilog;       // antilog[i] = ξ^i, i = 0 .. q-2
  std::vector<uint32_t> log;           // log[antilog[i]] = i; log[0] unused

  /// @brief GF(q); std::invalid_argument unless q is a prime power from 2 to 2^20.
  static galois_field make(uint64_t q);

  uint32_t add(uint32_t a, uint32_t b) const;
  uint32_t neg(uint32_t a) const;
  uint32_t sub(uint32_t a, uint32_t b) const { return add(a, neg(b)); }
  uint32_t mul(uint32_t a, uint32_t b) const {
    return a == 0 || b == 0 ? 0 : antilog[(log[a] + log[b]) % (q - 1)];
  }
  /// a / b for b != 0.
  uint32_t div(uint32_t a, uint32_t b) const {
    return a == 0 ? 0 : antilog[(log[a] + (q - 1) - log[b]) % (q - 1)];
  }
  /// ξ^i for any i >= 0.
  uint32_t primitive_power(uint64_t i) const { return antilog[i % (q - 1)]; }
};

/// @brief p and m with q = p^m, or {0, 0} when q is not a prime power (q >= 2).
struct prime_power { uint32_t p = 0, m = 0; };
prime_power as_prime_power(uint64_t q);

}  // namespace tv::graph::topologies
