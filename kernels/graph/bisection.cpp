// The bisection width's coordinate cuts and the entry point (bisection.hpp); the exact
// enumeration is bisection_exact.cpp.
#include "kernels/graph/bisection.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace tv::graph {

namespace {

/// Field `field` of a label (field 0 the lowest bits).
uint64_t field_of(uint64_t label, const label_fields& c, int field) {
  const uint64_t mask = c.field_bits >= 64 ? ~uint64_t{0} : (uint64_t{1} << c.field_bits) - 1;
  return (label >> (field * c.field_bits)) & mask;
}

/// The balanced split that puts first the floor(N/2) nodes of least key, ties by node
/// index: keys (below 2^31) and indices (below 2^32) packed into one word, the split at
/// its floor(N/2)-th least value.
std::vector<char> split_by_key(const std::vector<uint64_t>& key) {
  const uint64_t n = key.size(), half = n / 2;
  std::vector<uint64_t> packed(n);
  for (uint64_t v = 0; v < n; ++v) packed[v] = key[v] << 32 | v;
  std::vector<char> first(n, 0);
  if (half == 0) return first;
  std::vector<uint64_t> sorted = packed;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(half - 1), sorted.end());
  const uint64_t last_in = sorted[half - 1];
  for (uint64_t v = 0; v < n; ++v) first[v] = packed[v] <= last_in;
  return first;
}

}  // namespace

label_fields label_fields_of(const families::family& f) {
  if (const auto* t = std::get_if<families::torus>(&f)) return {t->n, t->digit_bits};
  if (const auto* k = std::get_if<families::kautz>(&f)) return {k->k, k->symbol_bits};
  if (const auto* s = std::get_if<families::star_graph>(&f)) return {s->n, s->symbol_bits};
  if (const auto* d = std::get_if<families::dary_de_bruijn>(&f)) return {d->k, d->symbol_bits};
  return {families::bits_of(f), 1};
}

uint64_t cut_width(const csr_graph& g, const std::vector<char>& in_first) {
  uint64_t crossing = 0;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) crossing += in_first[u] != in_first[g.targets[a]];
  return g.directed ? crossing : crossing / 2;  // an undirected edge is two arcs
}

bisection_result bisection_width(const csr_graph& g, const bisection_options& opt) {
  if (opt.exact_max_nodes > exact_bisection_limit)
    throw std::invalid_argument("bisection: exact enumeration goes up to N = " +
                                std::to_string(exact_bisection_limit));
  if (opt.coordinates.field_bits < 1 || opt.coordinates.field_bits > 31 || opt.coordinates.fields < 0 ||
      static_cast<int64_t>(opt.coordinates.fields) * opt.coordinates.field_bits > 64)
    throw std::invalid_argument("bisection: label fields must have 1 to 31 bits and fit 64");
  bisection_result r;
  const uint64_t n = g.nodes;
  std::vector<uint64_t> key(n, 0);
  auto try_cut = [&](int field, bool descending) {
    if (opt.control.stop_requested()) throw core::interrupted("bisection stopped");
    const uint64_t top = (uint64_t{1} << opt.coordinates.field_bits) - 1;
    for (uint64_t v = 0; v < n; ++v) {
      const uint64_t value = field < 0 ? 0 : field_of(g.labels[v], opt.coordinates, field);
      key[v] = descending ? top - value : value;
    }
    const uint64_t width = cut_width(g, split_by_key(key));
    if (r.cuts_tried++ == 0 || width < r.best_cut.width) r.best_cut = {field, descending, width};
  };
  try_cut(-1, false);  // label order: all keys equal, the split by node index
  for (int field = 0; field < opt.coordinates.fields; ++field) {
    try_cut(field, false);
    try_cut(field, true);
  }
  if (n <= opt.exact_max_nodes) r.exact_width = exact_bisection_width(g, r.exact_side, r.splits, opt.control);
  return r;
}

}  // namespace tv::graph
