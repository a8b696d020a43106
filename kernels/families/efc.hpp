// Enhanced Fibonacci cube EFC_n (papers/001, Definition 1): labels of n-2 bits,
//   V_n = 00||V_{n-2}  u  10||V_{n-2}  u  0100||V_{n-4}  u  0101||V_{n-4}   (n > 6),
// with V_3..V_6 as printed, which are exactly the 1..4-bit strings with no two adjacent
// 1s (the Fibonacci-cube sets).  Edges join labels at Hamming distance 1.
//
// The four prefixes are prefix-free (00, 10, 010x; 11 never starts a label), so a label
// parses uniquely from the left.  In increasing label order the blocks come as
// 00.. < 0100.. < 0101.. < 10..; count[l] = |labels of length l| drives unrank and rank.
#pragma once
#include <stdexcept>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct enhanced_fibonacci_cube : hamming_induced_edges<enhanced_fibonacci_cube> {
  int order = 3;        // the paper's n
  int len = 1;          // label width n-2
  uint64_t count[65] = {};  // count[l] for 1 <= l <= 64; count[0] = 1 (empty string)
  uint64_t fib[6] = {};     // fib[r] = r-bit strings without adjacent 1s, r <= 4

  /// @brief EFC_n for 3 <= n <= 66 (labels of 1..64 bits).
  static enhanced_fibonacci_cube make(int n) {
    require_in_range("efc", "n", n, 3, 66, "labels have n-2 bits");
    enhanced_fibonacci_cube e;
    e.order = n;
    e.len = n - 2;
    e.fib[0] = 1;
    e.fib[1] = 2;
    for (int r = 2; r < 6; ++r) e.fib[r] = e.fib[r - 1] + e.fib[r - 2];
    e.count[0] = 1;
    for (int l = 1; l <= e.len; ++l) {
      if (l <= 4) {
        e.count[l] = e.fib[l];
      } else {
        const unsigned __int128 c = 2 * static_cast<unsigned __int128>(e.count[l - 2]) +
                                    2 * static_cast<unsigned __int128>(e.count[l - 4]);
        if (c >> 64)
          throw std::invalid_argument("efc: EFC_" + std::to_string(n) +
                                      " has 2^64 or more nodes, more than a 64-bit count holds");
        e.count[l] = static_cast<uint64_t>(c);
      }
    }
    return e;
  }

  TV_HD uint64_t size() const { return count[len]; }

  TV_HD uint64_t unrank(uint64_t i) const {
    uint64_t x = 0;
    int l = len;
    while (l > 4) {
      const uint64_t a = count[l - 2], b = count[l - 4];
      if (i < a) {  // 00
        l -= 2;
      } else if (i < a + b) {  // 0100
        i -= a;
        x |= uint64_t{1} << (l - 2);
        l -= 4;
      } else if (i < a + 2 * b) {  // 0101
        i -= a + b;
        x |= (uint64_t{1} << (l - 2)) | (uint64_t{1} << (l - 4));
        l -= 4;
      } else {  // 10
        i -= a + 2 * b;
        x |= uint64_t{1} << (l - 1);
        l -= 2;
      }
    }
    // Base: l-bit string with no two adjacent 1s, in increasing order.
    for (int p = l - 1; p >= 0; --p) {
      if (i >= fib[p]) {
        i -= fib[p];
        x |= uint64_t{1} << p;
        --p;
      }
    }
    return x;
  }

  /// @brief Rank of x, or ~0 when x is not a label (used by contains()).
  TV_HD uint64_t rank_or_none(uint64_t x) const {
    if (len < 64 && (x >> len) != 0) return ~uint64_t{0};
    uint64_t r = 0;
    int l = len;
    while (l > 4) {
      const uint64_t a = count[l - 2], b = count[l - 4];
      const unsigned top2 = static_cast<unsigned>((x >> (l - 2)) & 3u);
      if (top2 == 0) {
        l -= 2;
      } else if (top2 == 1) {  // 01 must be 0100 or 0101
        const unsigned next2 = static_cast<unsigned>((x >> (l - 4)) & 3u);
        if (next2 == 0) {
          r += a;
        } else if (next2 == 1) {
          r += a + b;
        } else {
          return ~uint64_t{0};
        }
        l -= 4;
      } else if (top2 == 2) {
        r += a + 2 * b;
        l -= 2;
      } else {
        return ~uint64_t{0};
      }
    }
    const uint64_t rest = x & core::low_mask(l);
    if (rest & (rest >> 1)) return ~uint64_t{0};
    for (int p = l - 1; p >= 0; --p)
      if ((rest >> p) & 1u) r += fib[p];
    return r;
  }

  TV_HD uint64_t rank(uint64_t x) const { return rank_or_none(x); }
  TV_HD bool contains(uint64_t x) const { return rank_or_none(x) != ~uint64_t{0}; }
  TV_HD int bits() const { return len; }
  TV_HD int max_degree() const { return len; }
};

}  // namespace tv::families
