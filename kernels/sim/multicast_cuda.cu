// The multicast heuristics on the cuda backend: multicast_impl.inl instantiated with
// cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/sim/multicast_impl.inl"

template struct tv::sim::detail::multicast_backend<tv::core::backend::cuda>;
