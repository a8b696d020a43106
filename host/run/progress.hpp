// The progress display of a run on stderr: a bar, instances done / total, the current
// instance, the step it is in and its own progress (from core::run_control), and an ETA
// (host/run/eta.hpp).  On a terminal it is one line redrawn in place, at least every second
// while a step runs (the heartbeat); otherwise plain lines, one per finished instance and
// one at least every half minute while an instance runs, so logs stay short but never
// silent for long.  Verbosity: quiet (errors and the final summary only), normal, verbose
// (one line per instance and per step, on a terminal too).
#pragma once
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "host/run/eta.hpp"

namespace tv::host {

enum class progress_style { none, plain, tty };
enum class progress_verbosity { quiet, normal, verbose };

/// @brief tty when stderr is a terminal (and TERM is not "dumb"), else plain.
progress_style detect_progress_style();

class progress_display {
 public:
  /// `clock` returns seconds on a monotonic scale (tests pass their own).
  progress_display(std::ostream& out, progress_style style, std::function<double()> clock = nullptr,
                   int width = 0, progress_verbosity verbosity = progress_verbosity::normal);
  ~progress_display();
  progress_display(const progress_display&) = delete;
  progress_display& operator=(const progress_display&) = delete;

  /// A run of weights.size() instances, in run order, each with its estimated work
  /// (host/run/work_estimate.hpp: the ETA's scale).
  void begin(std::vector<double> weights);
  /// Instance `index` was already recorded: counts as done, takes no time.
  void skipped(size_t index);
  /// `step_weights`: each step's (check's) estimated work in the instance
  /// (estimated_check_work), so that the ETA counts a step's progress as that share of
  /// the instance, the steps before it as done; empty: the step's progress is the instance's.
  void start(size_t index, const std::string& label, std::map<std::string, double> step_weights = {});
  void step(const std::string& name);
  /// The current step's own progress, from run_control::progress (any thread).
  void progress(uint64_t done, uint64_t total);
  /// The current step continues from earlier work (a checkpoint): `done` of `total` is
  /// shown as done, and the ETA's rate counts only what is done from here.
  void resumed(uint64_t done, uint64_t total);
  /// The instance ended: "done", "not checked: time limit ...", "ERROR: ...".  `ok`: it
  /// ran to the end (only such instances teach the ETA); `error`: shown even when quiet.
  void finish(const std::string& outcome, bool ok, bool error = false);
  /// A line that stays (the tty line is cleared first and redrawn after); not when quiet.
  void note(const std::string& line);
  /// A line that stays whatever the verbosity (warnings, the final summary).
  void always(const std::string& line);
  /// The heartbeat: on a terminal redraws the line when it is a second old; in plain
  /// mode prints the status when nothing was printed for half a minute.  The thread of
  /// start_heartbeat calls it; tests call it with their own clock.
  void tick();
  /// Calls tick() every `interval_s` seconds of real time until end() or destruction.
  void start_heartbeat(double interval_s = 0.5);
  /// Stops the heartbeat and clears the tty line.
  void end();

  /// @brief Estimated seconds left for the whole run, or a negative value while there
  /// is too little to go on.  While the running instance is over its estimate and its
  /// step reports no progress, this is what the instances after it need: a least value,
  /// which the status line says with "ETA > ...".
  double eta_seconds() const;

 private:
  std::string status_line() const;
  std::string bar() const;
  void draw(bool force);
  void put_line(const std::string& line);  // a line that stays, under the lock
  double fraction_of_current() const;
  /// The current step's fraction done in this process: from where it resumed, if it did.
  double timed_fraction_of_current() const;
  /// The instance's share done when the current step has done `step_fraction` of itself.
  double instance_fraction(double step_fraction) const;
  /// What the instance's own progress says of its rest (eta.hpp).
  own_progress own_rest(double now) const;
  struct eta_view {
    double left;      // seconds; negative: nothing to go on yet
    bool open_ended;  // the running instance is over its estimate and says nothing of its rest
  };
  eta_view eta_locked() const;
  bool running() const { return !label_.empty(); }

  std::ostream& out_;
  progress_style style_;
  std::function<double()> clock_;
  int width_;
  progress_verbosity verbosity_;
  mutable std::mutex mu_;
  eta_estimator eta_;
  size_t total_ = 0, finished_ = 0, index_ = 0;
  double current_start_ = 0, step_start_ = 0;
  std::string label_, step_;
  uint64_t step_done_ = 0, step_total_ = 0, step_resumed_at_ = 0;
  std::map<std::string, double> step_weights_;
  double steps_before_ = 0;  // the weights of the instance's steps before the current one
  double last_draw_ = -1, last_plain_ = 0;
  bool line_shown_ = false;

  std::thread heartbeat_;
  std::mutex heartbeat_mu_;
  std::condition_variable heartbeat_cv_;
  bool heartbeat_stop_ = false;
};

}  // namespace tv::host
