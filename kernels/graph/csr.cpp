// The graph area's public entry points: each plans its memory, then runs on the backend
// asked for (core::dispatch); and the host-side helpers csr_bytes and summarize.  A rule
// family's graph is refused afterwards when its expressions failed at a label or its
// neighbours are not symmetric (kernels/families/rule_family.hpp); one written
// x ^ (1 << i) is built on the CPU by rule_flip_csr.hpp.
#include "kernels/graph/csr.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "kernels/core/dispatch.hpp"
#include "kernels/families/rule_definition.hpp"
#include "kernels/graph/rule_flip_csr.hpp"

namespace tv::graph {

namespace {

/// A rule family's neighbour expressions failed at some label (rule_family.hpp): the
/// values were dropped, so the graph is not the rule's; say where and why instead.
void refuse_failed_rule(const families::family& f) {
  if (const auto* r = std::get_if<families::rule_family>(&f))
    if (const auto why = families::rule_failure(*r)) throw std::invalid_argument(*why);
}

/// Rule families are undirected: every arc's reverse must be there.  A rule whose form
/// proves it (each neighbour x ^ M, M not reading x) is not searched.
void refuse_asymmetric_rule(const families::family& f, const csr_graph& g) {
  const auto* r = std::get_if<families::rule_family>(&f);
  if (!r || r->symmetric_by_form) return;
  uint64_t first_bad = ~uint64_t{0};  // the smallest node with an arc whose reverse is missing
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : first_bad)
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
      const uint32_t v = g.targets[a];
      const auto row = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[v]);
      const auto end = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[v + 1]);
      if (!std::binary_search(row, end, static_cast<uint32_t>(u))) first_bad = std::min(first_bad, u);
    }
  if (first_bad == ~uint64_t{0}) return;
  for (uint64_t a = g.offsets[first_bad]; a < g.offsets[first_bad + 1]; ++a) {
    const uint32_t v = g.targets[a];
    const auto row = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[v]);
    const auto end = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[v + 1]);
    if (std::binary_search(row, end, static_cast<uint32_t>(first_bad))) continue;
    auto bits = [&](uint64_t label) {
      std::string s;
      for (int b = r->bits() - 1; b >= 0; --b) s += ((label >> b) & 1) ? '1' : '0';
      return s;
    };
    throw std::invalid_argument("rule family: the neighbours are not symmetric: " + bits(g.labels[first_bad]) +
                                " lists " + bits(g.labels[v]) + " as a neighbour, but " + bits(g.labels[v]) +
                                " does not list " + bits(g.labels[first_bad]) +
                                " (rule families are undirected: write the rule so that y is a "
                                "neighbour of x exactly when x is one of y)");
  }
}

}  // namespace

std::vector<uint64_t> enumerate_labels(core::backend b, const families::family& f) {
  const uint64_t n = families::size_of(f);
  core::require_bytes(b, n * 8ull, "enumerating labels: N = " + std::to_string(n));
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.enumerate_labels(f); });
}

uint64_t label_checksum(core::backend b, const families::family& f) {
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.label_checksum(f); });
}

degree_summary count_degrees(core::backend b, const families::family& f) {
  // A rule whose symmetry its form does not prove is counted on its graph, where the
  // symmetry is checked: an asymmetric rule's degrees would count half-edges.
  if (const auto* r = std::get_if<families::rule_family>(&f); r && !r->symmetric_by_form)
    return summarize(build_csr(b, f));
  degree_summary s = core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.count_degrees(f); });
  refuse_failed_rule(f);
  return s;
}

csr_graph build_csr(core::backend b, const families::family& f) {
  const uint64_t n = families::size_of(f);
  const bool directed = families::is_directed(f);
  const std::string what = "building the graph: N = " + std::to_string(n);
  if (n >= (uint64_t{1} << 32))
    throw graph_too_large(what + " exceeds the 2^32 nodes that 32-bit node indices address; "
                          "it would need at least " +
                          core::human_bytes(static_cast<double>(csr_bytes(n, n, directed))));
  // Labels and offsets (in-offsets too when directed); the targets are planned once their
  // count is known (csr_impl.inl).
  core::require_bytes(b, (directed ? 3ull : 2ull) * 8ull * (n + 1), what);
  // A rule written x ^ (1 << i) has a build of its own on the CPU (rule_flip_csr.hpp).
  const auto* rule = std::get_if<families::rule_family>(&f);
  csr_graph g = b == core::backend::cpu && rule && builds_as_flip_rule(*rule)
                    ? build_flip_rule_csr(*rule)
                    : core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.build_csr(f); });
  refuse_failed_rule(f);
  refuse_asymmetric_rule(f, g);
  return g;
}

uint64_t csr_bytes(uint64_t nodes, uint64_t arcs, bool directed) {
  const uint64_t one = 8 * nodes + 8 * (nodes + 1) + 4 * arcs;
  return directed ? one + 8 * (nodes + 1) + 4 * arcs : one;
}

degree_summary summarize(const csr_graph& g) {
  degree_summary s;
  s.nodes = g.nodes;
  s.arcs = g.arcs();
  s.edges = g.directed ? s.arcs : s.arcs / 2;
  auto hist = [&](const std::vector<uint64_t>& off, std::vector<uint64_t>& h, uint32_t& lo,
                  uint32_t& hi) {
    lo = ~0u;
    hi = 0;
    for (uint64_t v = 0; v < g.nodes; ++v) {
      const uint32_t d = static_cast<uint32_t>(off[v + 1] - off[v]);
      if (d >= h.size()) h.resize(d + 1, 0);
      ++h[d];
      lo = d < lo ? d : lo;
      hi = d > hi ? d : hi;
    }
    if (g.nodes == 0) lo = 0;
  };
  hist(g.offsets, s.degree_histogram, s.degree_min, s.degree_max);
  if (g.directed) hist(g.in_offsets, s.in_degree_histogram, s.in_degree_min, s.in_degree_max);
  return s;
}

}  // namespace tv::graph
