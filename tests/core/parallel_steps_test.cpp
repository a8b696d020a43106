// The loop of independent steps over OpenMP's threads (kernels/core/parallel_steps.hpp):
// every step runs once and every thread's state is merged; a stop request skips the rest
// and raises `interrupted`; an exception in a thread's make, step or merge reaches the
// caller after the threads end (escaping the OpenMP region, it ended the process).
#include "kernels/core/parallel_steps.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

namespace {

using namespace tv;

struct tally {
  uint64_t sum = 0, steps = 0;
};

TEST(ParallelSteps, EveryStepOnceAndEveryThreadMerged) {
  uint64_t sum = 0, steps = 0;
  core::parallel_steps(
      1000, {}, "sum", "steps", [] { return tally{}; },
      [](tally& t, uint64_t i) {
        t.sum += i;
        ++t.steps;
      },
      [&](tally& t) {
        sum += t.sum;
        steps += t.steps;
      });
  EXPECT_EQ(sum, 999u * 1000u / 2);
  EXPECT_EQ(steps, 1000u);
}

TEST(ParallelSteps, AStopRequestSkipsTheRestAndRaisesInterrupted) {
  core::run_control c;
  c.should_stop = [] { return true; };
  bool merged = false;
  EXPECT_THROW(core::parallel_steps(
                   1000, c, "sum", "steps", [] { return tally{}; }, [](tally&, uint64_t) {},
                   [&](tally&) { merged = true; }),
               core::interrupted);
  EXPECT_FALSE(merged);
}

TEST(ParallelSteps, AnExceptionInAThreadReachesTheCaller) {
  const auto throws_at_seven = [](tally&, uint64_t i) {
    if (i == 7) throw std::runtime_error("step 7 failed");
  };
  try {
    core::parallel_steps(100, {}, "sum", "steps", [] { return tally{}; }, throws_at_seven, [](tally&) {});
    ADD_FAILURE() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "step 7 failed");
  }
  EXPECT_THROW(core::parallel_steps(
                   100, {}, "sum", "steps", []() -> tally { throw std::bad_alloc(); }, [](tally&, uint64_t) {},
                   [](tally&) {}),
               std::bad_alloc);
  EXPECT_THROW(core::parallel_steps(
                   100, {}, "sum", "steps", [] { return tally{}; }, [](tally&, uint64_t) {},
                   [](tally&) { throw std::runtime_error("merge failed"); }),
               std::runtime_error);
}

}  // namespace
