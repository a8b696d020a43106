// The largest cache's size as sysfs reports it (kernels/core/cache_size.hpp), read from a
// made-up sysfs directory: the highest data or unified level wins, instruction caches and
// malformed sizes are passed over.
#include "kernels/core/cache_size.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <string>

namespace {

namespace fs = std::filesystem;

/// One index<i> entry of a cache directory.
struct cache_entry {
  int index;
  std::string level, type, size;
};

/// What largest_cache_bytes reads from a made-up cache directory holding `entries`.
uint64_t largest_of(std::initializer_list<cache_entry> entries) {
  const fs::path dir = fs::temp_directory_path() / ("tv_cache_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  for (const cache_entry& e : entries) {
    const fs::path d = dir / ("index" + std::to_string(e.index));
    fs::create_directories(d);
    std::ofstream(d / "level") << e.level << "\n";
    std::ofstream(d / "type") << e.type << "\n";
    std::ofstream(d / "size") << e.size << "\n";
  }
  const uint64_t bytes = tv::core::largest_cache_bytes(dir.string());
  fs::remove_all(dir);
  return bytes;
}

TEST(CacheSize, HighestDataOrUnifiedLevelWinsAndTheRestIsPassedOver) {
  // A 2-core VM's sysfs: L1d, L1i, L2, L3.
  EXPECT_EQ(largest_of({{0, "1", "Data", "48K"}, {1, "1", "Instruction", "32K"},
                        {2, "2", "Unified", "1024K"}, {3, "3", "Unified", "32768K"}}),
            32ull << 20);
  // An unreadable size and an instruction cache at higher levels do not count.
  EXPECT_EQ(largest_of({{0, "1", "Data", "32K"}, {1, "2", "Unified", "2M"},
                        {2, "3", "Unified", "lots"}, {3, "4", "Instruction", "64M"}}),
            2ull << 20);
  // index1 is missing: the list ends there, and index2's 8M is not read.
  EXPECT_EQ(largest_of({{0, "2", "Unified", "512"}, {2, "3", "Unified", "8M"}}), 512u);
}

}  // namespace
