// CPU (OpenMP) instantiation of the all-pairs engine, and the backend-neutral entry points.
#include "kernels/core/exec.hpp"
#include "kernels/distance/msbfs.inl"

namespace tv::distance {

double all_pairs_result::average_distance() const {
  uint64_t pairs = 0;
  for (size_t d = 1; d < distance_counts.size(); ++d) pairs += distance_counts[d];
  return pairs ? static_cast<double>(distance_sum) / static_cast<double>(pairs) : 0.0;
}

namespace cpu {
// CPU default W cap: 16 words (two cache lines per row) measured fastest on PN_2(20).
constexpr int cpu_word_cap = 16;
std::vector<uint32_t> bfs(const graph::csr_graph& g, uint32_t source) {
  return detail::bfs<core::cpu_exec>(g, source);
}
all_pairs_result all_pairs(const graph::csr_graph& g, const all_pairs_options& options) {
  all_pairs_options opt = options;
  // The warp kernel is the GPU's; its CPU twin is the node kernel.
  if (opt.level_kernel == all_pairs_options::kernel::warp)
    opt.level_kernel = all_pairs_options::kernel::node;
  return detail::run_all_pairs<core::cpu_exec>(g, opt, detail::level_mode::node,
                                               detail::level_mode::node, cpu_word_cap);
}
diameter_result exact_diameter(const graph::csr_graph& g, const core::run_control& control,
                               uint64_t max_bfs) {
  return detail::run_exact_diameter<core::cpu_exec>(g, control, detail::level_mode::node, max_bfs);
}
}  // namespace cpu

#if !defined(TOPOVERIFY_HAVE_CUDA)
namespace cuda {
[[noreturn]] static void unavailable() {
  throw core::backend_unavailable("this build has no CUDA backend");
}
std::vector<uint32_t> bfs(const graph::csr_graph&, uint32_t) { unavailable(); }
all_pairs_result all_pairs(const graph::csr_graph&, const all_pairs_options&) { unavailable(); }
diameter_result exact_diameter(const graph::csr_graph&, const core::run_control&, uint64_t) {
  unavailable();
}
}  // namespace cuda
#endif

std::vector<uint32_t> bfs(core::backend b, const graph::csr_graph& g, uint32_t source) {
  if (source >= g.nodes)
    throw std::invalid_argument("bfs: source " + std::to_string(source) + " is not a node");
  return b == core::backend::cuda ? cuda::bfs(g, source) : cpu::bfs(g, source);
}
all_pairs_result all_pairs(core::backend b, const graph::csr_graph& g, const all_pairs_options& opt) {
  return b == core::backend::cuda ? cuda::all_pairs(g, opt) : cpu::all_pairs(g, opt);
}
diameter_result exact_diameter(core::backend b, const graph::csr_graph& g,
                               const core::run_control& control, uint64_t max_bfs) {
  return b == core::backend::cuda ? cuda::exact_diameter(g, control, max_bfs)
                                  : cpu::exact_diameter(g, control, max_bfs);
}

}  // namespace tv::distance
