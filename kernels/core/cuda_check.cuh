// Checked CUDA calls: every runtime call and every launch goes through TV_CUDA_CHECK,
// which raises std::runtime_error naming the call, the file and the line.  Define
// TOPOVERIFY_SYNC_LAUNCHES to synchronize after each launch while debugging.
#pragma once
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

namespace tv::core {

[[noreturn]] inline void cuda_fail(cudaError_t err, const char* what, const char* file,
                                   int line) {
  throw std::runtime_error(std::string("CUDA error '") + cudaGetErrorString(err) + "' in " +
                           what + " at " + file + ":" + std::to_string(line));
}

}  // namespace tv::core

#define TV_CUDA_CHECK(call)                                                   \
  do {                                                                        \
    cudaError_t tv_err_ = (call);                                             \
    if (tv_err_ != cudaSuccess) ::tv::core::cuda_fail(tv_err_, #call, __FILE__, __LINE__); \
  } while (0)

#if defined(TOPOVERIFY_SYNC_LAUNCHES)
#define TV_CUDA_CHECK_LAUNCH()                    \
  do {                                            \
    TV_CUDA_CHECK(cudaGetLastError());            \
    TV_CUDA_CHECK(cudaDeviceSynchronize());       \
  } while (0)
#else
#define TV_CUDA_CHECK_LAUNCH() TV_CUDA_CHECK(cudaGetLastError())
#endif
