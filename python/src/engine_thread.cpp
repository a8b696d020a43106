// The long-lived engine thread (engine_thread.hpp).
#include "engine_thread.hpp"

#include <unistd.h>

#include <condition_variable>
#include <cstdint>
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

  /// Runs job on this thread if it is free and returns its ticket, else leaves it (0).
  uint64_t try_run(std::function<void()>& job) {
    std::unique_lock<std::mutex> lock(m_);
    if (busy_) return 0;
    busy_ = true;
    job_ = std::move(job);
    const uint64_t ticket = ++given_;
    lock.unlock();
    cv_.notify_all();
    return ticket;
  }

  /// Waits until the job of `ticket` has returned and been released (not for a job
  /// another caller has given since).
  void wait_done(uint64_t ticket) {
    std::unique_lock<std::mutex> lock(m_);
    cv_.wait(lock, [&] { return done_ >= ticket; });
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
      ++done_;
      cv_.notify_all();
    }
  }

  const pid_t pid_;
  std::mutex m_;
  std::condition_variable cv_;
  bool busy_ = false;
  uint64_t given_ = 0, done_ = 0;  // jobs given and finished, in order (one at a time)
  std::function<void()> job_;
  std::thread thread_;
};

struct engine_job::own_thread {
  std::thread thread;
};

engine_job::engine_job(std::function<void()> job) {
  engine_thread& shared = engine_thread::instance();
  if (const uint64_t ticket = shared.try_run(job)) {
    shared_ = &shared;
    ticket_ = ticket;
    return;
  }
  own_ = std::make_unique<own_thread>();
  own_->thread = std::thread(std::move(job));
}

engine_job::~engine_job() {
  if (own_) own_->thread.join();
  else shared_->wait_done(ticket_);
}

}  // namespace tv::python
