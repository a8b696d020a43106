// The graph area's public entry points: each plans its memory, then runs on the backend
// asked for (core::dispatch); and the host-side helpers csr_bytes and summarize.
#include "kernels/graph/csr.hpp"

#include <string>

#include "kernels/core/dispatch.hpp"

namespace tv::graph {

std::vector<uint64_t> enumerate_labels(core::backend b, const families::family& f) {
  const uint64_t n = families::size_of(f);
  core::require_bytes(b, n * 8ull, "enumerating labels: N = " + std::to_string(n));
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.enumerate_labels(f); });
}

uint64_t label_checksum(core::backend b, const families::family& f) {
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.label_checksum(f); });
}

degree_summary count_degrees(core::backend b, const families::family& f) {
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.count_degrees(f); });
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
  return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.build_csr(f); });
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
