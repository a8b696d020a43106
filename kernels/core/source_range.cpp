// The covered ranges of partial results: resolving, adding (overlaps refused), and the
// words for what is missing.
#include "kernels/core/source_range.hpp"

#include <algorithm>
#include <stdexcept>

namespace tv::core {

std::string source_range::text() const {
  return "[" + std::to_string(begin) + ", " + std::to_string(end) + ")";
}

source_range resolve_range(source_range range, uint64_t order_size, const std::string& engine) {
  if (range == every_source) range.end = order_size;
  if (range.begin > range.end || range.end > order_size)
    throw std::invalid_argument(engine + ": sources " + range.text() + " are not within the " +
                                std::to_string(order_size) + " sources of the run");
  return range;
}

void add_covered(std::vector<source_range>& covered, const std::vector<source_range>& more,
                 const std::string& engine) {
  std::vector<source_range> ranges = std::move(covered);
  ranges.insert(ranges.end(), more.begin(), more.end());
  std::sort(ranges.begin(), ranges.end(),
            [](const source_range& x, const source_range& y) { return x.begin < y.begin; });
  covered.clear();
  for (const source_range& r : ranges) {
    if (r.begin == r.end) continue;
    if (!covered.empty() && r.begin < covered.back().end)
      throw std::invalid_argument(engine + " partials cover sources " + covered.back().text() +
                                  " and " + r.text() + ", which overlap: a source would count twice");
    if (!covered.empty() && r.begin == covered.back().end)
      covered.back().end = r.end;
    else
      covered.push_back(r);
  }
}

bool covers_all(const std::vector<source_range>& covered, uint64_t order_size) {
  return order_size == 0 || (covered.size() == 1 && covered[0] == source_range{0, order_size});
}

void require_all_covered(const std::vector<source_range>& covered, uint64_t order_size,
                         const std::string& engine) {
  if (covers_all(covered, order_size)) return;
  // The first gap: from the end of a leading range at 0 (or 0) to the next range.
  const bool leading = !covered.empty() && covered[0].begin == 0;
  const uint64_t from = leading ? covered[0].end : 0;
  const size_t next = leading ? 1 : 0;
  const uint64_t upto = covered.size() > next ? covered[next].begin : order_size;
  throw std::invalid_argument(engine + " partial is incomplete: sources " +
                              source_range{from, upto}.text() + " of " +
                              std::to_string(order_size) + " are not covered");
}

uint64_t count(const std::vector<source_range>& ranges) {
  uint64_t n = 0;
  for (const source_range& r : ranges) n += r.end - r.begin;
  return n;
}

bool well_formed(const std::vector<source_range>& covered, uint64_t order_size) {
  uint64_t end = 0;
  for (const source_range& r : covered) {
    if (r.begin >= r.end || r.begin < end || r.end > order_size) return false;
    end = r.end;
  }
  return true;
}

}  // namespace tv::core
