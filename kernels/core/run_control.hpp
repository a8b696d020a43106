// How long-running kernels talk to the host without printing: they report progress and
// poll for a stop request (time limit, SIGINT/SIGTERM) between steps (source batches,
// rounds).  A stop raises core::interrupted; the host records the instance as not checked.
#pragma once
#include <cstdint>
#include <functional>
#include <stdexcept>

namespace tv::core {

struct run_control {
  /// Called between steps with work done and total work (same unit, e.g. sources).
  std::function<void(uint64_t done, uint64_t total)> progress;
  /// Polled between steps; returning true stops the computation with `interrupted`.
  std::function<bool()> should_stop;
  /// Called once when a step continues from earlier work (a checkpoint): `done` of
  /// `total` took no time in this process (the ETA's rate leaves it out).
  std::function<void(uint64_t done, uint64_t total)> resumed;

  void report(uint64_t done, uint64_t total) const {
    if (progress) progress(done, total);
  }
  bool stop_requested() const { return should_stop && should_stop(); }
};

/// Raised when run_control::should_stop asked a computation to stop.
struct interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The stop request of the work this thread is doing, for long computations whose
/// signatures carry no run_control (graph building, label enumeration): the host sets
/// it around such calls, and they poll it between chunks of indices.
class scoped_stop_request {
 public:
  explicit scoped_stop_request(const run_control& control);
  ~scoped_stop_request();
  scoped_stop_request(const scoped_stop_request&) = delete;
  scoped_stop_request& operator=(const scoped_stop_request&) = delete;

 private:
  const run_control* previous_;
};

/// @brief Raises `interrupted` ("stopped while WHAT") when the innermost
/// scoped_stop_request of this thread asks to stop; does nothing without one.
void poll_stop(const char* what);

}  // namespace tv::core
