// The backend switch of every kernel area, written once, with the answer of a build
// without CUDA.  Each area declares its per-backend entry points as the static members of
// a class template over `backend` (graph::detail::csr_backend<B>, ...), defines them
// once in its *_impl.inl against exec_of<B>, and instantiates it in *_cpu.cpp and
// *_cuda.cu; its public function then reads
//   return core::dispatch<detail::csr_backend>(b, [&](auto on) { return on.build_csr(f); });
// The cuda instance is named only where CUDA is compiled, so a CPU-only build needs no stub.
#pragma once
#include <utility>

#include "kernels/core/backend.hpp"

namespace tv::core {

/// The Exec trait of a backend (exec.hpp: cpu_exec; exec_cuda.cuh: cuda_exec).
template <backend B>
struct exec_trait;
template <backend B>
using exec_of = typename exec_trait<B>::type;

/// @brief Calls `call(Entries<b>{})`; raises backend_unavailable for cuda in a build
/// without CUDA.
template <template <backend> class Entries, class Call>
auto dispatch(backend b, Call&& call) {
  if (b == backend::cuda) {
#if defined(TOPOVERIFY_HAVE_CUDA)
    return std::forward<Call>(call)(Entries<backend::cuda>{});
#else
    throw backend_unavailable("this build has no CUDA backend");
#endif
  }
  return std::forward<Call>(call)(Entries<backend::cpu>{});
}

}  // namespace tv::core
