// The link loads on the cuda backend: link_load_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/link_load_impl.inl"

template struct tv::sim::detail::link_load_backend<tv::core::backend::cuda>;
