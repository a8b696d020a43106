// A barrier for the threads of one OpenMP parallel region whose last arriving thread
// runs a step for all (host code only).  Waiting threads first spin briefly, yielding the
// core now and then, and only then sleep on a condition variable: a level of the
// all-pairs engine ends within microseconds on every thread, so a sleeping waiter would
// pay a wake-up (tens of microseconds on a virtual machine) at every level, while a
// waiter that never sleeps would take the core from other work on a loaded machine
// (bench/RESULTS.md, "CPU backend under load").  A waiter whose yield gave the core to
// another thread for a while sleeps at once: that thread may be the one it waits for,
// placed on the same core, and two threads yielding to each other stay on one core
// (each looks cache-hot to the load balancer) while the other core idles; a sleeper is
// woken onto an idle core (bench/RESULTS.md, 2026-11-24 evening).
#pragma once
#include <sched.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace tv::core {

class level_barrier {
 public:
  explicit level_barrier(int threads) : threads_(threads) {}

  /// @brief Sets the team size when it is known only inside the parallel region: every
  /// thread calls it with the same count before its first arrival (so a barrier made
  /// before the region needs no OpenMP barrier to learn it).
  void set_threads(int threads) { threads_.store(threads, std::memory_order_relaxed); }

  /// @brief Waits until all `threads` have arrived; the last one to arrive runs
  /// `last()` first, and every thread sees its effects on return.
  template <class F>
  void arrive_and_wait(F&& last) {
    const uint32_t gen = generation_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == threads_.load(std::memory_order_relaxed)) {
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
        // Lets another runnable thread have this core; if one took it, sleep instead.
        const auto before = std::chrono::steady_clock::now();
        sched_yield();
        if (std::chrono::steady_clock::now() - before > yielded_to_another) break;
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
  // A yield that returns later than this ran another thread (a bare yield takes about a
  // microsecond).
  static constexpr std::chrono::microseconds yielded_to_another{20};
  std::atomic<int> threads_;
  std::atomic<int> arrived_{0};
  std::atomic<uint32_t> generation_{0};
  std::mutex mutex_;
  std::condition_variable wake_;
};

}  // namespace tv::core
