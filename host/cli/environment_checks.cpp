// Environment checks before any work (see environment_checks.hpp).
#include "host/cli/environment_checks.hpp"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>

#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {
namespace {

// The instruction sets the compiler was allowed to use here (kernels/CMakeLists.txt picks
// them from the build machine), checked against the CPU that runs the binary.
void check_cpu_features() {
  // The CPU model is read by libgcc's own constructor, which a constructor of higher
  // priority (main.cpp's, checking the environment before libgomp) runs before.
  __builtin_cpu_init();
  const char* missing = nullptr;
#if defined(__AVX512F__) && defined(__AVX512VPOPCNTDQ__)
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw") ||
      !__builtin_cpu_supports("avx512vl") || !__builtin_cpu_supports("avx512dq") ||
      !__builtin_cpu_supports("avx512vpopcntdq"))
    missing = "AVX-512 (x86-64-v4 with VPOPCNTDQ)";
#elif defined(__AVX2__)
  if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("bmi2") ||
      !__builtin_cpu_supports("fma"))
    missing = "AVX2 (x86-64-v3)";
#endif
  if (missing)
    throw input_error(std::string("this binary was built for ") + missing +
                      ", which this CPU lacks; build it on this machine (docs/building.md)");
}

}  // namespace

void check_environment() {
  check_cpu_features();
  const char* env = std::getenv("OMP_NUM_THREADS");
  if (!env || !*env) return;
  const std::string text = env;
  const unsigned hw = std::max(1u, std::thread::hardware_concurrency());
  const unsigned long most = std::max(1024ul, 16ul * hw);
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t comma = std::min(text.find(',', pos), text.size());
    const std::string item = text.substr(pos, comma - pos);
    const bool digits = !item.empty() && item.size() <= 9 &&
                        std::all_of(item.begin(), item.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || std::stoul(item) == 0)
      throw input_error("OMP_NUM_THREADS=" + echo_value(text) +
                        " is not a positive thread count (e.g. OMP_NUM_THREADS=4)");
    if (std::stoul(item) > most)
      throw input_error("OMP_NUM_THREADS=" + echo_value(text) + " asks for " + item +
                        " threads; topoverify starts at most " + std::to_string(most) +
                        " (this machine has " + std::to_string(hw) +
                        " hardware threads): OpenMP would fail to create them or crawl");
    pos = comma + 1;
  }
}

}  // namespace tv::host
