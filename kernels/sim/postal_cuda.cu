// The postal model on the cuda backend: postal_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/postal_impl.inl"

template struct tv::sim::detail::postal_backend<tv::core::backend::cuda>;
