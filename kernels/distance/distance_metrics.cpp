// The effective diameters and the Moore bound (distance_metrics.hpp).  Percentages are
// compared in exact 128-bit integers (100 C(d) against percent * total), so a pair count
// of 10^18 still lands on the right side of a threshold.
#include "kernels/distance/distance_metrics.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace tv::distance {

namespace {

using u128 = unsigned __int128;

void require_percent(int percent) {
  if (percent < 1 || percent > 100)
    throw std::invalid_argument("effective diameter: percent " + std::to_string(percent) +
                                " is not in 1..100");
}

}  // namespace

uint32_t effective_diameter(const std::vector<uint64_t>& counts, int percent) {
  require_percent(percent);
  u128 reachable = 0;
  for (size_t d = 1; d < counts.size(); ++d) reachable += counts[d];
  if (reachable == 0) return 0;
  u128 within = 0;
  for (size_t d = 1; d < counts.size(); ++d) {
    within += counts[d];
    if (within * 100 >= reachable * static_cast<unsigned>(percent)) return static_cast<uint32_t>(d);
  }
  return static_cast<uint32_t>(counts.size() - 1);  // not reached: 100% is within the last d
}

double interpolated_effective_diameter(const std::vector<uint64_t>& counts, int percent) {
  require_percent(percent);
  u128 total = 0;
  size_t diameter = 0;
  for (size_t d = 0; d < counts.size(); ++d) {
    total += counts[d];
    if (counts[d] != 0) diameter = d;
  }
  const u128 target = total * static_cast<unsigned>(percent);  // 100 T
  u128 cumulative = 0;                                          // C(d)
  for (size_t d = 0; d < counts.size(); ++d) {
    const u128 before = cumulative;  // C(d-1)
    cumulative += counts[d];
    if (cumulative * 100 <= target) continue;
    if (d == 0) return 0;
    // (T - C(D-1)) / (C(D) - C(D-1)), both sides scaled by 100.
    const long double fraction = static_cast<long double>(target - before * 100) /
                                 static_cast<long double>(u128{counts[d]} * 100);
    return static_cast<double>(static_cast<long double>(d - 1) + fraction);
  }
  return static_cast<double>(diameter);
}

moore_bound_value moore_bound(uint64_t degree, uint32_t diameter, bool directed) {
  // Both bounds are 1 + the sum over levels 1..D of the nodes a level can hold: d^i
  // directed; d (d-1)^(i-1) undirected.
  const uint64_t growth = directed ? degree : (degree == 0 ? 0 : degree - 1);
  moore_bound_value m;
  if (growth == 1) {  // a cycle or a directed cycle: D levels of d nodes, no loop needed
    const u128 b = 1 + u128{degree} * diameter;
    m.saturated = b > std::numeric_limits<uint64_t>::max();
    m.bound = m.saturated ? std::numeric_limits<uint64_t>::max() : static_cast<uint64_t>(b);
    m.approx = 1 + static_cast<long double>(degree) * diameter;
    return m;
  }
  m.bound = 1;
  m.approx = 1;
  uint64_t level = 1;  // nodes at level i, exact while not saturated
  long double level_approx = 1;
  bool level_saturated = false;
  for (uint32_t i = 1; i <= diameter; ++i) {
    const uint64_t factor = (i == 1 && !directed) ? degree : growth;
    level_approx *= static_cast<long double>(factor);
    if (!level_saturated && __builtin_mul_overflow(level, factor, &level)) level_saturated = true;
    if (level_saturated) m.saturated = true;
    if (!m.saturated && __builtin_add_overflow(m.bound, level, &m.bound)) m.saturated = true;
    m.approx += level_approx;
    if (level_approx == 0) break;  // every later level is empty too
    if (m.approx == std::numeric_limits<long double>::infinity()) {
      m.saturated = true;
      break;
    }
  }
  if (m.saturated) m.bound = std::numeric_limits<uint64_t>::max();
  return m;
}

}  // namespace tv::distance
