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

  /// @brief f(y) for each neighbor y of x (x with one bit flipped that is a label), by
  /// increasing flipped bit: the mixin's order, in O(len) rather than a rank per bit.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    for_each_neighbor_ranked(x, drop_rank<F>{&f});
  }
  /// @brief f(y, rank(y)) for each neighbor y of x, by increasing flipped bit.
  ///
  /// Why it is cheap: a label parses from the left into blocks (00, 10, 0100, 0101) and a
  /// Fibonacci tail, and the rank adds up along the parse.  Flipping bit b leaves the
  /// blocks above b's block alone, changes that block, and leaves every bit below the new
  /// block as it was; so rank(y) = (rank of x's blocks above) + (the new block's offset) +
  /// (the rank of x's low bits read as a label of their own length), the last taken from
  /// a table made for every length in one pass from the bottom (suffix_ranks).
  template <class F>
  TV_HD void for_each_neighbor_ranked(uint64_t x, F&& f) const {
    uint64_t suffix[65];
    const uint64_t none = ~uint64_t{0}, rx = suffix_ranks(x, suffix);
    if (rx == none) {  // x is no label: rank each flip (callers pass labels; kept exact)
      for (int b = 0; b < len; ++b) {
        const uint64_t y = x ^ (uint64_t{1} << b), r = rank_or_none(y);
        if (r != none) f(y, r);
      }
      return;
    }
    uint64_t starts = 0;  // bit l-1 set where one of x's blocks starts at length l
    int tail = len;
    while (tail > 4) {
      starts |= uint64_t{1} << (tail - 1);
      tail -= ((x >> (tail - 2)) & 3u) == 1 ? 4 : 2;
    }
    for (int b = 0; b < len; ++b) {
      const uint64_t y = x ^ (uint64_t{1} << b);
      if (b < tail) {  // in the Fibonacci tail: rank it afresh (at most 4 bits)
        const uint64_t t = fib_rank_or_none(y & core::low_mask(tail), tail);
        if (t != none) f(y, rx - suffix[tail] + t);
        continue;
      }
      const int l = b + 1 + core::ctz64(starts >> b);  // the block of x holding bit b
      const uint64_t block = block_rank_or_none(y, l, suffix);
      if (block != none) f(y, rx - suffix[l] + block);
    }
  }

 private:
  template <class F>
  struct drop_rank {
    F* f;
    TV_HD void operator()(uint64_t y, uint64_t) const { (*f)(y); }
  };

  /// Rank among the l-bit strings without adjacent 1s (l <= 4), or ~0.
  TV_HD uint64_t fib_rank_or_none(uint64_t rest, int l) const {
    if (rest & (rest >> 1)) return ~uint64_t{0};
    uint64_t r = 0;
    for (int p = l - 1; p >= 0; --p)
      if ((rest >> p) & 1u) r += fib[p];
    return r;
  }

  /// The rank of x's first block read at length l (> 4) plus suffix[] of what follows it,
  /// or ~0 when that block or its rest is no label: one step of rank_or_none.
  TV_HD uint64_t block_rank_or_none(uint64_t x, int l, const uint64_t* suffix) const {
    const uint64_t none = ~uint64_t{0}, a = count[l - 2], b = count[l - 4];
    const unsigned top2 = static_cast<unsigned>((x >> (l - 2)) & 3u);
    uint64_t base = 0;
    int rest = l - 2;
    if (top2 == 1) {
      const unsigned next2 = static_cast<unsigned>((x >> (l - 4)) & 3u);
      if (next2 > 1) return none;
      base = next2 == 0 ? a : a + b;
      rest = l - 4;
    } else if (top2 == 2) {
      base = a + 2 * b;
    } else if (top2 == 3) {
      return none;
    }
    return suffix[rest] == none ? none : base + suffix[rest];
  }

  /// suffix[l] = the rank of x's low l bits as a label of length l, or ~0, for 0 <= l <=
  /// len; returns rank_or_none(x) (suffix[len], unless x has a bit above len).
  TV_HD uint64_t suffix_ranks(uint64_t x, uint64_t* suffix) const {
    const int base = len < 4 ? len : 4;
    uint64_t last = 0;
    for (int l = 0; l <= base; ++l) last = suffix[l] = fib_rank_or_none(x & core::low_mask(l), l);
    for (int l = 5; l <= len; ++l) last = suffix[l] = block_rank_or_none(x, l, suffix);
    return len < 64 && (x >> len) != 0 ? ~uint64_t{0} : last;
  }
};

}  // namespace tv::families
