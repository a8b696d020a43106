// The broadcast engine on the cpu backend (OpenMP): broadcast_impl.inl instantiated with
// cpu_exec.
#include "kernels/core/exec.hpp"
#include "kernels/sim/broadcast_impl.inl"

template struct tv::sim::detail::broadcast_backend<tv::core::backend::cpu>;
