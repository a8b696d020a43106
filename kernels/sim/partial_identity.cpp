// Identities of simulator partials: lookup, the first difference in words, checksums.
#include "kernels/sim/partial_identity.hpp"

#include <stdexcept>


namespace tv::sim {

uint64_t run_identity::get(const std::string& name) const {
  for (const auto& [key, value] : fields)
    if (key == name) return value;
  throw std::invalid_argument("partial identity has no field \"" + name + "\"");
}

std::string identity_difference(const run_identity& a, const run_identity& b) {
  for (size_t i = 0; i < a.fields.size() && i < b.fields.size(); ++i) {
    const auto& [name, x] = a.fields[i];
    if (name != b.fields[i].first) return "their identities name different fields";
    if (x != b.fields[i].second)
      return "their " + name + " differs: " + std::to_string(x) + " and " +
             std::to_string(b.fields[i].second);
  }
  if (a.fields.size() != b.fields.size()) return "their identities name different fields";
  return {};
}

void merge_coverage(const run_identity& a, const run_identity& b,
                    std::vector<core::source_range>& covered,
                    const std::vector<core::source_range>& more, const std::string& engine) {
  if (const std::string d = identity_difference(a, b); !d.empty())
    throw std::invalid_argument(engine + " partials of different runs cannot merge: " + d);
  core::add_covered(covered, more, engine);
}

uint64_t graph_checksum(const graph::csr_graph& g) {
  uint64_t h = core::fnv1a_basis;
  for (const uint64_t label : g.labels) h = core::fnv1a(h, label);
  for (const uint32_t t : g.targets) h = core::fnv1a(h, t);
  return h;
}

uint64_t label_checksum(const families::family& f) {
  return std::visit(
      [](const auto& fam) {
        uint64_t h = core::fnv1a_basis;
        for (uint64_t r = 0; r < fam.size(); ++r) h = core::fnv1a(h, fam.unrank(r));
        return h;
      },
      f);
}

run_identity family_identity(const families::family& f) {
  run_identity id;
  id.add("family", f.index());
  id.add("bits", static_cast<uint64_t>(families::bits_of(f)));
  id.add("nodes", families::size_of(f));
  id.add("label_checksum", label_checksum(f));
  if (const auto* r = std::get_if<families::rule_family>(&f)) {
    // Rule families share one variant index: their programs tell them apart.
    uint64_t h = core::fnv1a_basis;
    const families::rule_program& p = r->program;
    for (const families::rule_op& o : p.ops)
      h = core::fnv1a(h, static_cast<uint64_t>(o.code) | uint64_t{o.a} << 8 | uint64_t{o.b} << 16 |
                             uint64_t{o.c} << 24 | static_cast<uint64_t>(static_cast<uint32_t>(o.k)) << 32);
    for (const int64_t c : p.constants) h = core::fnv1a(h, static_cast<uint64_t>(c));
    for (int k = 0; k < p.neighbor_rules; ++k)
      h = core::fnv1a(h, uint64_t{p.neighbors[k].first} | uint64_t{p.neighbors[k].count} << 16 |
                             static_cast<uint64_t>(p.neighbors[k].shape) << 24 |
                             uint64_t{p.neighbors[k].per_dimension} << 32);
    id.add("rule_program", h);
  }
  return id;
}

}  // namespace tv::sim
