// Host half of sim_common.hpp: seeded samples.
#include "kernels/sim/sim_common.hpp"

#include <algorithm>
#include <unordered_set>

namespace tv::sim {

std::vector<uint64_t> sample_indices(uint64_t n, uint64_t count, uint64_t seed) {
  std::vector<uint64_t> out;
  if (count >= n) {
    out.resize(n);
    for (uint64_t i = 0; i < n; ++i) out[i] = i;
    return out;
  }
  // Floyd's algorithm: exactly `count` distinct values, each subset equally likely.
  std::unordered_set<uint64_t> chosen;
  chosen.reserve(count * 2);
  for (uint64_t j = n - count; j < n; ++j) {
    const uint64_t t = hash4(seed, j, 0x5A3D1E, 0) % (j + 1);
    if (!chosen.insert(t).second) chosen.insert(j);
  }
  out.assign(chosen.begin(), chosen.end());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tv::sim
