// The ETA of a run whose instances grow, often geometrically (N doubling from one
// instance to the next, all-pairs work quadrupling).  A plain "seconds per unit of work
// so far" rate jumped by 8x when the estimate of the work was off by a factor that grows
// with N: every finished instance then revised the rate by that factor.
//
// The first instance to finish, when short, is not counted: it carries the process's
// start-up costs.
// Then the seconds of instance i are predicted as  level · w_i^p  with w_i its estimated
// work (host/run/work_estimate.hpp):
//   - p, how the real time grows against the estimate, is fitted on the last finished
//     instances (log-log, clamped to [0.5, 1.5]) and damped, so a model that is off by a
//     power of N (a symmetry that runs one BFS source instead of N) is learnt;
//   - level is a weighted geometric mean over the last finished instances, heavier ones
//     weighing more, so the newest (largest) instance counts most without one noisy
//     small instance swinging it;
//   - the running instance's own time is the model's, blended with elapsed / fraction
//     done as the fraction it reports grows, and never less than the time elapsed;
//   - once the running instance has outlived the model's time for it, the model is out
//     for the running check: its time left is what the check's own progress says at the
//     rate it has kept (own_progress), the checks after it their share of the model's
//     time; where the check reports no progress the display says that the instance is
//     over its estimate (over_estimate) rather than show the rest of the run as if the
//     instance were about to end;
//   - when an instance finishes and the model now predicts the rest of the run more than
//     2x off what it predicted a moment before (typically the first instances large
//     enough to show how the work really grows, after small ones that were all
//     overhead), the prediction moves 2x and a damping factor carries the difference,
//     released as fast as later instances allow.  So the predicted end never leaps, and
//     still converges within a few instances.
#pragma once
#include <cstddef>
#include <deque>
#include <vector>

namespace tv::host {

/// What a running instance's own progress says of its rest (host/run/progress.cpp).
struct own_progress {
  double step_left = -1;    // the running step's seconds left at its own rate; negative: no progress
  double later_share = 0;   // the share of the instance's estimated work in the steps after it
};

class eta_estimator {
 public:
  /// The instances' estimated work, in run order.
  void plan(std::vector<double> weights);
  /// Instance i is done and took `seconds`; `representative` (it ran to the end, not
  /// refused or stopped by a limit) lets it teach the model.  `shown_left`: the ETA the
  /// display showed just before (negative: none); the new ETA stays within 2x of it.
  void finished(size_t i, double seconds, bool representative, double shown_left = -1);
  /// Instance i was already recorded: done, took no time.
  void skipped(size_t i);

  /// @brief Seconds left for the run, instance `current` running for `elapsed` seconds
  /// and `fraction` of it done (0 when unknown); `current` = npos when none runs.
  /// `own`: what the instance's own progress says, used once it has outlived the model's
  /// time for it.  Negative while no instance has finished (nothing to go on).
  double seconds_left(size_t current, double elapsed, double fraction, own_progress own = {}) const;

  /// @brief Whether instance `current`, running for `elapsed` seconds, has outlived the
  /// time the model gives it (false while no instance has finished).
  bool over_estimate(size_t current, double elapsed) const;

  /// @brief Share of the run done in [0, 1]: predicted seconds done over predicted total,
  /// or the share of the estimated work before the first instance has finished.
  double fraction_done(size_t current, double elapsed, double fraction, own_progress own = {}) const;

  /// The exponent p in use (for tests and diagnostics).
  double growth() const { return p_; }

  static constexpr size_t npos = static_cast<size_t>(-1);

 private:
  struct sample {
    double log_w, log_t, w;
  };
  /// log(level) from the window.
  double log_level() const;
  /// Refits the growth exponent p on the window (damped).
  void fit_growth();
  /// Modelled seconds of every instance not done (damping not included).
  double raw_rest(double log_level) const;
  /// Seconds instance i is predicted to take, damping included.
  double predicted(size_t i, double log_level) const;
  double current_total(size_t current, double elapsed, double fraction, double log_level) const;

  std::vector<double> weights_;
  std::vector<bool> done_;
  std::deque<sample> window_;  // the last finished representative instances
  double p_ = 1.0;
  double damping_ = 1.0;  // shown / modelled, for the rest of the run
  bool warmed_up_ = false;  // the first instance (start-up costs) has finished
};

}  // namespace tv::host
