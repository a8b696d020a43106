// A loop of independent steps over OpenMP's threads (the host kernels that run one BFS
// or one flow per source or pair: shortest-path counts, split link loads, edge-disjoint
// paths), each thread with state of its own, reporting progress and stopping on request
// as run_control.hpp asks of long computations.  CPU only: include it from .cpp files.
#pragma once
#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <type_traits>

#include "kernels/core/run_control.hpp"

namespace tv::core {

/// @brief Runs step(state, i) for i in [0, count) on every thread, each thread's state
/// from make(); after each step reports (steps done, count) to `control` and polls its
/// stop request; then merge(state) on each thread, one thread at a time.  Raises
/// interrupted ("WHAT stopped after D UNIT") when a stop was requested: the steps left
/// are skipped and nothing is merged.  An exception in make, step or merge (memory for a
/// thread's state, say) skips the steps left too and is raised after the threads end:
/// one escaping an OpenMP region would end the process.
template <class Make, class Step, class Merge>
void parallel_steps(uint64_t count, const run_control& control, const std::string& what, const std::string& unit,
                    Make make, Step step, Merge merge) {
  uint64_t done = 0;
  int stopped = 0;
  std::exception_ptr failed;
  auto fail = [&] {
#pragma omp critical(tv_parallel_steps_failed)
    if (!failed) failed = std::current_exception();
#pragma omp atomic write
    stopped = 1;
  };
#pragma omp parallel
  {
    std::optional<std::decay_t<decltype(make())>> state;
    try {
      state.emplace(make());
    } catch (...) {
      fail();
    }
#pragma omp for schedule(dynamic, 4)
    for (int64_t i = 0; i < static_cast<int64_t>(count); ++i) {
      int stop;
#pragma omp atomic read
      stop = stopped;
      if (stop || !state) continue;
      try {
        step(*state, static_cast<uint64_t>(i));
      } catch (...) {
        fail();
        continue;
      }
#pragma omp critical(tv_parallel_steps_progress)
      {
        ++done;
        control.report(done, count);
        if (control.stop_requested()) stopped = 1;
      }
    }
    if (!stopped && state) {  // read after the loop's own barrier: every thread sees the last write
#pragma omp critical(tv_parallel_steps_merge)
      try {
        merge(*state);
      } catch (...) {
        if (!failed) failed = std::current_exception();
      }
    }
  }
  if (failed) std::rethrow_exception(failed);
  if (stopped) throw interrupted(what + " stopped after " + std::to_string(done) + " " + unit);
}

}  // namespace tv::core
