// One call into the engine from Python: the work runs on a thread of its own while the
// calling thread, without the GIL for all but a few microseconds at a time, waits for it,
// hands its progress to the caller's callback and turns Ctrl-C (Python's own SIGINT
// handler, seen through PyErr_CheckSignals) into the engine's stop request
// (kernels/core/run_control.hpp).  The engine polls the request between its steps, so a
// long call ends within about a step; the caller then gets topoverify.errors.Interrupted,
// a KeyboardInterrupt.  Errors of the work are raised as the documented exception classes
// (errors.hpp).
#pragma once
#include <functional>
#include <string>

#include <pybind11/pybind11.h>

#include "kernels/core/run_control.hpp"

namespace tv::python {

/// What the work is given: the run control to hand to the engine (progress, stop
/// request), and `step`, to name the step it starts (a check's name), which the progress
/// callback receives with the counts.
struct engine_context {
  core::run_control control;
  std::function<void(const std::string& step)> step;
};

/// @brief Runs work(context) on its own thread with the GIL released.  `progress` is None
/// or a callable progress(done, total, step) called from this thread every tenth of a
/// second while the counts change, and once at the end; an exception it raises stops
/// the work and is raised here.  Errors of the work are raised as topoverify.errors'
/// classes; a KeyboardInterrupt during the call stops the engine and raises Interrupted.
void call_engine(const pybind11::object& progress, const std::function<void(engine_context&)>& work);

}  // namespace tv::python
