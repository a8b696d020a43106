// The multicast heuristics on the cpu backend (OpenMP): multicast_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/multicast_impl.inl"

template struct tv::sim::detail::multicast_backend<tv::core::backend::cpu>;
