// Which backend runs a computation.  Host code passes a `backend` value; each area's
// dispatch file turns it into a Thrust execution policy (thrust::omp::par for cpu,
// thrust::cuda::par for cuda).  Nothing here pulls in Thrust, so every file may include it.
#pragma once
#include <stdexcept>
#include <string>

namespace tv::core {

enum class backend { cpu, cuda };

/// @brief "cpu" or "cuda".
const char* backend_name(backend b);

/// @brief True when this binary was built with the CUDA backend.
bool cuda_compiled();

/// @brief True when the CUDA backend is built and a device answers.
bool cuda_device_available();

/// @brief A short description of the calling thread's device ("NVIDIA H100 80GB HBM3, 132 SMs, 79.1 GiB"),
/// or an empty string when no device answers.
std::string cuda_device_description();

/// @brief How many CUDA devices this process sees (CUDA_VISIBLE_DEVICES applies); 0
/// without the CUDA backend or a device.
int cuda_device_count();

/// @brief Makes `device` (0 .. cuda_device_count() - 1) the one the calling thread's CUDA
/// work runs on; raises backend_unavailable when there is no such device.
void use_cuda_device(int device);

/// @brief The device the calling thread's CUDA work runs on (0 without CUDA).
int current_cuda_device();

/// @brief CUDA driver version as "13.0", or empty.
std::string cuda_driver_version();

/// @brief Free and total memory in bytes of the backend's memory (device or host).
/// On the host, free_bytes is what this process may still allocate: the least of free
/// memory and its caps (memory_limits.hpp), named in `limited_by`.
struct memory_info {
  unsigned long long free_bytes = 0;
  unsigned long long total_bytes = 0;
  std::string limited_by = "free memory";
};
memory_info backend_memory(backend b);

/// Raised for a backend that cannot run here (cuda asked for without a device).
struct backend_unavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// @brief Resolves "auto" | "cpu" | "cuda": auto takes the GPU when one answers; cuda
/// without a device raises backend_unavailable with the reason; anything else raises
/// std::invalid_argument naming the value.
backend resolve_backend(const std::string& name);

/// @brief Number of CPU threads the cpu backend uses (OpenMP's maximum).
int cpu_threads();

}  // namespace tv::core
