// Tests run on each backend, as Ginkgo and Thrust write them: one test body, instantiated
// once per backend, compares the engine's answer on that backend with a reference written
// apart from it (brute force, a closed form).  The CPU instance runs everywhere; the CUDA
// instance skips itself when no device answers.  Instances are named
// `Backends/Suite.Test/cpu` and `Backends/Suite.Test/cuda`: tests/CMakeLists.txt registers
// the cuda ones in tv_gpu_tests under the ctest label `gpu`.
//
//   class RoutingOn : public test::on_backend {};
//   TV_TEST_ON_BACKENDS(RoutingOn);
//   TEST_P(RoutingOn, MatchesTheReference) { ... sim::route_all(backend, ...) ... }
#pragma once
#include <gtest/gtest.h>

#include <string>

#include "kernels/core/backend.hpp"

namespace tv::test {

/// The fixture: `backend` is the backend under test.
class on_backend : public ::testing::TestWithParam<core::backend> {
 protected:
  const core::backend backend = GetParam();
  void SetUp() override {
    if (backend == core::backend::cuda && !core::cuda_device_available()) GTEST_SKIP() << "no CUDA device";
  }
};

/// Names the instances by backend ("cpu", "cuda") instead of gtest's 0, 1.
struct backend_name {
  std::string operator()(const ::testing::TestParamInfo<core::backend>& info) const {
    return core::backend_name(info.param);
  }
};

}  // namespace tv::test

/// Instantiates every TEST_P of `suite` (a test::on_backend) on each backend.
#define TV_TEST_ON_BACKENDS(suite)                                                              \
  INSTANTIATE_TEST_SUITE_P(Backends, suite,                                                     \
                           ::testing::Values(::tv::core::backend::cpu, ::tv::core::backend::cuda), \
                           ::tv::test::backend_name())
