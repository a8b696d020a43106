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

  void report(uint64_t done, uint64_t total) const {
    if (progress) progress(done, total);
  }
  bool stop_requested() const { return should_stop && should_stop(); }
};

/// Raised when run_control::should_stop asked a computation to stop.
struct interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tv::core
