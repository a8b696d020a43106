// The CUDA twin of exec.hpp's cpu_exec: thrust::cuda::par and device_vector buffers.
#pragma once
#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/functional.h>
#include <thrust/transform_reduce.h>
#include <thrust/iterator/counting_iterator.h>

#include <cstdint>
#include <vector>

#include "kernels/core/dispatch.hpp"
#include "kernels/core/cuda_check.cuh"

namespace tv::core {

struct cuda_exec {
  static constexpr backend kind = backend::cuda;
  template <class T>
  using vector = thrust::device_vector<T>;
  template <class T>
  using rows = thrust::device_vector<T>;  // zeroed, though the engine does not rely on it
  static auto par() { return thrust::cuda::par; }
  template <class T>
  static T* ptr(thrust::device_vector<T>& v) { return thrust::raw_pointer_cast(v.data()); }
  template <class T>
  static const T* ptr(const thrust::device_vector<T>& v) {
    return thrust::raw_pointer_cast(v.data());
  }
  template <class T>
  static std::vector<T> to_host(const thrust::device_vector<T>& v) {
    std::vector<T> h(v.size());
    if (!v.empty()) thrust::copy(v.begin(), v.end(), h.begin());
    return h;
  }
  template <class T>
  static thrust::device_vector<T> from_host(const std::vector<T>& h) {
    return thrust::device_vector<T>(h.begin(), h.end());
  }
  static void sync() { TV_CUDA_CHECK(cudaDeviceSynchronize()); }
};
template <>
struct exec_trait<backend::cuda> {
  using type = cuda_exec;
};

/// @brief Calls f(i) for every i in [0, n) on the GPU.
template <class F>
void for_each_index(cuda_exec, uint64_t n, const F& f) {
  if (n == 0) return;
  thrust::for_each_n(cuda_exec::par(), thrust::counting_iterator<uint64_t>(0), n, f);
  TV_CUDA_CHECK_LAUNCH();
}

/// @brief Sum over i in [0, n) of f(i) on the GPU (one fused transform + reduction).
template <class F>
uint64_t transform_reduce_index(cuda_exec, uint64_t n, const F& f) {
  if (n == 0) return 0;
  const uint64_t s = thrust::transform_reduce(cuda_exec::par(), thrust::counting_iterator<uint64_t>(0),
                                              thrust::counting_iterator<uint64_t>(n), f,
                                              uint64_t{0}, thrust::plus<uint64_t>());
  TV_CUDA_CHECK_LAUNCH();
  return s;
}

}  // namespace tv::core
