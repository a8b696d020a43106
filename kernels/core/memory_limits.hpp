// What this process may still allocate on the host: free memory is not the whole story
// when `ulimit -v`, `ulimit -d` or a cgroup (containers, systemd slices) caps the process
// lower.  Planning against free memory alone ended such runs in std::bad_alloc after
// minutes of work; planning against the least of them refuses in milliseconds.
#pragma once
#include <string>

namespace tv::core {

/// The tightest cap on further host allocations, and its name for messages.
struct memory_cap {
  unsigned long long bytes = ~0ull;  // ~0: no cap found
  std::string source;                // "ulimit -v", "ulimit -d", "cgroup memory.max", ...
};

/// @brief The least of RLIMIT_AS less the mapped size, RLIMIT_DATA less the data size,
/// and the cgroup v2 memory.max / memory.high less memory.current (Linux; elsewhere none).
memory_cap process_memory_cap();

/// @brief A field of /proc/self/status in bytes ("VmSize:  1234 kB"), or 0 where there is
/// none (not Linux, or no such field).
unsigned long long status_bytes(const std::string& field);

}  // namespace tv::core
