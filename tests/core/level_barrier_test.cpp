// The all-pairs engine's level barrier (kernels/core/level_barrier.hpp): over many
// generations, the step runs exactly once per generation, after every thread arrived and
// before any thread leaves.
#include "kernels/core/level_barrier.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

namespace {

TEST(LevelBarrier, TheLastArrivalRunsTheStepOncePerGeneration) {
  constexpr int threads = 4, generations = 200;
  tv::core::level_barrier barrier(threads);
  std::atomic<int> arrived{0};
  int steps = 0;  // written by the step only
  std::atomic<int> wrong{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&] {
      for (int g = 0; g < generations; ++g) {
        arrived.fetch_add(1);
        barrier.arrive_and_wait([&] {
          if (arrived.load() != threads * (g + 1)) wrong.fetch_add(1);
          ++steps;
        });
        if (steps != g + 1) wrong.fetch_add(1);  // every thread sees this generation's step
      }
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(steps, generations);
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
