// CUDA instantiation of the postal-model evaluation (the same functors as postal_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/postal_impl.inl"

namespace tv::sim::cuda {

postal_result postal_model(const spanning_tree& t, uint64_t lambda, bool keep) {
  return detail::postal_model<core::cuda_exec>(t, lambda, keep);
}

}  // namespace tv::sim::cuda
