// Process memory caps from rlimits and cgroup v2 (see memory_limits.hpp).
#include "kernels/core/memory_limits.hpp"

#include <sys/resource.h>

#include <fstream>
#include <sstream>

namespace tv::core {

unsigned long long status_bytes(const std::string& field) {
  std::ifstream in("/proc/self/status");
  std::string key;
  unsigned long long value = 0;
  std::string unit;
  for (std::string line; std::getline(in, line);) {
    std::istringstream ls(line);
    if (ls >> key >> value >> unit && key == field + ":") return value * 1024ull;
  }
  return 0;
}

namespace {

/// A cgroup v2 file of this process's cgroup as a number; ~0 for "max" or absent.
unsigned long long cgroup_value(const std::string& file) {
  std::ifstream self("/proc/self/cgroup");
  std::string line, path;
  while (std::getline(self, line))
    if (line.rfind("0::", 0) == 0) path = line.substr(3);
  if (path.empty()) return ~0ull;
  std::ifstream in("/sys/fs/cgroup" + (path == "/" ? std::string() : path) + "/" + file);
  std::string text;
  if (!(in >> text) || text == "max") return ~0ull;
  try {
    return std::stoull(text);
  } catch (const std::exception&) {
    return ~0ull;
  }
}

void tighten(memory_cap& cap, unsigned long long limit, unsigned long long used, const char* source) {
  if (limit == ~0ull) return;
  const unsigned long long left = limit > used ? limit - used : 0;
  if (left < cap.bytes) {
    cap.bytes = left;
    cap.source = source;
  }
}

}  // namespace

memory_cap process_memory_cap() {
  memory_cap cap;
  rlimit rl{};
  if (::getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    tighten(cap, rl.rlim_cur, status_bytes("VmSize"), "ulimit -v");
  if (::getrlimit(RLIMIT_DATA, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
    tighten(cap, rl.rlim_cur, status_bytes("VmData"), "ulimit -d");
  const unsigned long long current = cgroup_value("memory.current");
  if (current != ~0ull) {
    tighten(cap, cgroup_value("memory.max"), current, "cgroup memory.max");
    tighten(cap, cgroup_value("memory.high"), current, "cgroup memory.high");
  }
  return cap;
}

}  // namespace tv::core
