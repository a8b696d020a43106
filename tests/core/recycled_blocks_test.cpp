// Row blocks kept for the next engine (kernels/core/recycled_blocks.hpp): a freed
// huge-page block is handed to the next request of its size, never to another size, and
// no more than the cap is kept.
#include "kernels/core/recycled_blocks.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/core/huge_pages.hpp"

namespace tv::core {
namespace {

using row = std::vector<uint64_t, huge_page_allocator<uint64_t>>;

TEST(RecycledBlocks, AFreedRowIsTheNextRowOfItsSize) {
  const std::size_t words = 3 * huge_page_bytes / 8 + 5;  // rounds to 4 huge pages
  const void* first = nullptr;
  {
    row r(words);
    first = r.data();
  }
  EXPECT_GE(recycled_bytes(), 4 * huge_page_bytes);
  row again(words - 2);  // fewer bytes, the same rounded size
  EXPECT_EQ(static_cast<const void*>(again.data()), first);
}

TEST(RecycledBlocks, AnotherSizeGetsABlockOfItsOwn) {
  const void* kept = nullptr;
  {
    row r(huge_page_bytes / 8);  // one huge page
    kept = r.data();
  }
  row larger(2 * huge_page_bytes / 8);  // two
  EXPECT_NE(static_cast<const void*>(larger.data()), kept);
  row same(huge_page_bytes / 8);
  EXPECT_EQ(static_cast<const void*>(same.data()), kept);
}

TEST(RecycledBlocks, NoMoreThanTheCapIsKept) {
  const std::size_t block = 8 * huge_page_bytes;
  {
    std::vector<row> rows;
    for (std::size_t kept = 0; kept <= 2 * recycled_bytes_cap; kept += block) rows.emplace_back(block / 8);
  }
  EXPECT_LE(recycled_bytes(), recycled_bytes_cap);
  EXPECT_GE(recycled_bytes(), recycled_bytes_cap - block);  // the newest are kept
  {
    row too_large(recycled_bytes_cap / 8 + 1);
  }
  EXPECT_LE(recycled_bytes(), recycled_bytes_cap);
}

TEST(RecycledBlocks, SmallBlocksAreNotKept) {
  const std::size_t before = recycled_bytes();
  {
    row r(smallest_huge_block / 8 - 1);
  }
  EXPECT_EQ(recycled_bytes(), before);
}

}  // namespace
}  // namespace tv::core
