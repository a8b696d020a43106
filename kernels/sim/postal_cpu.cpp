// The postal model on the cpu backend (OpenMP): postal_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/postal_impl.inl"

template struct tv::sim::detail::postal_backend<tv::core::backend::cpu>;
