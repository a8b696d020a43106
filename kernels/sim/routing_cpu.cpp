// The routing simulation on the cpu backend (OpenMP): routing_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/routing_impl.inl"

template struct tv::sim::detail::routing_backend<tv::core::backend::cpu>;
