// Progress display: a redrawn line with a bar on terminals, plain lines elsewhere, a
// heartbeat thread so a long step is never silent (see progress.hpp).
#include "host/run/progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "host/units.hpp"

namespace tv::host {

namespace {
// A plain status line at least this often while an instance runs, and no more often:
// a night's log stays short but shows the run is alive.
constexpr double plain_interval_s = 30;
// Redraws of the terminal line at most this often ...
constexpr double tty_interval_s = 0.1;
// ... and at least this often while an instance runs (the heartbeat redraws it).
constexpr double tty_heartbeat_s = 1.0;
constexpr int bar_cells = 16;

int terminal_width() {
  struct winsize ws {};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) return ws.ws_col;
  if (const char* c = std::getenv("COLUMNS")) {
    const int w = std::atoi(c);
    if (w > 0) return w;
  }
  return 100;
}
}  // namespace

progress_style detect_progress_style() {
  const char* term = std::getenv("TERM");
  if (::isatty(STDERR_FILENO) && !(term && std::strcmp(term, "dumb") == 0)) return progress_style::tty;
  return progress_style::plain;
}

progress_display::progress_display(std::ostream& out, progress_style style,
                                   std::function<double()> clock, int width,
                                   progress_verbosity verbosity)
    : out_(out), style_(style), clock_(std::move(clock)), width_(width), verbosity_(verbosity) {
  if (!clock_) {
    const auto t0 = std::chrono::steady_clock::now();
    clock_ = [t0] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
  }
  if (width_ <= 0) width_ = style_ == progress_style::tty ? terminal_width() : 100;
  // Quiet shows no bar: errors and the summary only.
  if (verbosity_ == progress_verbosity::quiet && style_ == progress_style::tty) style_ = progress_style::plain;
}

progress_display::~progress_display() { end(); }

void progress_display::begin(std::vector<double> weights) {
  std::lock_guard<std::mutex> lock(mu_);
  total_ = weights.size();
  eta_.plan(std::move(weights));
}

void progress_display::skipped(size_t index) {
  std::lock_guard<std::mutex> lock(mu_);
  ++finished_;
  eta_.skipped(index);
}

void progress_display::start(size_t index, const std::string& label, std::map<std::string, double> step_weights) {
  std::lock_guard<std::mutex> lock(mu_);
  index_ = index;
  label_ = label;
  step_weights_ = std::move(step_weights);
  steps_before_ = 0;
  current_start_ = step_start_ = last_plain_ = clock_();
  step_.clear();
  step_done_ = step_total_ = step_resumed_at_ = 0;
  draw(true);
}

void progress_display::step(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  const double now = clock_();
  if (verbosity_ == progress_verbosity::verbose && !step_.empty())
    put_line("[" + std::to_string(index_ + 1) + "/" + std::to_string(total_) + "] " + label_ + " · " +
             step_ + " (" + format_duration(now - step_start_) + ")");
  if (const auto it = step_weights_.find(step_); it != step_weights_.end()) steps_before_ += it->second;
  step_ = name;
  step_start_ = now;
  step_done_ = step_total_ = step_resumed_at_ = 0;
  draw(false);
}

void progress_display::resumed(uint64_t done, uint64_t total) {
  std::lock_guard<std::mutex> lock(mu_);
  step_done_ = step_resumed_at_ = done;
  step_total_ = total;
  draw(true);
}

void progress_display::progress(uint64_t done, uint64_t total) {
  std::lock_guard<std::mutex> lock(mu_);
  step_done_ = done;
  step_total_ = total;
  draw(false);
}

void progress_display::finish(const std::string& outcome, bool ok, bool error) {
  std::lock_guard<std::mutex> lock(mu_);
  const double now = clock_(), secs = now - current_start_;
  if (verbosity_ == progress_verbosity::verbose && !step_.empty())
    put_line("[" + std::to_string(index_ + 1) + "/" + std::to_string(total_) + "] " + label_ + " · " +
             step_ + " (" + format_duration(now - step_start_) + ")");
  ++finished_;
  eta_.finished(index_, secs, ok, eta_locked().left);
  const std::string line = "[" + std::to_string(index_ + 1) + "/" + std::to_string(total_) + "] " +
                           label_ + ": " + outcome + " (" + format_duration(secs) + ")";
  label_.clear();
  step_.clear();
  // Plain: every instance (sparse enough: one line each); terminal: what went wrong, or
  // everything when verbose; quiet: errors.
  const bool show = verbosity_ == progress_verbosity::quiet     ? error
                    : verbosity_ == progress_verbosity::verbose ? true
                    : style_ == progress_style::plain           ? true
                                                                : !ok;
  if (show) put_line(line);
  draw(true);
}

