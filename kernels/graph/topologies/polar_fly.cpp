// PolarFly (constructions.hpp): Lakhotia, Besta, Monroe, Isham, Iff, Hoefler & Petrini,
// "PolarFly: A Cost-Effective and Flexible Low-Diameter Topology", SC 2022, Section 3:
// the Erdos-Renyi polarity graph ER_q on the points of PG(2, q).
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"
#include "kernels/graph/topologies/galois_field.hpp"

namespace tv::graph::topologies {

topology_shape polar_fly_shape(uint64_t q) {
  if (as_prime_power(q).p == 0)
    throw std::invalid_argument("polarfly: q = " + std::to_string(q) + " is not a prime power");
  if (q > (1u << 16)) throw std::invalid_argument("polarfly: q = " + std::to_string(q) + " is over 65536");
  return {q * q + q + 1, q * (q + 1) * (q + 1) / 2};
}

topology polar_fly(uint64_t q, uint32_t p) {
  const topology_shape shape = polar_fly_shape(q);
  const galois_field f = galois_field::make(q);
  const uint32_t Q = static_cast<uint32_t>(q);
  // The point of id v as its normalized vector (first nonzero coordinate 1), and back.
  auto point = [Q](uint32_t v, uint32_t u[3]) {
    if (v < Q * Q) u[0] = 1, u[1] = v / Q, u[2] = v % Q;
    else if (v < Q * Q + Q) u[0] = 0, u[1] = 1, u[2] = v - Q * Q;
    else u[0] = 0, u[1] = 0, u[2] = 1;
  };
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    uint32_t u[3];
    point(v, u);
    auto keep = [&](uint32_t w) { if (w != v) add(w); };  // a self-orthogonal point has no loop
    // Solve u . w = 0 for each shape of normalized w.
    // w = (1, a, b): u0 + u1 a + u2 b = 0.
    if (u[2] != 0) {
      for (uint32_t a = 0; a < Q; ++a) keep(a * Q + f.div(f.neg(f.add(u[0], f.mul(u[1], a))), u[2]));
    } else if (u[1] != 0) {
      const uint32_t a = f.div(f.neg(u[0]), u[1]);
      for (uint32_t b = 0; b < Q; ++b) keep(a * Q + b);
    }
    // w = (0, 1, b): u1 + u2 b = 0.
    if (u[2] != 0) keep(Q * Q + f.div(f.neg(u[1]), u[2]));
    else if (u[1] == 0) for (uint32_t b = 0; b < Q; ++b) keep(Q * Q + b);
    // w = (0, 0, 1): u2 = 0.
    if (u[2] == 0) keep(Q * Q + Q);
  });
  t.facts.endpoints.per_router = p;
  t.facts.construction = "ER_" + std::to_string(q) + ": points of PG(2, " + std::to_string(q) +
                   ") joined when orthogonal, GF(q) elements as base-" + std::to_string(f.p) +
                   " coefficient digits";
  return t;
}

}  // namespace tv::graph::topologies
