// Ranges of a run's sources and the bookkeeping every engine's partial results share
// (issue 16 item 1): a run over sources [begin, end) of its fixed order hands back a
// partial; partials merge when their ranges are disjoint and finish once the ranges
// cover the whole order.  The engines' partials (distance/all_pairs_partial.hpp,
// sim/broadcast_partial.hpp, sim/routing_partial.hpp) keep their covered ranges with
// these helpers, so an overlap or a gap is refused in the same words everywhere.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace tv::core {

/// Sources [begin, end) in a run's fixed order (each engine says what its order is).
struct source_range {
  uint64_t begin = 0, end = 0;
  friend bool operator==(const source_range& a, const source_range& b) {
    return a.begin == b.begin && a.end == b.end;
  }
  /// "[begin, end)", as messages write it.
  std::string text() const;
};
/// The whole fixed order, whatever its size.
inline constexpr source_range every_source{0, ~uint64_t{0}};

/// @brief The range a run covers: every_source becomes [0, order_size).  Raises
/// std::invalid_argument, starting with `engine`, when the range leaves the order.
source_range resolve_range(source_range range, uint64_t order_size, const std::string& engine);

/// @brief Adds `more` to the sorted, disjoint ranges `covered`, joining ranges that touch.
/// Raises std::invalid_argument, starting with `engine`, when two ranges overlap (a source
/// would count twice).
void add_covered(std::vector<source_range>& covered, const std::vector<source_range>& more,
                 const std::string& engine);

/// @brief Whether `covered` (sorted, joined) is the whole order [0, order_size).
bool covers_all(const std::vector<source_range>& covered, uint64_t order_size);

/// @brief Raises std::invalid_argument, starting with `engine`, naming the first sources
/// `covered` misses, unless it covers the whole order.
void require_all_covered(const std::vector<source_range>& covered, uint64_t order_size,
                         const std::string& engine);

/// @brief How many sources the ranges hold.
uint64_t count(const std::vector<source_range>& ranges);

/// @brief Whether `covered` is sorted, disjoint, non-empty ranges inside [0, order_size):
/// the shape a partial read from elsewhere must have.
bool well_formed(const std::vector<source_range>& covered, uint64_t order_size);

/// @brief FNV-1a, 64-bit, over the eight bytes of `word` (little end first), continuing
/// from `h`: the checksum partials use to tell graphs and source lists apart.
///
/// A zero byte only multiplies h by the prime, so the run of zero bytes above the
/// highest non-zero one is one multiplication by a power of it: the same value in about
/// half the dependent multiplications for the small numbers graphs hold (checksums of
/// 10^7 arcs are on the critical path of reading a file).
inline uint64_t fnv1a(uint64_t h, uint64_t word) {
  constexpr uint64_t prime = 1099511628211ull;
  constexpr uint64_t prime_power[9] = {1,
                                       prime,
                                       prime * prime,
                                       prime * prime * prime,
                                       prime * prime * prime * prime,
                                       prime * prime * prime * prime * prime,
                                       prime * prime * prime * prime * prime * prime,
                                       prime * prime * prime * prime * prime * prime * prime,
                                       prime * prime * prime * prime * prime * prime * prime * prime};
  const int bytes = word == 0 ? 0 : 8 - __builtin_clzll(word) / 8;  // up to the highest non-zero
  for (int i = 0; i < bytes; ++i) {
    h ^= (word >> (8 * i)) & 0xFFu;
    h *= prime;
  }
  return h * prime_power[8 - bytes];
}
inline constexpr uint64_t fnv1a_basis = 14695981039346656037ull;

}  // namespace tv::core
