// CPU (OpenMP) instantiation of the CSR kernels, and the backend-neutral entry points.
#include "kernels/core/exec.hpp"
#include "kernels/graph/csr_impl.inl"

namespace tv::graph {

namespace cpu {
std::vector<uint64_t> enumerate_labels(const families::family& f) {
  return std::visit([](const auto& x) { return detail::enumerate_labels<core::cpu_exec>(x); }, f);
}
degree_summary count_degrees(const families::family& f) {
  return std::visit([](const auto& x) { return detail::count_degrees<core::cpu_exec>(x); }, f);
}
uint64_t label_checksum(const families::family& f) {
  return std::visit([](const auto& x) { return detail::label_checksum<core::cpu_exec>(x); }, f);
}
csr_graph build_csr(const families::family& f) {
  return std::visit([](const auto& x) { return detail::build_csr<core::cpu_exec>(x); }, f);
}
}  // namespace cpu

#if !defined(TOPOVERIFY_HAVE_CUDA)
namespace cuda {
[[noreturn]] static void unavailable() {
  throw core::backend_unavailable("this build has no CUDA backend");
}
std::vector<uint64_t> enumerate_labels(const families::family&) { unavailable(); }
degree_summary count_degrees(const families::family&) { unavailable(); }
uint64_t label_checksum(const families::family&) { unavailable(); }
csr_graph build_csr(const families::family&) { unavailable(); }
}  // namespace cuda
#endif

std::vector<uint64_t> enumerate_labels(core::backend b, const families::family& f) {
  return b == core::backend::cuda ? cuda::enumerate_labels(f) : cpu::enumerate_labels(f);
}
uint64_t label_checksum(core::backend b, const families::family& f) {
  return b == core::backend::cuda ? cuda::label_checksum(f) : cpu::label_checksum(f);
}
degree_summary count_degrees(core::backend b, const families::family& f) {
  return b == core::backend::cuda ? cuda::count_degrees(f) : cpu::count_degrees(f);
}
csr_graph build_csr(core::backend b, const families::family& f) {
  return b == core::backend::cuda ? cuda::build_csr(f) : cpu::build_csr(f);
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
