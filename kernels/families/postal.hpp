// Postal network PN_lambda(n) (papers/000, Definition 1 and Theorem 7): n-bit labels in
// which any two 1-bits are at least lambda positions apart; edges join labels at Hamming
// distance 1.  lambda = 1 is the hypercube, lambda = 2 the Fibonacci cube.
//
// Ranking: count[r] = N_lambda(r) = number of valid r-bit strings (count[0] = 1).  In
// increasing label order, the strings whose bit p (from the right) is the highest 1 come
// after all count[p] strings that have 0 there, and a 1 at p forces the next lambda-1
// bits to 0; so rank(x) = sum of count[p] over the 1-bits p of x.  The rank is additive
// over bits, which makes a neighbor's rank an O(1) update.
#pragma once
#include <stdexcept>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

/// Returned by distance_1 for a label with at most one 1-bit: no two 1-bits, no distance.
inline constexpr int distance_1_infinite = 1 << 20;

/// @brief distance_1 of papers/000 Section 4: the least distance between two 1-bits of y
/// (distance_1_infinite when y has at most one 1-bit).  Theorem 7: the n-bit labels with
/// distance_1 >= lambda are PN_lambda(n)'s nodes.  Example: distance_1(0b10001) == 4.
TV_HD inline int distance_1(uint64_t y) {
  int best = distance_1_infinite, prev = -1;
  while (y) {
    const int p = core::ctz64(y);
    if (prev >= 0 && p - prev < best) best = p - prev;
    prev = p;
    y &= y - 1;
  }
  return best;
}

struct postal_network {
  int lambda = 1;
  int n = 1;
  uint64_t count[65] = {};

  /// @brief PN_lambda(n), 1 <= lambda <= 64, 1 <= n <= 64; refuses sizes >= 2^64.
  static postal_network make(int lambda, int n) {
    require_in_range("postal", "lambda", lambda, 1, 64);
    require_in_range("postal", "n", n, 1, 64);
    postal_network p;
    p.lambda = lambda;
    p.n = n;
    p.count[0] = 1;
    for (int r = 1; r <= n; ++r) {
      const uint64_t a = p.count[r - 1];
      const uint64_t b = r - lambda >= 0 ? p.count[r - lambda] : 1;
      if (a + b < a)
        throw std::invalid_argument("postal: PN_" + std::to_string(lambda) + "(" +
                                    std::to_string(n) +
                                    ") has 2^64 or more nodes, more than a 64-bit count holds");
      p.count[r] = a + b;
    }
    return p;
  }

  TV_HD uint64_t size() const { return count[n]; }

  TV_HD uint64_t unrank(uint64_t i) const {
    uint64_t x = 0;
    for (int p = n - 1; p >= 0; --p) {  // without branches: which way goes is data
      const bool one = i >= count[p];
      i -= one ? count[p] : 0;
      x |= uint64_t{one} << p;
      p -= one ? lambda - 1 : 0;  // the next lambda-1 bits are forced to 0
    }
    return x;
  }

  /// @brief The label after x in increasing order (x a label, not the last): set the
  /// lowest bit p whose window p..p+lambda-1 holds no 1 of x, and clear every bit below
  /// it.  Any larger label differs from x first at such a bit, so this is the smallest;
  /// a few shifts where unrank walks all n bits (the CSR's first pass, csr_impl.inl).
  TV_HD uint64_t next_label(uint64_t x) const {
    uint64_t window = x;  // bit p: a 1 of x at p .. p+lambda-1
    for (int k = 1; k < lambda; ++k) window |= x >> k;
    const int p = core::ctz64(~window);
    return (x & ~core::low_mask(p + 1)) | (uint64_t{1} << p);
  }

  TV_HD uint64_t rank(uint64_t x) const {
    uint64_t r = 0;
    while (x) {
      const int p = core::ctz64(x);
      r += count[p];
      x &= x - 1;
    }
    return r;
  }

  /// @brief Theorem 7: an n-bit label is a node when its 1-bits are lambda or more apart.
  TV_HD bool contains(uint64_t x) const {
    if (n < 64 && (x >> n) != 0) return false;
    return distance_1(x) >= lambda;
  }

  TV_HD bool directed() const { return false; }
  TV_HD int bits() const { return n; }
  TV_HD int max_degree() const { return n; }

  /// @brief Bits that may be set in x at position b without breaking the spacing rule:
  /// the window b-lambda+1 .. b+lambda-1 must hold no 1.
  TV_HD bool can_set(uint64_t x, int b) const {
    const int lo = b - lambda + 1 < 0 ? 0 : b - lambda + 1;
    const int hi = b + lambda > n ? n : b + lambda;  // exclusive
    const uint64_t window = core::low_mask(hi) & ~core::low_mask(lo);
    return (x & window) == 0;
  }

  /// @brief The bits b < n that x has, or may set (can_set): the bits within lambda-1 of
  /// a 1-bit of x are the ones it may not set.
  TV_HD uint64_t flippable(uint64_t x) const {
    const uint64_t inside = core::low_mask(n), own = x & inside;
    uint64_t near = own;  // positions within lambda-1 of a 1-bit (can_set's window)
    for (int k = 1; k < lambda; ++k) near |= (own << k) | (own >> k);
    return (x | ~near) & inside;
  }

  /// @brief f(x with bit b flipped) for each flippable bit b, by increasing b.
  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    for (uint64_t flips = flippable(x); flips; flips &= flips - 1)
      f(x ^ (uint64_t{1} << core::ctz64(flips)));
  }

  /// @brief The number of neighbors for_each_neighbor gives.
  TV_HD uint32_t degree(uint64_t x) const { return static_cast<uint32_t>(core::popcount64(flippable(x))); }

  TV_HD uint64_t rank_neighbor(uint64_t x, uint64_t r, uint64_t nb) const {
    const int b = core::ctz64(x ^ nb);
    return nb > x ? r + count[b] : r - count[b];
  }
};

}  // namespace tv::families
