// Backend selection and machine description; the CUDA half lives in device_cuda.cu.
#include "kernels/core/backend.hpp"

#include <omp.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

#include "kernels/core/memory_limits.hpp"

namespace tv::core {

#if defined(TOPOVERIFY_HAVE_CUDA)
// Defined in device_cuda.cu.
bool cuda_probe_device();
std::string cuda_describe_device();
std::string cuda_describe_driver();
memory_info cuda_memory();
int cuda_count_devices();
void cuda_set_device(int device);
int cuda_get_device();
#endif

const char* backend_name(backend b) { return b == backend::cuda ? "cuda" : "cpu"; }

bool cuda_compiled() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  return true;
#else
  return false;
#endif
}

bool cuda_device_available() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  static const bool available = cuda_probe_device();
  return available;
#else
  return false;
#endif
}

std::string cuda_device_description() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (cuda_device_available()) return cuda_describe_device();
#endif
  return {};
}

int cuda_device_count() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (cuda_device_available()) return cuda_count_devices();
#endif
  return 0;
}

void use_cuda_device(int device) {
  const int count = cuda_device_count();
  if (device < 0 || device >= count)
    throw backend_unavailable("CUDA device " + std::to_string(device) + " does not exist (this process sees " +
                              std::to_string(count) + (count == 1 ? " device" : " devices") + ")");
#if defined(TOPOVERIFY_HAVE_CUDA)
  cuda_set_device(device);
#endif
}

int current_cuda_device() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (cuda_device_available()) return cuda_get_device();
#endif
  return 0;
}

std::string cuda_driver_version() {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (cuda_device_available()) return cuda_describe_driver();
#endif
  return {};
}

static memory_info host_memory() {
  memory_info m;
  // MemAvailable counts reclaimable cache, which is what an allocation can really get.
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  unsigned long long value = 0;
  std::string unit;
  while (meminfo >> key >> value >> unit) {
    if (key == "MemTotal:") m.total_bytes = value * 1024ull;
    if (key == "MemAvailable:") m.free_bytes = value * 1024ull;
  }
  if (m.total_bytes == 0) {
    const long pages = sysconf(_SC_PHYS_PAGES), avail = sysconf(_SC_AVPHYS_PAGES);
    const long page = sysconf(_SC_PAGE_SIZE);
    m.total_bytes = static_cast<unsigned long long>(pages) * page;
    m.free_bytes = static_cast<unsigned long long>(avail) * page;
  }
  const memory_cap cap = process_memory_cap();
  if (cap.bytes < m.free_bytes) {
    m.free_bytes = cap.bytes;
    m.limited_by = cap.source;
  }
  return m;
}

memory_info backend_memory(backend b) {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (b == backend::cuda) return cuda_memory();
#endif
  (void)b;
  return host_memory();
}

backend resolve_backend(const std::string& name) {
  if (name == "cpu") return backend::cpu;
  if (name == "auto") return cuda_device_available() ? backend::cuda : backend::cpu;
  if (name == "cuda") {
    if (!cuda_compiled())
      throw backend_unavailable(
          "backend 'cuda' requested, but this build has no CUDA backend "
          "(configure with TOPOVERIFY_CUDA=ON on a machine with nvcc)");
    if (!cuda_device_available())
      throw backend_unavailable(
          "backend 'cuda' requested, but no CUDA device answers on this machine "
          "(use --backend cpu or auto)");
    return backend::cuda;
  }
  throw std::invalid_argument("unknown backend '" + name + "' (expected auto, cpu or cuda)");
}

int cpu_threads() { return omp_get_max_threads(); }

}  // namespace tv::core
