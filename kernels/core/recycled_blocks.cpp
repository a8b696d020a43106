// Row blocks kept for the next engine (see recycled_blocks.hpp).
#include "kernels/core/recycled_blocks.hpp"

#include <cstdlib>
#include <deque>
#include <mutex>
#include <iterator>
#include <utility>

namespace tv::core {

namespace {

struct kept_blocks {
  std::mutex m;
  std::deque<std::pair<void*, std::size_t>> blocks;  // oldest first
  std::size_t bytes = 0;
};

/// Made on first use and never destroyed: engines may end during static destruction.
kept_blocks& kept() {
  static kept_blocks* k = new kept_blocks;
  return *k;
}

}  // namespace

void* take_recycled_block(std::size_t bytes) noexcept {
  kept_blocks& k = kept();
  const std::lock_guard<std::mutex> lock(k.m);
  // The newest first: its pages are the likeliest still in cache.
  for (auto it = k.blocks.rbegin(); it != k.blocks.rend(); ++it)
    if (it->second == bytes) {
      void* p = it->first;
      k.bytes -= bytes;
      k.blocks.erase(std::next(it).base());
      return p;
    }
  return nullptr;
}

void recycle_block(void* p, std::size_t bytes) noexcept {
  if (!p) return;
  if (bytes > recycled_bytes_cap) {
    std::free(p);
    return;
  }
  kept_blocks& k = kept();
  const std::lock_guard<std::mutex> lock(k.m);
  while (!k.blocks.empty() && k.bytes + bytes > recycled_bytes_cap) {
    std::free(k.blocks.front().first);
    k.bytes -= k.blocks.front().second;
    k.blocks.pop_front();
  }
  try {
    k.blocks.emplace_back(p, bytes);
    k.bytes += bytes;
  } catch (...) {  // no room for its entry: give it back instead
    std::free(p);
  }
}

std::size_t recycled_bytes() noexcept {
  kept_blocks& k = kept();
  const std::lock_guard<std::mutex> lock(k.m);
  return k.bytes;
}

}  // namespace tv::core
