// Progress display: a redrawn line on terminals, plain lines elsewhere.
#include "host/progress.hpp"

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
// A plain progress line for a long step at most this often, so a night's log stays short.
constexpr double plain_interval_s = 30;
// Redraws of the terminal line at most this often.
constexpr double tty_interval_s = 0.1;

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
                                   std::function<double()> clock, int width)
    : out_(out), style_(style), clock_(std::move(clock)), width_(width) {
  if (!clock_) {
    const auto t0 = std::chrono::steady_clock::now();
    clock_ = [t0] {
      return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
  }
  if (width_ <= 0) width_ = style_ == progress_style::tty ? terminal_width() : 100;
}

void progress_display::begin(size_t total, double total_weight) {
  std::lock_guard<std::mutex> lock(mu_);
  total_ = total;
  total_weight_ = total_weight;
}

void progress_display::skipped(double weight) {
  std::lock_guard<std::mutex> lock(mu_);
  ++finished_;
  done_weight_ += weight;
}

void progress_display::start(size_t index, const std::string& label, double weight) {
  std::lock_guard<std::mutex> lock(mu_);
  index_ = index;
  label_ = label;
  current_weight_ = weight;
  current_start_ = step_start_ = last_plain_ = clock_();
  step_.clear();
  step_done_ = step_total_ = 0;
  draw(true);
}

void progress_display::step(const std::string& name) {
  std::lock_guard<std::mutex> lock(mu_);
  step_ = name;
  step_start_ = clock_();
  step_done_ = step_total_ = 0;
  draw(false);
}

void progress_display::progress(uint64_t done, uint64_t total) {
  std::lock_guard<std::mutex> lock(mu_);
  step_done_ = done;
  step_total_ = total;
  if (style_ == progress_style::plain) {
    const double now = clock_();
    if (now - last_plain_ >= plain_interval_s) {
      last_plain_ = now;
      out_ << status_line() << "\n" << std::flush;
    }
    return;
  }
  draw(false);
}

void progress_display::finish(const std::string& outcome, bool ok) {
  std::lock_guard<std::mutex> lock(mu_);
  const double secs = clock_() - current_start_;
  ++finished_;
  done_weight_ += current_weight_;
  ran_weight_ += current_weight_;
  ran_seconds_ += secs;
  current_weight_ = 0;
  const std::string line = "[" + std::to_string(index_ + 1) + "/" + std::to_string(total_) + "] " +
                           label_ + ": " + outcome + " (" + format_duration(secs) + ")";
  label_.clear();
  if (style_ == progress_style::plain) {
    out_ << line << "\n" << std::flush;
  } else if (style_ == progress_style::tty) {
    // Successes only move the counter; anything else stays on screen.
    if (!ok) {
      out_ << "\r\x1b[K" << line << "\n";
      line_shown_ = false;
    }
    draw(true);
  }
}

void progress_display::note(const std::string& line) {
  std::lock_guard<std::mutex> lock(mu_);
  if (style_ == progress_style::none) return;
  if (style_ == progress_style::tty && line_shown_) out_ << "\r\x1b[K";
  out_ << line << "\n" << std::flush;
  line_shown_ = false;
  if (style_ == progress_style::tty && !label_.empty()) draw(true);
}

void progress_display::end() {
  std::lock_guard<std::mutex> lock(mu_);
  if (style_ == progress_style::tty && line_shown_) out_ << "\r\x1b[K" << std::flush;
  line_shown_ = false;
}

double progress_display::fraction_of_current() const {
  if (step_total_ == 0) return 0;
  return std::min(1.0, static_cast<double>(step_done_) / static_cast<double>(step_total_));
}

double progress_display::eta_seconds() const {
  if (ran_weight_ <= 0 || ran_seconds_ <= 0) return -1;
  const double rate = ran_seconds_ / ran_weight_;  // seconds per unit of weight so far
  const double after_current = std::max(0.0, total_weight_ - done_weight_ - current_weight_);
  double current_left = 0;
  if (current_weight_ > 0) {
    const double elapsed = clock_() - current_start_;
    const double f = fraction_of_current();
    // The instance's own progress beats the average once it has said something.
    current_left = f > 0 ? elapsed * (1 - f) / f : std::max(0.0, current_weight_ * rate - elapsed);
  }
  return after_current * rate + current_left;
}

std::string progress_display::status_line() const {
  std::string s = "[" + std::to_string(finished_) + "/" + std::to_string(total_) + " done]";
  if (!label_.empty()) {
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
  const double eta = eta_seconds();
  if (eta >= 0) s += " · ETA " + format_duration(eta);
  return s;
}

void progress_display::draw(bool force) {
  if (style_ != progress_style::tty) return;
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