void progress_display::note(const std::string& line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (verbosity_ == progress_verbosity::quiet) return;
  put_line(line);
  if (running()) draw(true);
}

void progress_display::always(const std::string& line) {
  std::lock_guard<std::mutex> lock(mu_);
  put_line(line);
  if (running()) draw(true);
}

void progress_display::put_line(const std::string& line) {
  if (style_ == progress_style::none) return;
  if (style_ == progress_style::tty && line_shown_) out_ << "\r\x1b[K";
  out_ << line << "\n" << std::flush;
  line_shown_ = false;
  last_plain_ = clock_();
}

void progress_display::tick() {
  std::lock_guard<std::mutex> lock(mu_);
  if (!running()) return;
  const double now = clock_();
  if (style_ == progress_style::tty) {
    if (now - last_draw_ >= tty_heartbeat_s) draw(true);
  } else if (style_ == progress_style::plain && verbosity_ != progress_verbosity::quiet &&
             now - last_plain_ >= plain_interval_s) {
    out_ << status_line() << "\n" << std::flush;
    last_plain_ = now;
  }
}

void progress_display::start_heartbeat(double interval_s) {
  if (heartbeat_.joinable() || style_ == progress_style::none) return;
  heartbeat_stop_ = false;
  heartbeat_ = std::thread([this, interval_s] {
    std::unique_lock<std::mutex> lock(heartbeat_mu_);
    const auto period = std::chrono::duration<double>(interval_s);
    while (!heartbeat_cv_.wait_for(lock, period, [this] { return heartbeat_stop_; })) {
      lock.unlock();
      tick();
      lock.lock();
    }
  });
}

void progress_display::end() {
  if (heartbeat_.joinable()) {
    {
      std::lock_guard<std::mutex> lock(heartbeat_mu_);
      heartbeat_stop_ = true;
    }
    heartbeat_cv_.notify_all();
    heartbeat_.join();
  }
  std::lock_guard<std::mutex> lock(mu_);
  if (style_ == progress_style::tty && line_shown_) out_ << "\r\x1b[K" << std::flush;
  line_shown_ = false;
}

double progress_display::fraction_of_current() const {
  if (step_total_ == 0) return 0;
  return std::min(1.0, static_cast<double>(step_done_) / static_cast<double>(step_total_));
}

double progress_display::instance_fraction(double step_fraction) const {
  // The paths check of a 10^6-node instance at 90% had the ETA take the instance as 90%
  // done, whatever its other checks still had to do (or had taken).
  if (step_weights_.empty()) return step_fraction;
  double total = 0;
  for (const auto& [name, w] : step_weights_) total += w;
  const auto it = step_weights_.find(step_);
  const double current = it == step_weights_.end() ? 0 : it->second;
  if (total <= 0) return step_fraction;
  // A running step the weights give nothing (its work charged to another check) after
  // every weighted one: the instance is not done while it runs, and taken as done the ETA
  // said 0 s for a minute (PN_2(29)'s paths check in configs/architects.toml).  Unknown
  // instead: the model decides, and past the model's time the step's own rate.
  if (current <= 0 && steps_before_ >= total) return 0;
  return std::min(1.0, (steps_before_ + step_fraction * current) / total);
}

double progress_display::timed_fraction_of_current() const {
  // Work resumed from a checkpoint took no time in this process: the rate is that of
  // the work done since, so the fraction the ETA sees counts from there.
  if (step_resumed_at_ > 0 && step_total_ > step_resumed_at_)
    return static_cast<double>(step_done_ - std::min(step_done_, step_resumed_at_)) /
           static_cast<double>(step_total_ - step_resumed_at_);
  return fraction_of_current();
}

