// The memory budget's refusal and its byte counts in words (memory.hpp).
#include "kernels/core/memory.hpp"

#include <cstdio>

namespace tv::core {

std::string human_bytes(double b) {
  const char* unit[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = 0;
  while (b >= 1024 && u < 6) {
    b /= 1024;
    ++u;
  }
  char buf[64];
  if (u == 0) std::snprintf(buf, sizeof buf, "%.0f B", b);
  else std::snprintf(buf, sizeof buf, "%.1f %s", b, unit[u]);
  return buf;
}

std::string memory_refusal(const std::string& what, uint64_t bytes, backend b, const memory_info& mem) {
  // The figure printed is the figure compared: the budget, with the free memory it
  // comes from ("needs 6.5 GiB ... but only 6.9 GiB is free" read as a contradiction).
  return what + " needs " + human_bytes(static_cast<double>(bytes)) + " of " + backend_name(b) +
         " memory, but at most " + human_bytes(static_cast<double>(budget_bytes(mem))) +
         " may be planned (nine tenths of the " + human_bytes(static_cast<double>(mem.free_bytes)) + " that " +
         mem.limited_by + " leaves)";
}

void require_bytes(backend b, uint64_t bytes, const std::string& what) {
  const memory_info mem = backend_memory(b);
  if (bytes > budget_bytes(mem)) throw too_large(memory_refusal(what, bytes, b, mem));
}

}  // namespace tv::core
