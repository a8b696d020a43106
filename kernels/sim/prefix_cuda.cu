// The prefix simulations on the cuda backend: prefix_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/prefix_impl.inl"

template struct tv::sim::detail::prefix_backend<tv::core::backend::cuda>;
