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
    for (uint64_t x = labels_[s]; x; x &= x - 1) bit_count_[__builtin_ctzll(x)] += weight;
  }

  /// Sum over the sources s of weight(s) * H(v, s).
  uint64_t sum(uint64_t v) const {
    uint64_t h = 0;
    for (int b = 0; b < 64; ++b)
      h += ((labels_[v] >> b) & 1u) ? total_ - bit_count_[b] : bit_count_[b];
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
  std::vector<uint64_t> bit_count_ = std::vector<uint64_t>(64, 0);
};

}  // namespace tv::distance::detail
