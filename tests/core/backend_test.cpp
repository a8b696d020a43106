// Backend names and resolution (kernels/core/backend.hpp): "cpu" always resolves, "auto"
// takes the GPU exactly when one answers, "cuda" without a device is refused with the
// reason, and anything else is bad input naming the value.
#include "kernels/core/backend.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace {

using namespace tv;

TEST(Backend, NamesAndResolution) {
  EXPECT_STREQ(core::backend_name(core::backend::cpu), "cpu");
  EXPECT_STREQ(core::backend_name(core::backend::cuda), "cuda");
  EXPECT_EQ(core::resolve_backend("cpu"), core::backend::cpu);
  const bool gpu = core::cuda_device_available();
  EXPECT_EQ(core::resolve_backend("auto"), gpu ? core::backend::cuda : core::backend::cpu);
  if (gpu) {
    EXPECT_EQ(core::resolve_backend("cuda"), core::backend::cuda);
  } else {
    EXPECT_THROW(core::resolve_backend("cuda"), core::backend_unavailable);
    EXPECT_EQ(core::cuda_device_description(), "");
  }
  try {
    core::resolve_backend("gpu");
    FAIL() << "expected invalid_argument";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'gpu'"), std::string::npos) << e.what();
  }
}

TEST(Backend, HostMemoryAndThreadsAreSane) {
  const auto m = core::backend_memory(core::backend::cpu);
  EXPECT_GT(m.total_bytes, 0u);
  EXPECT_LE(m.free_bytes, m.total_bytes);
  EXPECT_GE(core::cpu_threads(), 1);
}

}  // namespace
