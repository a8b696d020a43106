// The Hamming check's arithmetic for a range run (all_pairs_run.inl).  Per-bit label counts over a set of weighted sources give, for
// a node v, the weighted sum of its Hamming distances to them; every edge flips one bit,
// so d >= H pair by pair, and v's weighted distance sum equals that Hamming sum (with
// every source reaching v) exactly when each of v's distances to the sources is its
// Hamming distance.
#pragma once
#include <cstdint>
#include <vector>

namespace tv::distance::detail {

class hamming_sums {
 public:
  explicit hamming_sums(const std::vector<uint64_t>& labels) : labels_(labels) {}

  /// Counts source s `weight` times.
  void add_source(uint64_t s, uint64_t weight) {
    total_ += weight;
    for (uint64_t x = labels_[s]; x; x &= x - 1) {
      bit_count_[__builtin_ctzll(x)] += weight;
      base_ += weight;
    }
  }

  /// Sum over the sources s of weight(s) * H(v, s): per bit b, the sources differing
  /// from v there, bit_count[b] where v's bit is 0 and total - bit_count[b] where it is 1,
  /// so the sum is sum_b bit_count[b] plus, over v's set bits, total - 2 bit_count[b]
  /// (added modulo 2^64, which the true, non-negative sum fits).
  uint64_t sum(uint64_t v) const {
    uint64_t h = base_;
    for (uint64_t x = labels_[v]; x; x &= x - 1) h += total_ - 2 * bit_count_[__builtin_ctzll(x)];
    return h;
  }

  /// Whether some source is at a distance from v other than its Hamming distance, given
  /// v's weighted distance sum and weighted count of sources reaching it.
  bool fails(uint64_t v, uint64_t distance_sum, uint64_t reached) const {
    return reached != total_ || distance_sum != sum(v);
  }

 private:
  const std::vector<uint64_t>& labels_;
  uint64_t total_ = 0;
  uint64_t base_ = 0;  // sum over bits of bit_count_
  std::vector<uint64_t> bit_count_ = std::vector<uint64_t>(64, 0);
};

}  // namespace tv::distance::detail
