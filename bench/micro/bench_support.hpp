// What the micro-benchmarks share: every benchmark is registered for every backend, and
// the CUDA ones skip themselves on a machine without a device.
#pragma once
#include <benchmark/benchmark.h>

#include "kernels/core/backend.hpp"

namespace tv::bench {

/// @brief Marks the run skipped ("no CUDA device") and returns true when it asks for the
/// CUDA backend on a machine without one.
inline bool skip_without_device(benchmark::State& st, core::backend b) {
  if (b == core::backend::cuda && !core::cuda_device_available()) {
    st.SkipWithError("no CUDA device");
    return true;
  }
  return false;
}

}  // namespace tv::bench
