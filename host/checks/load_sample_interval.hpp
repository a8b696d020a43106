// The 95% intervals of a sampled check's link loads (throughput_sample.hpp, the sampled
// link_load of link_load_sample.hpp): B batches, disjoint stretches of one seeded sample
// of the units whose loads add up (source routers, or target routers), each an unbiased
// estimate of every link's load.  From them: each link's estimate (their mean), an
// interval for the mean load over links and one for the largest load.
//
// The largest load M = max over links of L_a:
//  - high: the largest over links of (estimate + t(B-1) standard errors), a one-sided
//    97.5% bound at the link that truly carries M, and the largest is at least that one;
//  - low: the larger of two one-sided 98.75% bounds below M: the mean load over links (M
//    is at least the mean; its batch estimates average every link, so they are tight),
//    and the load of the link the first B/2 batches rank highest measured on the other
//    B/2 alone (chosen without the data that measure it; M is at least its load).
// Together a 95% interval for M, assuming near-normal batch estimates (t quantiles).
// The standard errors are the random-group ones times the finite-population factor
// (1 - f), f the sampled fraction of the units: with B disjoint groups of one sample
// drawn without replacement, E[sum (x_b - x)^2 / (B (B - 1))] = S^2 / n while the
// estimate's variance is (1 - f) S^2 / n (Wolter, Introduction to Variance Estimation,
// ch. 2), so the factor makes it unbiased where leaving it out overstates it.  The
// held-out half is, given the first half, a sample of the units the first left, of
// fraction (f/2) / (1 - f/2) of them; its mean there is at most the chosen link's
// (the first half chose it for large values), which keeps the low end conservative.
// No point estimate of M is honest: the largest per-link estimate is biased upward, since
// a sampled unit's own links (a source's first hops, a target's last) carry its whole
// traffic scaled by (units) / (batch size).
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace tv::host {

class load_sample_interval {
 public:
  /// `links` links, `batches` (even, >= 4) batches of a sample that is `fraction` of its units.
  load_sample_interval(uint64_t links, uint64_t batches, double fraction);

  /// The next batch's estimate of every link's load: value[a] * scale.
  template <class T>
  void add(const std::vector<T>& value, double scale) {
    double total = 0;
    for (size_t a = 0; a < sum_.size(); ++a) {
      const double x = static_cast<double>(value[a]) * scale;
      sum_[a] += x, squares_[a] += x * x, total += x;
    }
    end_batch(total, value, scale);
  }

  /// After every batch: each link's estimate (the mean of its batches).
  std::vector<double> estimates() const;
  /// The mean load over links: the estimate and its 95% interval.
  double mean() const;
  std::pair<double, double> mean_interval() const;
  /// The 95% interval of the largest load.
  std::pair<double, double> max_interval() const;

 private:
  template <class T>
  void end_batch(double total, const std::vector<T>& value, double scale) {
    batch_means_.push_back(sum_.empty() ? 0 : total / static_cast<double>(sum_.size()));
    if (batch_means_.size() == batches_ / 2) choose();
    if (batch_means_.size() > batches_ / 2 && !sum_.empty()) held_.push_back(static_cast<double>(value[chosen_]) * scale);
  }
  void choose();  // the link the first half ranks highest

  uint64_t batches_;
  double fraction_;
  std::vector<double> sum_, squares_, batch_means_, held_;
  uint64_t chosen_ = 0;
};

}  // namespace tv::host
