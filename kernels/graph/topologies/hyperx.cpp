// HyperX and the flattened butterfly (constructions.hpp): Ahn, Binkert, Davis, McLaren &
// Schreiber, "HyperX: Topology, Routing, and Packaging of Efficient Large-Scale
// Networks", SC 2009, Section 3; Kim, Dally & Abts, "Flattened Butterfly: A
// Cost-Efficient Topology for High-Radix Networks", ISCA 2007, Section 2.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"

namespace tv::graph::topologies {

topology_shape hyperx_shape(const std::vector<uint64_t>& S) {
  if (S.empty()) throw std::invalid_argument("hyperx: S names no dimension");
  uint64_t n = 1, degree = 0;
  for (size_t i = 0; i < S.size(); ++i) {
    if (S[i] < 2) throw std::invalid_argument("hyperx: S_" + std::to_string(i + 1) + " = " +
                                              std::to_string(S[i]) + " must be at least 2");
    if (n > (uint64_t{1} << 40) / S[i]) throw std::invalid_argument("hyperx: prod S_i is over 2^40 routers");
    n *= S[i];
    degree += S[i] - 1;
  }
  return {n, n * degree / 2};
}

topology hyperx(const std::vector<uint64_t>& S, uint32_t T) {
  const topology_shape shape = hyperx_shape(S);
  std::vector<uint64_t> place(S.size(), 1);
  for (size_t i = 1; i < S.size(); ++i) place[i] = place[i - 1] * S[i - 1];
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    for (size_t i = 0; i < S.size(); ++i) {
      const uint64_t digit = v / place[i] % S[i], base = v - digit * place[i];
      for (uint64_t d = 0; d < S[i]; ++d)
        if (d != digit) add(static_cast<uint32_t>(base + d * place[i]));
    }
  });
  t.facts.endpoints.per_router = T;
  t.facts.construction = "Hamming graph, K = 1 link per pair of routers that differ in one dimension";
  return t;
}

topology flattened_butterfly(uint64_t k, uint64_t n, uint32_t concentration) {
  if (k < 2) throw std::invalid_argument("flattenedbutterfly: k = " + std::to_string(k) + " must be at least 2");
  if (n < 2) throw std::invalid_argument("flattenedbutterfly: n = " + std::to_string(n) + " must be at least 2");
  topology t = hyperx(std::vector<uint64_t>(n - 1, k), concentration);
  t.facts.construction = "k-ary n-flat: the HyperX over n-1 dimensions of k routers";
  return t;
}

}  // namespace tv::graph::topologies
