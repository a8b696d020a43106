// Memory that the host and every backend read through one pointer: the tables a family
// keeps outside its struct (a rule family's sorted member labels, kernels/families/
// rule_family.hpp) travel into kernels by value as a raw pointer, so the block must be
// readable there too.  With a CUDA device it is managed memory (cudaMallocManaged: pages
// move to whichever side touches them); without one, plain host memory.  The block is
// freed when its last owner lets go.
#pragma once
#include <cstddef>
#include <memory>

namespace tv::core {

/// @brief A zero-filled block of `bytes` that host code and kernels on any backend of this
/// process may read and write.  Raises std::bad_alloc when it cannot be had.
std::shared_ptr<void> allocate_shared_block(std::size_t bytes);

}  // namespace tv::core
