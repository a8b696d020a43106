// Bisection width: the fewest edges crossing a split of the nodes into halves of
// floor(N/2) and ceil(N/2) nodes (on a directed network, the arcs crossing in either
// direction).  Two figures, each labelled as what it is:
//  - an upper bound, the best of the balanced cuts along label coordinates: the label is
//    read as fields (each bit of a binary label, each digit of a torus, each symbol of a
//    Kautz, star or d-ary de Bruijn label); a field's cut puts the floor(N/2) nodes of
//    least (field value, node index) on one side, or of greatest value first; one more
//    cut takes the first half in label order.  On Q(n) and on tori of even k these are
//    the known optimal cuts (2^(n-1), 2 k^(n-1)).
//  - the exact width on small graphs, by enumerating every balanced split (with N even,
//    those that leave the last node on the larger side: the other half of the splits
//    are their complements): C(N-1, N/2) splits, 1.4 million at N = 24.
// CPU only, from the materialized graph.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/families/family.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// A label read as `fields` fields of `field_bits` bits each, field 0 the lowest bits.
struct label_fields {
  int fields = 0;
  int field_bits = 1;
};

/// @brief The coordinates of a family's labels: digits of a torus, symbols of Kautz, star
/// and d-ary de Bruijn labels, else every bit.
label_fields label_fields_of(const families::family& f);

/// Largest N the exact enumeration takes (C(29, 15) = 77.6 million splits at 30).
constexpr uint64_t exact_bisection_limit = 30;

struct bisection_options {
  label_fields coordinates;      // of g.labels; {0, 1}: only the label-order cut
  uint64_t exact_max_nodes = 24; // N up to this: exact too (at most exact_bisection_limit)
  core::run_control control;     // stop requests between blocks of splits
};

/// One coordinate cut: which field, and which end of its values goes first.
struct coordinate_cut {
  int field = -1;           // -1: the first half in label order
  bool descending = false;  // greatest field value first
  uint64_t width = 0;
};

struct bisection_result {
  coordinate_cut best_cut;                // the least width over the coordinate cuts
  uint64_t cuts_tried = 0;
  std::optional<uint64_t> exact_width;    // when N <= exact_max_nodes
  std::vector<uint32_t> exact_side;       // the floor(N/2) nodes of one minimum split
  uint64_t splits = 0;                    // balanced splits enumerated
};

/// @brief Edges (arcs in either direction, directed) between the nodes with in_first set
/// and the others.
uint64_t cut_width(const csr_graph& g, const std::vector<char>& in_first);

/// @brief The coordinate cuts' bound and, on small graphs, the exact width.  Raises
/// std::invalid_argument when exact_max_nodes exceeds exact_bisection_limit,
/// core::interrupted on a stop.
bisection_result bisection_width(const csr_graph& g, const bisection_options& opt);

/// @brief The exact width by enumeration (g.nodes <= exact_bisection_limit), with the
/// floor(N/2) nodes of the first minimum split in `side`.
uint64_t exact_bisection_width(const csr_graph& g, std::vector<uint32_t>& side, uint64_t& splits,
                               const core::run_control& control = {});

}  // namespace tv::graph
