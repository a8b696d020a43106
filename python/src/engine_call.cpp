// The engine's thread, the waiting caller, progress and Ctrl-C (see engine_call.hpp).
//
// Why another thread: Python runs a signal's handler only on its main thread and
// only between bytecodes, never while C++ code holds that thread.  So the work runs
// elsewhere, and the caller wakes every 50 ms to run the handlers (PyErr_CheckSignals)
// and the progress callback, both with the GIL, in the caller's own thread.
#include "engine_call.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>

#include "engine_thread.hpp"
#include "errors.hpp"

namespace py = pybind11;

namespace tv::python {

namespace {

/// What the engine's thread shares with the caller.
struct shared_state {
  std::mutex m;
  std::condition_variable cv;
  bool finished = false;
  std::exception_ptr error;
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> done{0}, total{0};
  std::string step;  // guarded by m
  uint64_t step_number = 0;  // guarded by m
};

}  // namespace

void call_engine(const py::object& progress, const std::function<void(engine_context&)>& work) {
  shared_state s;
  engine_context ctx;
  ctx.control.should_stop = [&s] { return s.stop.load(std::memory_order_relaxed); };
  ctx.control.progress = [&s](uint64_t d, uint64_t t) {
    s.total.store(t, std::memory_order_relaxed);
    s.done.store(d, std::memory_order_relaxed);
  };
  ctx.step = [&s](const std::string& name) {
    const std::lock_guard<std::mutex> lock(s.m);
    s.step = name;
    ++s.step_number;
    s.done = 0;
    s.total = 0;
  };
  const bool report = !progress.is_none();
  // The job tells the waiting loop below under the lock, so that once the loop has seen
  // `finished` nothing touches `s` any more.
  std::optional<engine_job> worker(std::in_place, [&] {
    try {
      work(ctx);
    } catch (...) {
      s.error = std::current_exception();
    }
    const std::lock_guard<std::mutex> lock(s.m);
    s.finished = true;
    s.cv.notify_all();
  });

  py::object signal_error;    // the exception a signal handler raised (KeyboardInterrupt)
  py::object callback_error;  // the exception the progress callback raised
  uint64_t last_done = ~uint64_t{0}, last_total = ~uint64_t{0}, last_step = ~uint64_t{0};
  auto call_progress = [&] {
    std::string step;
    uint64_t number;
    {
      const std::lock_guard<std::mutex> lock(s.m);
      step = s.step;
      number = s.step_number;
    }
    const uint64_t d = s.done.load(), t = s.total.load();
    if (d == last_done && t == last_total && number == last_step) return;
    last_done = d;
    last_total = t;
    last_step = number;
    progress(d, t, step);
  };
  for (;;) {
    bool finished;
    {
      py::gil_scoped_release no_gil;
      std::unique_lock<std::mutex> lock(s.m);
      finished = s.cv.wait_for(lock, std::chrono::milliseconds(50), [&s] { return s.finished; });
    }
    if (finished) break;
    if (!signal_error && PyErr_CheckSignals() != 0) {
      // Ctrl-C: ask the engine to stop and wait for it (it stops at its next poll).
      py::error_already_set e;
      signal_error = e.value();
      s.stop = true;
    }
    if (report && !s.stop) try {
        call_progress();
      } catch (py::error_already_set& e) {
        callback_error = e.value();
        s.stop = true;
      }
  }
  {
    py::gil_scoped_release no_gil;
    worker.reset();  // the job's thread has let go of it
  }
  if (signal_error) {
    // The engine's own words when it stopped ("all-pairs stopped after 512 of 10946
    // sources"), else the call had ended by itself as the key was pressed.
    std::string why = "interrupted (KeyboardInterrupt)";
    if (s.error) try {
        std::rethrow_exception(s.error);
      } catch (const core::interrupted& e) {
        why = std::string("interrupted: ") + e.what();
      } catch (...) {
      }
    if (!py::isinstance(signal_error, py::module_::import("builtins").attr("KeyboardInterrupt"))) {
      PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(signal_error.ptr())), signal_error.ptr());
      throw py::error_already_set();
    }
    raise_error("Interrupted", why);
  }
  if (callback_error) {
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(callback_error.ptr())), callback_error.ptr());
    throw py::error_already_set();
  }
  if (s.error) raise_engine_error(s.error);
  if (report) call_progress();
}

}  // namespace tv::python
