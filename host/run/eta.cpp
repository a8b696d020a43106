// ETA from a fitted growth law and a damped level (see eta.hpp).
#include "host/run/eta.hpp"

#include <algorithm>
#include <cmath>

namespace tv::host {

namespace {
constexpr size_t window_size = 8;
// The growth exponent is fitted only over a window spanning this factor of work, and
// moves this share of the way to each new fit.
constexpr double fit_span = 4.0;
constexpr double growth_damping = 0.5;
constexpr double growth_min = 0.5, growth_max = 1.5;
constexpr double shortest_time = 1e-6;  // seconds; a clock that says 0 says "tiny"
constexpr double max_step = 2.0;         // the most the rest's prediction moves per instance
constexpr double warm_up_seconds = 0.1;  // start-up costs are milliseconds
}  // namespace

void eta_estimator::plan(std::vector<double> weights) {
  for (auto& w : weights) w = std::max(w, 1.0);
  weights_ = std::move(weights);
  done_.assign(weights_.size(), false);
  window_.clear();
  p_ = 1.0;
  damping_ = 1.0;
  warmed_up_ = false;
}

void eta_estimator::skipped(size_t i) {
  if (i < done_.size()) done_[i] = true;
}

void eta_estimator::finished(size_t i, double seconds, bool representative, double shown_left) {
  if (i >= done_.size()) return;
  done_[i] = true;
  if (!representative) return;
  // The first instance of a process carries one-time costs (threads started, memory
  // first touched): 6.4 ms for PN_2(8) where PN_2(9) took 0.5 ms.  A short one teaches
  // nothing; a long one is its own best evidence.
  const bool warm_up = !warmed_up_ && seconds < warm_up_seconds;
  warmed_up_ = true;
  if (warm_up) return;
  // What the display predicted for the rest of the run, before this instance teaches.
  const bool first = window_.empty();
  const double shown_before = first ? 0 : shown_left >= 0 ? shown_left : damping_ * raw_rest(log_level());
  window_.push_back({std::log(weights_[i]), std::log(std::max(seconds, shortest_time)), weights_[i]});
  if (window_.size() > window_size) window_.pop_front();
  fit_growth();
  // The model may now predict the rest very differently (the first instances large
  // enough to show how the work grows); the display moves at most 2x per instance.
  const double raw_after = raw_rest(log_level());
  if (!first && shown_before > 0 && raw_after > 0)
    damping_ = std::clamp(1.0, shown_before / (max_step * raw_after), shown_before * max_step / raw_after);
  else
    damping_ = 1;
}

void eta_estimator::fit_growth() {
  // Least-squares slope of log t against log w over the window.
  double lo = window_.front().log_w, hi = lo;
  for (const auto& s : window_) {
    lo = std::min(lo, s.log_w);
    hi = std::max(hi, s.log_w);
  }
  if (window_.size() < 3 || hi - lo < std::log(fit_span)) return;
  double mw = 0, mt = 0;
  for (const auto& s : window_) {
    mw += s.log_w;
    mt += s.log_t;
  }
  mw /= static_cast<double>(window_.size());
  mt /= static_cast<double>(window_.size());
  double sww = 0, swt = 0;
  for (const auto& s : window_) {
    sww += (s.log_w - mw) * (s.log_w - mw);
    swt += (s.log_w - mw) * (s.log_t - mt);
  }
  const double slope = std::clamp(swt / sww, growth_min, growth_max);
  p_ += growth_damping * (slope - p_);
}

double eta_estimator::raw_rest(double log_level) const {
  double rest = 0;
  for (size_t j = 0; j < weights_.size(); ++j)
    if (!done_[j]) rest += std::exp(log_level + p_ * std::log(weights_[j]));
  return rest;
}

double eta_estimator::log_level() const {
  if (window_.empty()) return 0;
  double sum = 0, weight = 0;
  for (const auto& s : window_) {
    sum += s.w * (s.log_t - p_ * s.log_w);
    weight += s.w;
  }
  return sum / weight;
}

double eta_estimator::predicted(size_t i, double log_level) const {
  return damping_ * std::exp(log_level + p_ * std::log(weights_[i]));
}

double eta_estimator::current_total(size_t current, double elapsed, double fraction,
                                    double log_level) const {
  double total = predicted(current, log_level);
  if (fraction > 0) {
    // Trust the instance's own progress more as more of it is done.
    const double f = std::min(1.0, fraction);
    total = std::exp((1 - f) * std::log(total) + f * std::log(std::max(elapsed / f, shortest_time)));
  }
  return std::max(total, elapsed);
}

bool eta_estimator::over_estimate(size_t current, double elapsed) const {
  if (window_.empty() || current >= weights_.size() || done_[current]) return false;
  return elapsed > predicted(current, log_level());
}

double eta_estimator::seconds_left(size_t current, double elapsed, double fraction, own_progress own) const {
  if (window_.empty()) return -1;
  const double level = log_level();
  const bool running = current < weights_.size() && !done_[current];
  double left = 0;
  if (running) {
    // Past the model's time the blend still leans on the model, which now only says
    // "done by now": the rest would be floored at zero and the ETA freeze while the
    // instance runs on.  The running check's own rate is then the evidence for it; the
    // checks after it, which may well be as modelled, take their share of the model.
    if (over_estimate(current, elapsed) && own.step_left >= 0)
      left = own.step_left + own.later_share * predicted(current, level);
    else left = current_total(current, elapsed, fraction, level) - elapsed;
  }
  for (size_t j = 0; j < weights_.size(); ++j)
    if (!done_[j] && !(running && j == current)) left += predicted(j, level);
  return left;
}

double eta_estimator::fraction_done(size_t current, double elapsed, double fraction, own_progress own) const {
  const bool running = current < weights_.size() && !done_[current];
  if (window_.empty()) {
    double all = 0, done = 0;
    for (size_t j = 0; j < weights_.size(); ++j) {
      all += weights_[j];
      if (done_[j]) done += weights_[j];
    }
    if (running) done += std::min(1.0, std::max(0.0, fraction)) * weights_[current];
    return all > 0 ? done / all : 0;
  }
  const double left = seconds_left(current, elapsed, fraction, own);
  const double level = log_level();
  double done = 0;
  for (size_t j = 0; j < weights_.size(); ++j)
    if (done_[j]) done += predicted(j, level);
  if (running) done += elapsed;
  return done + left > 0 ? done / (done + left) : 1;
}

}  // namespace tv::host
