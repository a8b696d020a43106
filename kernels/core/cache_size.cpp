// Reads the largest CPU cache's size from sysfs, with sysconf as the fallback
// (cache_size.hpp).
#include "kernels/core/cache_size.hpp"

#include <unistd.h>

#include <cstdlib>
#include <exception>
#include <fstream>
#include <string>

namespace tv::core {

namespace {

std::string read_word(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  in >> word;
  return word;
}

/// "32768K", "1M", "512": bytes, 0 when the text is no size.
uint64_t parse_size(const std::string& text) {
  size_t used = 0;
  uint64_t value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (const std::exception&) {
    return 0;
  }
  const std::string unit = text.substr(used);
  if (unit.empty()) return value;
  if (unit == "K") return value << 10;
  if (unit == "M") return value << 20;
  if (unit == "G") return value << 30;
  return 0;
}

uint64_t sysconf_bytes(int name) {
  const long v = ::sysconf(name);
  return v > 0 ? static_cast<uint64_t>(v) : 0;
}

}  // namespace

uint64_t largest_cache_bytes(const std::string& sysfs_dir) {
  int best_level = 0;
  uint64_t best = 0;
  // index0..: the kernel numbers a CPU's caches densely; the first missing one ends them.
  for (int i = 0; i < 16; ++i) {
    const std::string dir = sysfs_dir + "/index" + std::to_string(i) + "/";
    const std::string level = read_word(dir + "level");
    if (level.empty()) break;
    const std::string type = read_word(dir + "type");
    if (type != "Data" && type != "Unified") continue;
    const int l = std::atoi(level.c_str());
    const uint64_t size = parse_size(read_word(dir + "size"));
    if (size > 0 && l > best_level) best_level = l, best = size;
  }
  if (best > 0) return best;
#ifdef _SC_LEVEL3_CACHE_SIZE
  if (const uint64_t l3 = sysconf_bytes(_SC_LEVEL3_CACHE_SIZE)) return l3;
#endif
#ifdef _SC_LEVEL2_CACHE_SIZE
  if (const uint64_t l2 = sysconf_bytes(_SC_LEVEL2_CACHE_SIZE)) return l2;
#endif
  return 0;
}

uint64_t machine_cache_bytes() {
  static const uint64_t bytes = largest_cache_bytes();
  return bytes;
}

}  // namespace tv::core
