// CUDA instantiation of the broadcast engine (the same functors as broadcast_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/broadcast_impl.inl"

namespace tv::sim::cuda {

broadcast_result run(const detail::broadcast_plan& plan) {
  return detail::run_broadcast<core::cuda_exec>(plan);
}

}  // namespace tv::sim::cuda
