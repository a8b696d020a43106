// The size of the machine's largest CPU cache, as the machine reports it, for engines that
// size their working set by it (the CPU all-pairs engine's W: all_pairs_words.hpp).
#pragma once
#include <cstdint>
#include <string>

namespace tv::core {

/// @brief Bytes of the largest data or unified cache one CPU sees: the highest level under
/// `sysfs_dir` (/sys/devices/system/cpu/cpu0/cache: index*/level, type, size such as
/// "32768K"), else sysconf's level 3 or level 2 size; 0 when none is reported.  sysfs comes
/// first because glibc's sysconf can report a sum over every cache of the package (384 MiB
/// on a 2-core VM whose sysfs shows its 32 MiB L3).
uint64_t largest_cache_bytes(const std::string& sysfs_dir = "/sys/devices/system/cpu/cpu0/cache");

/// @brief largest_cache_bytes() of this machine, read once per process.
uint64_t machine_cache_bytes();

}  // namespace tv::core
