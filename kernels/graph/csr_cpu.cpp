// The CSR kernels on the cpu backend (OpenMP): csr_impl.inl instantiated with cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/graph/csr_impl.inl"

template struct tv::graph::detail::csr_backend<tv::core::backend::cpu>;