own_progress progress_display::own_rest(double now) const {
  // The running step's rest at the rate it has kept since it started (or resumed): the
  // step that outlives the work model is the one whose estimate was wrong, so the
  // instance's share-weighted fraction would misjudge it.
  // No rate without a fraction strictly between 0 and 1: a step whose counts say it is
  // done while it still runs (a phase of it finished, the rest reports nothing) has no
  // rate for its rest; taken as one, it showed "ETA 0.00 s" for minutes (PN_2(29)'s
  // paths check in configs/architects.toml).
  own_progress own;
  const double f = timed_fraction_of_current();
  if (f <= 0 || f >= 1) return own;
  own.step_left = (now - step_start_) * (1 - f) / f;
  double total = 0;
  for (const auto& [name, w] : step_weights_) total += w;
  const auto it = step_weights_.find(step_);
  const double after = total - steps_before_ - (it == step_weights_.end() ? 0 : it->second);
  if (total > 0 && after > 0) own.later_share = after / total;
  return own;
}

progress_display::eta_view progress_display::eta_locked() const {
  if (!running()) return {eta_.seconds_left(eta_estimator::npos, 0, 0), false};
  // A step's fraction is the instance's only when the instance has one long step; the
  // instance's own fraction is not known otherwise, so progress counts from that step.
  const double now = clock_(), elapsed = now - current_start_;
  const own_progress own = own_rest(now);
  const double left = eta_.seconds_left(index_, elapsed, instance_fraction(timed_fraction_of_current()), own);
  return {left, own.step_left < 0 && eta_.over_estimate(index_, elapsed)};
}

double progress_display::eta_seconds() const {
  std::lock_guard<std::mutex> lock(mu_);
  return eta_locked().left;
}

std::string progress_display::bar() const {
  const double now = clock_();
  const double f = running() ? eta_.fraction_done(index_, now - current_start_,
                                                 instance_fraction(timed_fraction_of_current()),
                                                 own_rest(now))
                             : eta_.fraction_done(eta_estimator::npos, 0, 0);
  const int full = std::clamp(static_cast<int>(f * bar_cells + 0.5), 0, bar_cells);
  std::string s;
  for (int i = 0; i < bar_cells; ++i) s += i < full ? "█" : "░";
  return s;
}

std::string progress_display::status_line() const {
  std::string s = "[" + std::to_string(finished_) + "/" + std::to_string(total_) + " done]";
  if (style_ == progress_style::tty) s = bar() + " " + std::to_string(finished_) + "/" + std::to_string(total_);
  if (running()) {
    s += " " + label_;
    if (!step_.empty()) {
      s += " · " + step_;
      if (step_total_ > 0) {
        char pct[32];
        std::snprintf(pct, sizeof pct, " %.0f%%", 100.0 * fraction_of_current());
        s += pct;
      }
    }
    s += " · " + format_duration(clock_() - current_start_);
  }
  // Over its estimate with no progress of its own to go by, the instance may end any
  // moment or in hours: the ETA is then the rest's, and says it is a least value.
  const eta_view eta = eta_locked();
  if (eta.left >= 0 && eta.open_ended) s += " · ETA > " + format_duration(eta.left) + " (instance over its estimate)";
  else if (eta.left >= 0) s += " · ETA " + format_duration(eta.left);
  return s;
}

void progress_display::draw(bool force) {
  if (style_ != progress_style::tty) {
    // Plain: a long instance's progress at most every half minute.
    if (style_ == progress_style::plain && running() && verbosity_ != progress_verbosity::quiet &&
        step_total_ > 0 && clock_() - last_plain_ >= plain_interval_s) {
      out_ << status_line() << "\n" << std::flush;
      last_plain_ = clock_();
    }
    return;
  }
  const double now = clock_();
  if (!force && now - last_draw_ < tty_interval_s) return;
  last_draw_ = now;
  std::string line = status_line();
  // Cut to the terminal's width (counting UTF-8 characters) so the line never wraps,
  // which would defeat the carriage return.
  size_t chars = 0, cut = line.size();
  for (size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80 && ++chars == static_cast<size_t>(width_)) {
      cut = i;
      break;
    }
  }
  line.resize(cut);
  out_ << "\r\x1b[K" << line << std::flush;
  line_shown_ = true;
}

}  // namespace tv::host
