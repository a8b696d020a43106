// The Slim Fly (constructions.hpp): Besta & Hoefler, "Slim Fly: A Cost Effective
// Low-Diameter Network Topology", SC 2014, Section 3.1 (the McKay-Miller-Siran graphs).
// The generator sets X and X' per delta are the paper's; EvalNet's SlimFlyGenerator
// (spcl/evalnet) builds the same sets.
#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"
#include "kernels/graph/topologies/galois_field.hpp"

namespace tv::graph::topologies {

namespace {

int delta_of(uint64_t q) {
  switch (q % 4) {
    case 0: return 0;
    case 1: return 1;
    case 3: return -1;
    default: throw std::invalid_argument("slimfly: q = " + std::to_string(q) +
                                         " is not 4w + delta with delta in {-1, 0, 1}");
  }
}

/// The exponents e of ξ^e in X (odd = false) or X' (odd = true), as the paper lists them.
std::vector<uint64_t> generator_exponents(uint64_t q, int delta, bool odd) {
  std::vector<uint64_t> e;
  const uint64_t w = static_cast<uint64_t>((static_cast<int64_t>(q) - delta) / 4);
  if (delta == 1) {  // X = {1, ξ^2, ..., ξ^(q-3)}, X' = {ξ, ξ^3, ..., ξ^(q-2)}
    for (uint64_t i = odd ? 1 : 0; i <= q - 2; i += 2) e.push_back(i);
  } else if (delta == 0) {  // X = {1, ξ^2, ..., ξ^(q-2)}, X' = {ξ, ξ^3, ..., ξ^(q-1)}
    for (uint64_t i = odd ? 1 : 0; i <= q - 1; i += 2) e.push_back(i);
  } else {  // delta = -1: X = {1, ξ^2, ..., ξ^(2w-2), ξ^(2w-1), ξ^(2w+1), ..., ξ^(4w-3)}
            //            X' = {ξ, ξ^3, ..., ξ^(2w-1), ξ^(2w), ξ^(2w+2), ..., ξ^(4w-2)}
    for (uint64_t i = odd ? 1 : 0; i <= 2 * w - (odd ? 1 : 2); i += 2) e.push_back(i);
    for (uint64_t i = 2 * w - (odd ? 0 : 1); i <= 4 * w - (odd ? 2 : 3); i += 2) e.push_back(i);
  }
  return e;
}

}  // namespace

topology_shape slim_fly_shape(uint64_t q) {
  const int delta = delta_of(q);
  if (as_prime_power(q).p == 0 || q < 3)
    throw std::invalid_argument("slimfly: q = " + std::to_string(q) + " is not a prime power of at least 3");
  if (q > (1u << 16)) throw std::invalid_argument("slimfly: q = " + std::to_string(q) + " is over 65536");
  const uint64_t degree = static_cast<uint64_t>((3 * static_cast<int64_t>(q) - delta) / 2);
  return {2 * q * q, q * q * degree};
}

topology slim_fly(uint64_t q, uint32_t p) {
  const topology_shape shape = slim_fly_shape(q);
  const int delta = delta_of(q);
  const galois_field f = galois_field::make(q);
  std::vector<uint32_t> X, Xp;
  for (uint64_t e : generator_exponents(q, delta, false)) X.push_back(f.primitive_power(e));
  for (uint64_t e : generator_exponents(q, delta, true)) Xp.push_back(f.primitive_power(e));
  const uint64_t qq = q * q;
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    const uint32_t s = static_cast<uint32_t>(v / qq), a = static_cast<uint32_t>(v / q % q),
                   b = static_cast<uint32_t>(v % q);
    if (s == 0) {  // (0, x, y): y - y' in X; and (1, m, y - m x) for every m
      for (uint32_t g : X) add(static_cast<uint32_t>(a * q + f.sub(b, g)));
      for (uint32_t m = 0; m < q; ++m) add(static_cast<uint32_t>(qq + m * q + f.sub(b, f.mul(m, a))));
    } else {  // (1, m, c): c - c' in X'; and (0, x, m x + c) for every x
      for (uint32_t g : Xp) add(static_cast<uint32_t>(qq + a * q + f.sub(b, g)));
      for (uint32_t x = 0; x < q; ++x) add(static_cast<uint32_t>(x * q + f.add(f.mul(a, x), b)));
    }
  });
  t.facts.endpoints.per_router = p;
  t.facts.construction = "MMS graph over GF(" + std::to_string(q) + "), delta = " + std::to_string(delta) +
                   ", primitive element ξ = " + std::to_string(f.primitive_power(1)) +
                   " (elements as base-" + std::to_string(f.p) + " coefficient digits)";
  return t;
}

}  // namespace tv::graph::topologies
