// The per-thread stop request behind core::poll_stop (see run_control.hpp).  Kept out of
// the header so that nvcc-compiled files include no thread_local variable.
#include "kernels/core/run_control.hpp"

#include <string>

namespace tv::core {

namespace {
thread_local const run_control* t_current = nullptr;
}  // namespace

scoped_stop_request::scoped_stop_request(const run_control& control) : previous_(t_current) {
  t_current = &control;
}

scoped_stop_request::~scoped_stop_request() { t_current = previous_; }

void poll_stop(const char* what) {
  if (t_current && t_current->stop_requested())
    throw interrupted(std::string("stopped while ") + what);
}

}  // namespace tv::core
