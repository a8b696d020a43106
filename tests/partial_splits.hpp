// Ways to cut a run's sources into ranges and to merge the partials of those ranges, for
// the tests of every engine's partial results (tests/distance/all_pairs_partial_test.cpp,
// tests/sim/broadcast_partial_test.cpp, tests/sim/routing_partial_test.cpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/core/source_range.hpp"

namespace tv::test {

/// @brief The ways to cut [0, total) into ranges: whole, halves, thirds, and uneven pieces
/// (single sources first, then growing ones).
inline std::vector<std::vector<core::source_range>> splits(uint64_t total) {
  std::vector<std::vector<core::source_range>> out;
  for (uint64_t parts : {1, 2, 3}) {
    std::vector<core::source_range> s;
    for (uint64_t i = 0; i < parts; ++i) s.push_back({total * i / parts, total * (i + 1) / parts});
    out.push_back(s);
  }
  std::vector<uint64_t> cuts = {0, 1, 2, total / 5, total / 2 + 3, total};
  std::sort(cuts.begin(), cuts.end());
  std::vector<core::source_range> uneven;
  for (size_t i = 0; i + 1 < cuts.size(); ++i)
    if (cuts[i] < cuts[i + 1] && cuts[i + 1] <= total) uneven.push_back({cuts[i], cuts[i + 1]});
  out.push_back(uneven);
  return out;
}

/// @brief The partials merged as a balanced tree over [lo, hi).
template <class Partial, class Merge>
Partial tree_merge(const std::vector<Partial>& p, size_t lo, size_t hi, Merge merge) {
  if (hi - lo == 1) return p[lo];
  const size_t mid = (lo + hi) / 2;
  return merge(tree_merge(p, lo, mid, merge), tree_merge(p, mid, hi, merge));
}

/// @brief The partials merged forward (((p0 p1) p2) ...), backward (p0 (p1 (p2 ...))) and
/// as a tree, each named.
template <class Partial, class Merge>
std::vector<std::pair<std::string, Partial>> merged_in_three_orders(const std::vector<Partial>& parts,
                                                                    Merge merge) {
  Partial forward = parts.front();
  for (size_t i = 1; i < parts.size(); ++i) forward = merge(forward, parts[i]);
  Partial backward = parts.back();
  for (size_t i = parts.size() - 1; i-- > 0;) backward = merge(parts[i], backward);
  return {{" forward", forward}, {" backward", backward},
          {" tree", tree_merge(parts, 0, parts.size(), merge)}};
}

}  // namespace tv::test
