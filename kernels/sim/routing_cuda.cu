// CUDA instantiation of the routing simulation (the same functors as routing_cpu.cpp).
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/routing_impl.inl"

namespace tv::sim::cuda {

routing_result route_all(const families::family& f, const routing_options& opt) {
  return std::visit([&](const auto& x) { return detail::route_all<core::cuda_exec>(x, opt); }, f);
}

}  // namespace tv::sim::cuda
