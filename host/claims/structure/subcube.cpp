// Largest subcubes of a label set, level by level over sets of free coordinates (see
// structure.hpp).
#include "host/claims/structure.hpp"

#include <algorithm>

#include "kernels/core/hd.hpp"

namespace tv::host::claims {

// ---- Subcubes ---------------------------------------------------------------------------

std::string subcube_pattern(const subcube& c, int bits) {
  std::string s(static_cast<size_t>(bits), '0');
  for (int i = 0; i < bits; ++i) {
    const int b = bits - 1 - i;
    if ((c.free >> b) & 1u) s[static_cast<size_t>(i)] = '*';
    else if ((c.base >> b) & 1u) s[static_cast<size_t>(i)] = '1';
  }
  return s;
}

subcube_report largest_subcubes(const std::vector<uint64_t>& labels, int bits, double budget) {
  subcube_report r;
  auto key_less = [](const subcube& a, const subcube& b) {
    return a.free != b.free ? a.free < b.free : a.base < b.base;
  };
  std::vector<subcube> level;
  for (uint64_t x : labels) level.push_back({x, 0});
  std::sort(level.begin(), level.end(), key_less);
  level.erase(std::unique(level.begin(), level.end()), level.end());
  if (level.empty()) return r;
  int dim = 0;
  double work = 0;
  while (true) {
    std::vector<subcube> next;
    for (const subcube& c : level) {
      const int lo = c.free ? core::msb64(c.free) + 1 : 0;
      for (int b = lo; b < bits; ++b) {
        const uint64_t bit = uint64_t{1} << b;
        if (c.base & bit) continue;
        const subcube up{c.base | bit, c.free};
        if (std::binary_search(level.begin(), level.end(), up, key_less))
          next.push_back({c.base, c.free | bit});
      }
      work += bits;
    }
    r.examined += level.size();
    if (work > budget) return r;  // dimension stays empty: over the budget
    if (next.empty()) break;
    std::sort(next.begin(), next.end(), key_less);
    level.swap(next);
    ++dim;
  }
  r.dimension = dim;
  std::sort(level.begin(), level.end(), [bits](const subcube& a, const subcube& b) {
    return subcube_pattern(a, bits) < subcube_pattern(b, bits);
  });
  r.largest = std::move(level);
  return r;
}

}  // namespace tv::host::claims
