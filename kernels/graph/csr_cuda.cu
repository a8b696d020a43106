// CUDA instantiation of the CSR kernels (the same functors as csr_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/graph/csr_impl.inl"

namespace tv::graph::cuda {

std::vector<uint64_t> enumerate_labels(const families::family& f) {
  return std::visit([](const auto& x) { return detail::enumerate_labels<core::cuda_exec>(x); }, f);
}
degree_summary count_degrees(const families::family& f) {
  return std::visit([](const auto& x) { return detail::count_degrees<core::cuda_exec>(x); }, f);
}
uint64_t label_checksum(const families::family& f) {
  return std::visit([](const auto& x) { return detail::label_checksum<core::cuda_exec>(x); }, f);
}
csr_graph build_csr(const families::family& f) {
  return std::visit([](const auto& x) { return detail::build_csr<core::cuda_exec>(x); }, f);
}

}  // namespace tv::graph::cuda
