// Large blocks (kernels/core/huge_pages.hpp): huge-page backed ones are 2 MiB aligned and
// hold their whole size; small ones come from malloc; every one is given back with free.
#include "kernels/core/huge_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace tv::core {
namespace {

bool aligned_to_huge_page(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p) % huge_page_bytes == 0;
}

TEST(HugePages, LargeBlocksAreAlignedAndWritableToTheirEnd) {
  for (const std::size_t bytes : {smallest_huge_block, huge_page_bytes, huge_page_bytes + 1,
                                  std::size_t{5} * huge_page_bytes + 12345}) {
    unsigned char* p = static_cast<unsigned char*>(allocate_large_block(bytes));
    ASSERT_NE(p, nullptr) << bytes;
    EXPECT_TRUE(aligned_to_huge_page(p)) << bytes;
    std::memset(p, 0xa5, bytes);
    EXPECT_EQ(p[0], 0xa5);
    EXPECT_EQ(p[bytes - 1], 0xa5);
    std::free(p);
  }
}

TEST(HugePages, SmallBlocksComeFromMalloc) {
  // Below the threshold a block is an ordinary malloc block (16-byte aligned, not 2 MiB:
  // at most one of several could be by chance).
  int huge_aligned = 0;
  std::vector<void*> blocks;
  for (const std::size_t bytes : {std::size_t{0}, std::size_t{1}, std::size_t{4096},
                                  smallest_huge_block - 1}) {
    void* p = allocate_large_block(bytes);
    ASSERT_NE(p, nullptr) << bytes;
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % alignof(std::max_align_t), 0u);
    huge_aligned += aligned_to_huge_page(p);
    blocks.push_back(p);
  }
  EXPECT_LE(huge_aligned, 1);
  for (void* p : blocks) std::free(p);
}

TEST(HugePages, ASizeThatCannotBeRoundedIsRefused) {
  EXPECT_EQ(allocate_large_block(~std::size_t{0}), nullptr);
  EXPECT_EQ(allocate_large_block(~std::size_t{0} - huge_page_bytes + 2), nullptr);
}

TEST(HugePages, AllocatorHandsOutLargeBlocks) {
  std::vector<uint64_t, huge_page_allocator<uint64_t>> v(smallest_huge_block / 8, 7);
  EXPECT_TRUE(aligned_to_huge_page(v.data()));
  EXPECT_EQ(v.front(), 7u);
  EXPECT_EQ(v.back(), 7u);
}

}  // namespace
}  // namespace tv::core
