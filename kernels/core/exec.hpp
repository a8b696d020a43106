// Backend execution traits for the single-source kernels.  An implementation template
// is written once against `Exec` (cpu_exec here, cuda_exec in exec_cuda.cuh):
//   Exec::par()            the Thrust execution policy
//   Exec::vector<T>        the buffer type living in that backend's memory
//   Exec::rows<T>          a large buffer whose elements start unspecified (cleared by
//                          its user); on the CPU huge-page backed (huge_pages.hpp)
//   for_each_index(Exec, n, f)   calls f(i) for i in [0, n) in parallel
// Include this only from dispatch files (*_cpu.cpp, *.inl), never from public headers:
// it pulls in Thrust.
#pragma once
#include <thrust/copy.h>
#include <thrust/fill.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/system/omp/execution_policy.h>

#include <cstdint>
#include <vector>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/huge_pages.hpp"

namespace tv::core {

struct cpu_exec {
  static constexpr backend kind = backend::cpu;
  template <class T>
  using vector = std::vector<T>;
  template <class T>
  using rows = std::vector<T, huge_page_allocator<T>>;
  static auto par() { return thrust::omp::par; }
  template <class T, class A>
  static T* ptr(std::vector<T, A>& v) { return v.data(); }
  template <class T, class A>
  static const T* ptr(const std::vector<T, A>& v) { return v.data(); }
  template <class T>
  static std::vector<T> to_host(std::vector<T>&& v) { return std::move(v); }
  template <class T>
  static std::vector<T> to_host(const std::vector<T>& v) { return v; }
  template <class T>
  static std::vector<T> from_host(const std::vector<T>& v) { return v; }
  static void sync() {}
};
template <>
struct exec_trait<backend::cpu> {
  using type = cpu_exec;
};

/// @brief Calls f(i) for every i in [0, n) on the cpu backend (OpenMP threads).
template <class F>
void for_each_index(cpu_exec, uint64_t n, const F& f) {
  if (n == 0) return;
  thrust::for_each_n(cpu_exec::par(), thrust::counting_iterator<uint64_t>(0), n, f);
}

/// @brief Sum over i in [0, n) of f(i) on the cpu backend.  Dynamic scheduling: the
/// per-index work of the graph kernels varies a lot (saturated nodes return at once).
template <class F>
uint64_t transform_reduce_index(cpu_exec, uint64_t n, const F& f) {
  uint64_t sum = 0;
#pragma omp parallel for schedule(dynamic, 64) reduction(+ : sum)
  for (uint64_t i = 0; i < n; ++i) sum += f(i);
  return sum;
}

}  // namespace tv::core
