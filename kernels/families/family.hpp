// The closed set of network families as one std::variant.  Host code picks a family at
// run time and calls std::visit once; only code that needs labels (enumeration, CSR
// construction, routing and broadcast rules) is templated on the family.
// Adding a family: one header, one entry here, one entry in host/families.cpp, its tests.
#pragma once
#include <cstdint>
#include <variant>

#include "kernels/families/dary_debruijn.hpp"
#include "kernels/families/debruijn.hpp"
#include "kernels/families/efc.hpp"
#include "kernels/families/folded_hypercube.hpp"
#include "kernels/families/hypercube.hpp"
#include "kernels/families/kautz.hpp"
#include "kernels/families/lrn.hpp"
#include "kernels/families/metacube.hpp"
#include "kernels/families/postal.hpp"
#include "kernels/families/rule_family.hpp"
#include "kernels/families/star.hpp"
#include "kernels/families/torus.hpp"

namespace tv::families {

using family = std::variant<hypercube, postal_network, enhanced_fibonacci_cube, metacube,
                            de_bruijn, linear_recursive, folded_hypercube, torus, kautz,
                            star_graph, dary_de_bruijn, rule_family>;

inline uint64_t size_of(const family& f) {
  return std::visit([](const auto& x) { return x.size(); }, f);
}
inline int bits_of(const family& f) {
  return std::visit([](const auto& x) { return x.bits(); }, f);
}
inline bool is_directed(const family& f) {
  return std::visit([](const auto& x) { return x.directed(); }, f);
}
inline int max_degree_of(const family& f) {
  return std::visit([](const auto& x) { return x.max_degree(); }, f);
}
inline uint64_t unrank(const family& f, uint64_t i) {
  return std::visit([i](const auto& x) { return x.unrank(i); }, f);
}
inline uint64_t rank(const family& f, uint64_t label) {
  return std::visit([label](const auto& x) { return x.rank(label); }, f);
}
inline bool contains(const family& f, uint64_t label) {
  return std::visit([label](const auto& x) { return x.contains(label); }, f);
}

/// True for families whose labels are hypercube vertices joined by Hamming-1 edges (not
/// the de Bruijn and Kautz digraphs, not the folded hypercube's complement edges, not a
/// torus whose digits take more than one bit, not the star graph's transpositions); the
/// Hamming-path check applies to them.  A rule family has them when each of its neighbour
/// expressions is written x ^ (1 << E) (rule_family::hamming).
inline bool has_hamming_edges(const family& f) {
  if (const auto* t = std::get_if<torus>(&f)) return t->k == 2;
  if (const auto* r = std::get_if<rule_family>(&f)) return r->hamming;
  return !std::holds_alternative<de_bruijn>(f) && !std::holds_alternative<dary_de_bruijn>(f) &&
         !std::holds_alternative<kautz>(f) &&
         !std::holds_alternative<folded_hypercube>(f) && !std::holds_alternative<star_graph>(f);
}

}  // namespace tv::families
