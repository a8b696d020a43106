// CUDA instantiation of the prefix simulations (the same functors as prefix_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/prefix_impl.inl"

namespace tv::sim::cuda {

prefix_result prefix(const detail::prefix_job& j, const prefix_options& opt) {
  return detail::dispatch_prefix<core::cuda_exec>(j, opt);
}

}  // namespace tv::sim::cuda
