// A barrier for the threads of one OpenMP parallel region whose last arriving thread
// runs a step for all (host code only).  Waiting threads first spin briefly, yielding the
// core now and then, and only then sleep on a condition variable: a level of the
// all-pairs engine ends within microseconds on every thread, so a sleeping waiter would
// pay a wake-up (tens of microseconds on a virtual machine) at every level, while a
// waiter that never sleeps would take the core from other work on a loaded machine
// (bench/RESULTS.md, "CPU backend under load").
#pragma once
#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace tv::core {

class level_barrier {
 public:
  explicit level_barrier(int threads) : threads_(threads) {}

  /// @brief Waits until all `threads` have arrived; the last one to arrive runs
  /// `last()` first, and every thread sees its effects on return.
  template <class F>
  void arrive_and_wait(F&& last) {
    const uint32_t gen = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_) {
      arrived_.store(0, std::memory_order_relaxed);
      last();
      generation_.store(gen + 1, std::memory_order_release);
      { const std::lock_guard<std::mutex> lock(mutex_); }  // no waiter between test and sleep
      wake_.notify_all();
      return;
    }
    for (int i = 0; i < spin_rounds; ++i) {
      if (generation_.load(std::memory_order_acquire) != gen) return;
      if (i % 16 == 15) {
        sched_yield();  // lets another runnable thread have this core
      } else {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
      }
    }
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != gen; });
  }

 private:
  static constexpr int spin_rounds = 4096;
  const int threads_;
  std::atomic<int> arrived_{0};
  std::atomic<uint32_t> generation_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
};

}  // namespace tv::core
