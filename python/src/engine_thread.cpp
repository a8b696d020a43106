// The long-lived engine thread (engine_thread.hpp).
#include "engine_thread.hpp"

#include <unistd.h>

#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

namespace tv::python {

/// The long-lived thread and its one job slot.  Made on first use and never destroyed:
/// at interpreter exit it sleeps in wait(), and joining or destroying a thread there
/// would be torn down in an order Python does not promise.
class engine_thread {
 public:
  /// The process's thread; a new one in a forked child, where the parent's thread does
  /// not exist (its object is left behind, never touched again).
  static engine_thread& instance() {
    static std::mutex made;
    static engine_thread* current = nullptr;
    const std::lock_guard<std::mutex> lock(made);
    if (!current || current->pid_ != getpid()) current = new engine_thread();
    return *current;
  }

  /// Runs job on this thread if it is free (true), else leaves it (false).
  bool try_run(std::function<void()>& job) {
    std::unique_lock<std::mutex> lock(m_);
    if (busy_) return false;
    busy_ = true;
    job_ = std::move(job);
    lock.unlock();
    cv_.notify_all();
    return true;
  }

  /// Waits until the job given by try_run has returned and been released.
  void wait_free() {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [this] { return !busy_; });
  }

 private:
  engine_thread() : pid_(getpid()), thread_([this] { loop(); }) { thread_.detach(); }

  void loop() {
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      cv_.wait(lock, [this] { return static_cast<bool>(job_); });
      std::function<void()> job = std::move(job_);
      job_ = nullptr;
      lock.unlock();
      job();
      job = nullptr;  // what it holds goes before the caller is told
      lock.lock();
      busy_ = false;
      cv_.notify_all();
    }
  }

  const pid_t pid_;
  std::mutex m_;
  std::condition_variable cv_;
  bool busy_ = false;
  std::function<void()> job_;
  std::thread thread_;
};

struct engine_job::own_thread {
  std::thread thread;
};

engine_job::engine_job(std::function<void()> job) {
  engine_thread& shared = engine_thread::instance();
  if (shared.try_run(job)) {
    shared_ = &shared;
    return;
  }
  own_ = std::make_unique<own_thread>();
  own_->thread = std::thread(std::move(job));
}

engine_job::~engine_job() {
  if (own_) own_->thread.join();
  else shared_->wait_free();
}

}  // namespace tv::python
