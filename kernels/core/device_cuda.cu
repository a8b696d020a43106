// The CUDA half of backend.cpp: device probing, selection (per host thread) and description;
// and of shared_block.cpp: managed memory.
#include <cstdio>
#include <string>

#include "kernels/core/backend.hpp"
#include "kernels/core/cuda_check.cuh"

namespace tv::core {

bool cuda_probe_device() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no device" error
    return false;
  }
  return count > 0;
}

int cuda_count_devices() {
  int count = 0;
  TV_CUDA_CHECK(cudaGetDeviceCount(&count));
  return count;
}

void cuda_set_device(int device) { TV_CUDA_CHECK(cudaSetDevice(device)); }

int cuda_get_device() {
  int device = 0;
  TV_CUDA_CHECK(cudaGetDevice(&device));
  return device;
}

std::string cuda_describe_device() {
  cudaDeviceProp prop{};
  TV_CUDA_CHECK(cudaGetDeviceProperties(&prop, cuda_get_device()));
  char buf[256];
  std::snprintf(buf, sizeof buf, "%s, %d SMs, %.1f GiB, compute capability %d.%d", prop.name,
                prop.multiProcessorCount, prop.totalGlobalMem / 1073741824.0, prop.major,
                prop.minor);
  return buf;
}

std::string cuda_describe_driver() {
  int v = 0;
  TV_CUDA_CHECK(cudaDriverGetVersion(&v));
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

void* cuda_allocate_managed(size_t bytes) {
  void* p = nullptr;
  if (cudaMallocManaged(&p, bytes ? bytes : 1) != cudaSuccess) {
    cudaGetLastError();  // clear it: the caller raises bad_alloc
    return nullptr;
  }
  return p;
}

void cuda_free_managed(void* p) { cudaFree(p); }

memory_info cuda_memory() {
  size_t free_b = 0, total_b = 0;
  TV_CUDA_CHECK(cudaMemGetInfo(&free_b, &total_b));
  return {free_b, total_b};
}

}  // namespace tv::core
