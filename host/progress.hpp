// The progress display of a run on stderr: instances done / total, the current instance,
// the step it is in and its own progress (from core::run_control), and an ETA.  On a
// terminal it is one line redrawn in place; otherwise plain lines, one per finished
// instance and one per long-running step every half minute, so logs stay readable.
#pragma once
#include <cstdint>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>

namespace tv::host {

enum class progress_style { none, plain, tty };

/// @brief tty when stderr is a terminal (and TERM is not "dumb"), else plain.
progress_style detect_progress_style();

class progress_display {
 public:
  /// `clock` returns seconds on a monotonic scale (tests pass their own).
  progress_display(std::ostream& out, progress_style style,
                   std::function<double()> clock = nullptr, int width = 0);

  /// A run of `total` instances whose costs add up to `total_weight` (ETA scale).
  void begin(size_t total, double total_weight);
  /// An instance already recorded: counts as done, takes no time.
  void skipped(double weight);
  void start(size_t index, const std::string& label, double weight);
  void step(const std::string& name);
  /// The current step's own progress, from run_control::progress (any thread).
  void progress(uint64_t done, uint64_t total);
  /// The instance ended: "done", "not checked: time limit ...", "ERROR: ...".
  void finish(const std::string& outcome, bool ok);
  /// A line that stays (the tty line is cleared first and redrawn after).
  void note(const std::string& line);
  /// Clears the tty line.
  void end();

  /// @brief Estimated seconds left for the whole run, or a negative value while there
  /// is too little to go on.
  double eta_seconds() const;

 private:
  std::string status_line() const;
  void draw(bool force);
  double fraction_of_current() const;

  std::ostream& out_;
  progress_style style_;
  std::function<double()> clock_;
  int width_;
  mutable std::mutex mu_;
  size_t total_ = 0, finished_ = 0, index_ = 0;
  double total_weight_ = 0, done_weight_ = 0, ran_weight_ = 0, ran_seconds_ = 0;
  double current_weight_ = 0, current_start_ = 0, step_start_ = 0;
  std::string label_, step_;
  uint64_t step_done_ = 0, step_total_ = 0;
  double last_draw_ = -1, last_plain_ = 0;
  bool line_shown_ = false;
};

}  // namespace tv::host
