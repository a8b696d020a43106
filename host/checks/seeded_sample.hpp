// Seeded samples and their 95% intervals, for the checks that estimate above a work bound
// (paths and endpoints, disjoint_paths, throughput): one seed draws the same sample on
// every machine (std::mt19937_64, whose sequence the standard fixes, reduced by `%`
// rather than by a distribution, whose algorithm it does not).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace tv::host {

/// @brief `wanted` distinct values of 0 .. n-1 (wanted <= n), in the order drawn: a
/// partial Fisher-Yates shuffle driven by std::mt19937_64(seed).  Consecutive stretches
/// of the result are themselves uniform samples (the batches of throughput_check.cpp).
std::vector<uint32_t> seeded_sample(uint64_t n, uint64_t wanted, uint64_t seed);

/// @brief `wanted` distinct unordered pairs {a, b} of 0 .. n-1 (wanted <= n(n-1)/2),
/// ascending: std::mt19937_64(seed) draws a then b, a draw with a == b or a pair already
/// drawn is passed over, until `wanted` are drawn.  The draws are taken in rounds into
/// sorted vectors (seeded_pair_sample_bytes).
std::vector<std::pair<uint32_t, uint32_t>> seeded_pair_sample(uint64_t n, uint64_t wanted, uint64_t seed);

/// @brief The most bytes seeded_pair_sample holds for `wanted` pairs, 16 a pair: the
/// first round's draws and their sorted copy, or a later round's merge of the pairs kept
/// with its new ones.
uint64_t seeded_pair_sample_bytes(uint64_t wanted);

/// @brief The interval mean -+ quantile * the standard error, from the sum of squared
/// deviations from the mean of `count` (>= 2) independent values: the normal 95% interval
/// with the default quantile, Student's with student_t_quantile(.., count - 1).
std::pair<double, double> mean_interval(double mean, double squared_deviations, uint64_t count,
                                        double quantile = 1.96);

/// Standard normal quantiles of probability 0.975 and 0.9875 (two one-sided 98.75% bounds
/// and one of 97.5% make a 95% interval).
constexpr double normal_q975 = 1.959964, normal_q9875 = 2.241403;

/// @brief Student's t quantile with `df` degrees of freedom at the probability whose
/// normal quantile is `z`: the Cornish-Fisher expansion to 1/df^4 for df >= 7, within 2e-4
/// of the quantile (t(7) at 0.975: 2.3646); below 7, the density integrated numerically
/// (t(1) at 0.975: 12.7062).
double student_t_quantile(double z, uint64_t df);

}  // namespace tv::host
