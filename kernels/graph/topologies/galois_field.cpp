// GF(q) by a primitive polynomial found by its order (galois_field.hpp).
#include "kernels/graph/topologies/galois_field.hpp"

#include <stdexcept>
#include <string>

namespace tv::graph::topologies {

prime_power as_prime_power(uint64_t q) {
  if (q < 2) return {};
  uint64_t p = 0;
  for (uint64_t d = 2; d * d <= q; ++d)
    if (q % d == 0) { p = d; break; }
  if (p == 0) return {static_cast<uint32_t>(q), 1};  // q is prime
  uint32_t m = 0;
  while (q % p == 0) q /= p, ++m;
  return q == 1 ? prime_power{static_cast<uint32_t>(p), m} : prime_power{};
}

uint32_t galois_field::add(uint32_t a, uint32_t b) const {
  if (m == 1) return (a + b) % p;
  uint32_t out = 0, scale = 1;
  for (uint32_t i = 0; i < m; ++i, a /= p, b /= p, scale *= p) out += ((a % p + b % p) % p) * scale;
  return out;
}

uint32_t galois_field::neg(uint32_t a) const {
  if (m == 1) return (p - a) % p;
  uint32_t out = 0, scale = 1;
  for (uint32_t i = 0; i < m; ++i, a /= p, scale *= p) out += ((p - a % p) % p) * scale;
  return out;
}

namespace {

/// x * a mod f, on digit vectors: shift up one place, subtract top * f's low coefficients.
void times_x(std::vector<uint32_t>& d, const std::vector<uint32_t>& f, uint32_t p) {
  const uint32_t top = d.back();
  for (size_t i = d.size() - 1; i > 0; --i) d[i] = d[i - 1];
  d[0] = 0;
  for (size_t i = 0; i < d.size(); ++i) d[i] = (d[i] + (p - (top * f[i]) % p)) % p;
}

uint32_t value_of(const std::vector<uint32_t>& d, uint32_t p) {
  uint32_t v = 0;
  for (size_t i = d.size(); i-- > 0;) v = v * p + d[i];
  return v;
}

}  // namespace

galois_field galois_field::make(uint64_t q) {
  const prime_power pp = as_prime_power(q);
  if (pp.p == 0 || q > (uint64_t{1} << 20))
    throw std::invalid_argument("q = " + std::to_string(q) +
                                " is not a prime power from 2 to 2^20 (a field GF(q) needs one)");
  galois_field f;
  f.p = pp.p, f.m = pp.m, f.q = static_cast<uint32_t>(q);
  f.log.assign(q, 0);
  // Each candidate f: the low coefficients as one base-p integer c.
  for (uint64_t c = 0; c < q; ++c) {
    std::vector<uint32_t> coeff(f.m);
    for (uint32_t i = 0, rest = static_cast<uint32_t>(c); i < f.m; ++i, rest /= f.p) coeff[i] = rest % f.p;
    if (coeff[0] == 0) continue;  // x divides f: x is no unit
    std::vector<uint32_t> d(f.m, 0);
    d[0] = 1;
    f.antilog.assign(1, 1);
    bool primitive = true;
    for (uint64_t i = 1; i < q - 1; ++i) {
      times_x(d, coeff, f.p);
      const uint32_t v = value_of(d, f.p);
      if (v == 1) { primitive = false; break; }  // order below q - 1
      f.antilog.push_back(v);
    }
    if (!primitive) continue;
    times_x(d, coeff, f.p);
    if (value_of(d, f.p) != 1) continue;  // not even a unit's cycle: f reducible
    f.coefficients = coeff;
    for (uint32_t i = 0; i < f.antilog.size(); ++i) f.log[f.antilog[i]] = i;
    return f;
  }
  throw std::logic_error("GF(" + std::to_string(q) + "): no primitive polynomial found");
}

}  // namespace tv::graph::topologies
