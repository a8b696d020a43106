// What a split all-pairs run (ranges, checkpoints, helper threads or ranks) must share with
// the one call: every statistic, the per-node tables, and the batches and W it ran.
#pragma once
#include <gtest/gtest.h>

#include "kernels/distance/all_pairs.hpp"

namespace tv::test {

inline void expect_same_all_pairs(const distance::all_pairs_result& got, const distance::all_pairs_result& one) {
  EXPECT_EQ(got.distance_counts, one.distance_counts);
  EXPECT_EQ(got.eccentricity, one.eccentricity);
  EXPECT_EQ(got.per_node_distance_sum, one.per_node_distance_sum);
  EXPECT_EQ(got.eccentricity_histogram, one.eccentricity_histogram);
  EXPECT_EQ(got.diameter, one.diameter);
  EXPECT_EQ(got.hamming_paths, one.hamming_paths);
  EXPECT_EQ(got.sources_run, one.sources_run);
  EXPECT_EQ(got.batches, one.batches);
  EXPECT_EQ(got.words, one.words);
}

}  // namespace tv::test
