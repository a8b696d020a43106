// Arc counts of a family's CSR graph from its counting formulas, without enumerating a
// label: the memory plan needs them to refuse an instance that cannot fit in
// milliseconds, before any work (a count over the labels takes seconds at 10^8 nodes).
// Families without a closed form here (EFC, LRN, rule families) give none; their plan
// counts degrees.
#pragma once
#include <cstdint>
#include <optional>
#include <variant>

#include "kernels/families/family.hpp"

namespace tv::families {

namespace detail {

// Valid postal strings of r bits, where a negative r (a window past the label's end)
// leaves the one empty choice.
inline uint64_t postal_strings(const postal_network& p, int r) { return r <= 0 ? 1 : p.count[r]; }

// PN_lambda(n): every label x with bit b set has the neighbour x without it, and those are
// all the edges.  Setting bit b forces the lambda-1 bits on each side to 0, which leaves
// free strings above (bits b+lambda .. n-1) and below (bits 0 .. b-lambda).
inline uint64_t postal_arcs(const postal_network& p) {
  uint64_t edges = 0;
  for (int b = 0; b < p.n; ++b)
    edges += postal_strings(p, p.n - b - p.lambda) * postal_strings(p, b - p.lambda + 1);
  return 2 * edges;
}

// A regular family without loops or repeated arcs: N times the (out-)degree.
template <class Family>
uint64_t regular_arcs(const Family& f) { return f.size() * static_cast<uint64_t>(f.max_degree()); }

}  // namespace detail

/// @brief The number of arcs of the family's CSR graph (undirected: twice the edges), from
/// a closed form where one is known; std::nullopt otherwise.
inline std::optional<uint64_t> arcs_by_formula(const family& f) {
  struct visitor {
    std::optional<uint64_t> operator()(const hypercube& q) const {
      return q.size() * static_cast<uint64_t>(q.n);
    }
    std::optional<uint64_t> operator()(const postal_network& p) const { return detail::postal_arcs(p); }
    std::optional<uint64_t> operator()(const metacube& m) const {
      return m.size() * static_cast<uint64_t>(m.max_degree());  // regular of degree k + m
    }
    std::optional<uint64_t> operator()(const de_bruijn& d) const {
      if (d.directed()) return 2 * d.size();  // two out-arcs each, the two loops included
      // Undirected: the loops at 0..0 and 1..1 go, and 01..01 <-> 10..10 is one edge
      // where the directed graph has two arcs (k >= 2); DDB(1) is the single edge {0, 1}.
      return d.k == 1 ? 2 : 2 * (2 * d.size() - 3);
    }
    std::optional<uint64_t> operator()(const dary_de_bruijn& b) const {
      // Directed: d arcs each, loops included.  Undirected: the d loops go, and each of
      // the d(d-1) period-2 words abab.. shares its edge with its successor's arc back.
      const uint64_t d = static_cast<uint64_t>(b.d);
      if (b.directed()) return d * b.size();
      return 2 * (d * b.size() - d - d * (d - 1) / 2);
    }
    // The comparators are regular.
    std::optional<uint64_t> operator()(const folded_hypercube& q) const { return detail::regular_arcs(q); }
    std::optional<uint64_t> operator()(const torus& t) const { return detail::regular_arcs(t); }
    std::optional<uint64_t> operator()(const kautz& g) const { return detail::regular_arcs(g); }
    std::optional<uint64_t> operator()(const star_graph& s) const { return detail::regular_arcs(s); }
    std::optional<uint64_t> operator()(const enhanced_fibonacci_cube&) const { return std::nullopt; }
    std::optional<uint64_t> operator()(const linear_recursive&) const { return std::nullopt; }
    std::optional<uint64_t> operator()(const rule_family&) const { return std::nullopt; }
  };
  return std::visit(visitor{}, f);
}

}  // namespace tv::families
