// Metacube MC(k, m) (papers/002): n = m*2^k + k address bits, 2^n nodes, degree k + m.
// Two presentations of the same graph:
//  - class-cube presentation (Section 3, the default): class c = the k lowest bits;
//    cross-edges flip one of bits 0..k-1; cube-edges of a class-c node flip bits
//    k + 2^k*j + c, j = 0..m-1.
//  - cluster presentation (Section 2): class c = the k highest bits; the m*2^k low bits
//    are blocks m_{2^k-1} .. m_0 of m bits; cube-edges flip bits of block m_c (bits
//    c*m .. c*m+m-1), cross-edges flip one class bit.
// to_cluster / to_class map addresses between them (a fixed bit permutation):
//   class bit k + 2^k*j + c  <->  cluster bit c*m + j,   class bit t  <->  cluster bit m*2^k + t.
// MC(0, m) is the hypercube Q(m); MC(1, m) is the dual-cube.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/families/label_space.hpp"
#include "kernels/families/parameter_range.hpp"

namespace tv::families {

struct metacube : whole_cube_labels<metacube> {
  int k = 1;
  int m = 1;
  int n = 3;
  bool cluster_presentation = false;

  /// @brief MC(k, m) with m*2^k + k <= 63 address bits.
  static metacube make(int k, int m, bool cluster_presentation = false) {
    require_in_range("metacube", "k", k, 0, 5);
    require_in_range("metacube", "m", m, 1, 63);
    const long long bits = static_cast<long long>(m) * (1ll << k) + k;
    if (bits > 63)
      throw std::invalid_argument("metacube: MC(" + std::to_string(k) + "," + std::to_string(m) +
                                  ") needs m*2^k+k = " + std::to_string(bits) +
                                  " address bits; at most 63 fit a 64-bit count");
    metacube mc;
    mc.k = k;
    mc.m = m;
    mc.n = static_cast<int>(bits);
    mc.cluster_presentation = cluster_presentation;
    return mc;
  }

  TV_HD bool directed() const { return false; }
  TV_HD int bits() const { return n; }
  TV_HD int max_degree() const { return k + m; }
  TV_HD int classes() const { return 1 << k; }

  /// @brief The class of a node in this presentation.
  TV_HD int class_of(uint64_t x) const {
    return cluster_presentation ? static_cast<int>(x >> (n - k))
                                : static_cast<int>(x & core::low_mask(k));
  }

  /// @brief Bit flipped by the j-th cube-edge (0 <= j < m) of a node of class c.
  TV_HD int cube_bit(int c, int j) const {
    return cluster_presentation ? c * m + j : k + (j << k) + c;
  }
  /// @brief Bit flipped by the t-th cross-edge (0 <= t < k).
  TV_HD int cross_bit(int t) const { return cluster_presentation ? m * (1 << k) + t : t; }

  template <class F>
  TV_HD void for_each_neighbor(uint64_t x, F&& f) const {
    const int c = class_of(x);
    for (int t = 0; t < k; ++t) f(x ^ (uint64_t{1} << cross_bit(t)));
    for (int j = 0; j < m; ++j) f(x ^ (uint64_t{1} << cube_bit(c, j)));
  }
  TV_HD uint64_t rank_neighbor(uint64_t, uint64_t, uint64_t nb) const { return nb; }

  /// @brief Class-presentation address -> cluster-presentation address.
  TV_HD uint64_t to_cluster(uint64_t x) const {
    uint64_t y = 0;
    const int h = 1 << k;
    for (int t = 0; t < k; ++t)
      if ((x >> t) & 1u) y |= uint64_t{1} << (m * h + t);
    for (int j = 0; j < m; ++j)
      for (int c = 0; c < h; ++c)
        if ((x >> (k + j * h + c)) & 1u) y |= uint64_t{1} << (c * m + j);
    return y;
  }
  /// @brief Cluster-presentation address -> class-presentation address.
  TV_HD uint64_t to_class(uint64_t y) const {
    uint64_t x = 0;
    const int h = 1 << k;
    for (int t = 0; t < k; ++t)
      if ((y >> (m * h + t)) & 1u) x |= uint64_t{1} << t;
    for (int j = 0; j < m; ++j)
      for (int c = 0; c < h; ++c)
        if ((y >> (c * m + j)) & 1u) x |= uint64_t{1} << (k + j * h + c);
    return x;
  }
};

}  // namespace tv::families
