// Host/device-shared blocks (see shared_block.hpp); the managed half is in device_cuda.cu.
#include "kernels/core/shared_block.hpp"

#include <cstdlib>
#include <cstring>
#include <new>

#include "kernels/core/backend.hpp"
#include "kernels/core/huge_pages.hpp"

namespace tv::core {

#if defined(TOPOVERIFY_HAVE_CUDA)
// Defined in device_cuda.cu: cudaMallocManaged, or nullptr; and its cudaFree.
void* cuda_allocate_managed(std::size_t bytes);
void cuda_free_managed(void* p);
#endif

std::shared_ptr<void> allocate_shared_block(std::size_t bytes) {
#if defined(TOPOVERIFY_HAVE_CUDA)
  if (cuda_device_available()) {
    void* p = cuda_allocate_managed(bytes);
    if (!p) throw std::bad_alloc();
    std::memset(p, 0, bytes);
    return std::shared_ptr<void>(p, [](void* q) { cuda_free_managed(q); });
  }
#endif
  void* p = allocate_large_block(bytes);
  if (!p) throw std::bad_alloc();
  std::memset(p, 0, bytes);
  return std::shared_ptr<void>(p, [](void* q) { std::free(q); });
}

}  // namespace tv::core
