// The link loads on the cpu backend (OpenMP): link_load_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/link_load_impl.inl"

template struct tv::sim::detail::link_load_backend<tv::core::backend::cpu>;
