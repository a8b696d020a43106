// The broadcast engine on the cuda backend: broadcast_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/broadcast_impl.inl"

template struct tv::sim::detail::broadcast_backend<tv::core::backend::cuda>;
