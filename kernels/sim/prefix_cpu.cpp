// The prefix simulations on the cpu backend (OpenMP): prefix_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/prefix_impl.inl"

template struct tv::sim::detail::prefix_backend<tv::core::backend::cpu>;
