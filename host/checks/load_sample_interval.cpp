// The intervals of sampled link loads (load_sample_interval.hpp says why they hold).
#include "host/checks/load_sample_interval.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "host/checks/seeded_sample.hpp"

namespace tv::host {

namespace {

/// Mean and the sum of squared deviations of `values`.
std::pair<double, double> mean_and_squares(const std::vector<double>& values) {
  double mean = 0, squares = 0;
  for (const double v : values) mean += v / static_cast<double>(values.size());
  for (const double v : values) squares += (v - mean) * (v - mean);
  return {mean, squares};
}

}  // namespace

load_sample_interval::load_sample_interval(uint64_t links, uint64_t batches, double fraction)
    : batches_(batches), fraction_(fraction), sum_(links, 0), squares_(links, 0) {
  if (batches < 4 || batches % 2 != 0) throw std::invalid_argument("load_sample_interval: an even number of batches, 4 or more");
}

void load_sample_interval::choose() {
  chosen_ = static_cast<uint64_t>(std::max_element(sum_.begin(), sum_.end()) - sum_.begin());
}

std::vector<double> load_sample_interval::estimates() const {
  std::vector<double> out(sum_.size());
  for (size_t a = 0; a < sum_.size(); ++a) out[a] = sum_[a] / static_cast<double>(batches_);
  return out;
}

double load_sample_interval::mean() const { return mean_and_squares(batch_means_).first; }

std::pair<double, double> load_sample_interval::mean_interval() const {
  const auto [mean, squares] = mean_and_squares(batch_means_);
  return host::mean_interval(mean, (1 - fraction_) * squares, batch_means_.size(),
                             student_t_quantile(normal_q975, batch_means_.size() - 1));
}

std::pair<double, double> load_sample_interval::max_interval() const {
  const double count = static_cast<double>(batches_);
  const double t_high = student_t_quantile(normal_q975, batches_ - 1);
  double high = 0;
  for (size_t a = 0; a < sum_.size(); ++a) {
    const double mean = sum_[a] / count;
    const double squares = std::max(0.0, squares_[a] - count * mean * mean);
    high = std::max(high, host::mean_interval(mean, (1 - fraction_) * squares, batches_, t_high).second);
  }
  auto low_end = [](const std::vector<double>& values, double factor) {  // one-sided 98.75% below their mean
    if (values.size() < 2) return 0.0;
    const auto [mean, squares] = mean_and_squares(values);
    return host::mean_interval(mean, factor * squares, values.size(),
                               student_t_quantile(normal_q9875, values.size() - 1))
        .first;
  };
  // The held-out half is, given the first, a sample of the units the first left: of
  // fraction (f / 2) / (1 - f / 2) of them.
  const double half = fraction_ / 2, held_factor = 1 - half / (1 - half);
  const double low = std::max({0.0, low_end(held_, held_factor), low_end(batch_means_, 1 - fraction_)});
  return {low, std::max(low, high)};
}

}  // namespace tv::host
