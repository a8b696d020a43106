// CUDA instantiation of the multicast heuristics (the same functors as multicast_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/multicast_impl.inl"

namespace tv::sim::cuda {

multicast_result run(const families::enhanced_fibonacci_cube& f, const multicast_options& o,
                     const spanning_tree* t, const std::vector<uint64_t>* pos) {
  return detail::run_multicast<core::cuda_exec>(f, o, t, pos);
}

}  // namespace tv::sim::cuda
