// The thread engine calls run on (engine_call.cpp): one long-lived thread per process,
// reused by call after call, so that the engine's OpenMP threads and its memory outlive
// a call.  A thread made per call took its OpenMP team and its malloc arena with it when
// it ended: every call started new threads and faulted in fresh zeroed pages for its rows
// (10-14% of a 9 ms call on the power grid, bench/RESULTS.md 2026-11-27 night).
#pragma once
#include <cstdint>
#include <functional>
#include <memory>

namespace tv::python {

class engine_thread;

/// One job on an engine thread: the process's long-lived one when it is free, else (a
/// call made while another runs: a progress callback or a second Python thread calling
/// in) a thread of its own.  The job must not throw.
class engine_job {
 public:
  explicit engine_job(std::function<void()> job);
  /// Waits until the job has returned and its thread has let go of it.
  ~engine_job();
  engine_job(const engine_job&) = delete;
  engine_job& operator=(const engine_job&) = delete;

 private:
  engine_thread* shared_ = nullptr;  // the long-lived thread, when it runs the job
  uint64_t ticket_ = 0;              // the job's number there
  struct own_thread;
  std::unique_ptr<own_thread> own_;  // else the job's own thread
};

}  // namespace tv::python
