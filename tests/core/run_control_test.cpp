// How kernels hear the host (kernels/core/run_control.hpp): progress reports go to the
// callback when there is one, and poll_stop raises `interrupted` only inside a scoped
// stop request that asks to stop, the innermost one winning and the outer one restored.
#include "kernels/core/run_control.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace tv;

TEST(RunControl, ReportsAndStopsOnlyThroughItsCallbacks) {
  core::run_control none;
  none.report(1, 2);  // no callback: nothing happens
  EXPECT_FALSE(none.stop_requested());
  core::run_control c;
  uint64_t done = 0, total = 0;
  c.progress = [&](uint64_t d, uint64_t t) {
    done = d;
    total = t;
  };
  c.should_stop = [] { return true; };
  c.report(3, 7);
  EXPECT_EQ(done, 3u);
  EXPECT_EQ(total, 7u);
  EXPECT_TRUE(c.stop_requested());
}

TEST(RunControl, PollStopFollowsTheInnermostScopedRequest) {
  EXPECT_NO_THROW(core::poll_stop("nothing"));  // no request on this thread
  core::run_control go, stop;
  go.should_stop = [] { return false; };
  stop.should_stop = [] { return true; };
  {
    const core::scoped_stop_request outer(go);
    EXPECT_NO_THROW(core::poll_stop("outer"));
    {
      const core::scoped_stop_request inner(stop);
      try {
        core::poll_stop("building the graph");
        FAIL() << "expected interrupted";
      } catch (const core::interrupted& e) {
        EXPECT_EQ(std::string(e.what()), "stopped while building the graph");
      }
    }
    EXPECT_NO_THROW(core::poll_stop("outer again"));
  }
  EXPECT_NO_THROW(core::poll_stop("after"));
}

}  // namespace
