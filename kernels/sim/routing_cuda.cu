// The routing simulation on the cuda backend: routing_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/routing_impl.inl"

template struct tv::sim::detail::routing_backend<tv::core::backend::cuda>;
