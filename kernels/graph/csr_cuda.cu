// The CSR kernels on the cuda backend: csr_impl.inl instantiated with cuda_exec.
#include "kernels/core/exec_cuda.cuh"
#include "kernels/graph/csr_impl.inl"

template struct tv::graph::detail::csr_backend<tv::core::backend::cuda>;
