// Helper threads of one process, one per further device, for any engine (range_engine.hpp): each takes a range, runs it on
// its device, merges it into its own partial, and gives that back when asked (a
// checkpoint is due) and once no range is left.  The first failure names its device and
// ends the dealing for all.
#include "host/run/device_helpers.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

namespace {

class device_helpers final : public range_helpers {
 public:
  explicit device_helpers(std::vector<device_worker> workers)
      : workers_(std::move(workers)), flush_(workers_.size()) {}
  ~device_helpers() override { join(); }
  int count() const override { return static_cast<int>(workers_.size()); }

  void start(range_engine& job, take_fn take, give_fn give) override {
    failure_.clear();
    failed_ = false;
    for (size_t i = 0; i < workers_.size(); ++i) {
      flush_[i] = false;
      threads_.emplace_back([this, i, &job, take, give] { work(i, job, take, give); });
    }
  }
  void ask_for_partials() override {
    for (auto& f : flush_) f = true;
  }
  void finish() override {
    join();
    if (!failure_.empty()) throw std::runtime_error(failure_);
  }
  void send_result(const range_partial*, const std::string&) override {}  // one process
  bool failed() const override { return failed_; }

 private:
  void work(size_t i, range_engine& job, const take_fn& take, const give_fn& give) {
    try {
      workers_[i].enter();
      // This device's own engine: its buffers kept between its ranges, no progress reports
      // (the run reports its own and the helpers').
      const std::unique_ptr<range_engine> engine = job.for_worker();
      const core::run_control control = engine->control();
      std::unique_ptr<range_partial> mine = engine->run({0, 0}, control);
      uint64_t finished = 0;
      double seconds_per_batch = -1;
      while (!failed_) {
        const std::optional<core::source_range> r = take(finished, seconds_per_batch);
        if (flush_[i].exchange(false)) {
          give(std::move(mine));
          mine = engine->run({0, 0}, control);
        }
        if (!r) break;
        const auto t0 = std::chrono::steady_clock::now();
        const std::unique_ptr<range_partial> p = engine->run(*r, control);
        seconds_per_batch = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                            static_cast<double>(std::max<uint64_t>(1, batches_in(*engine, *r)));
        finished = r->end - r->begin;
        mine->merge_from(*p);
      }
      give(std::move(mine));
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(mu_);
      if (failure_.empty()) failure_ = workers_[i].name + ": " + e.what();
      failed_ = true;
    }
  }
  void join() {
    for (auto& t : threads_)
      if (t.joinable()) t.join();
    threads_.clear();
  }

  std::vector<device_worker> workers_;
  std::vector<std::atomic<bool>> flush_;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::string failure_;
  std::atomic<bool> failed_{false};
};

}  // namespace

std::unique_ptr<range_helpers> make_device_helpers(std::vector<device_worker> workers) {
  return std::make_unique<device_helpers>(std::move(workers));
}

std::vector<int> parse_devices(const std::string& asked, int visible) {
  std::vector<int> devices;
  if (asked.empty()) {
    for (int d = 0; d < visible; ++d) devices.push_back(d);
    return devices;
  }
  size_t at = 0;
  while (at <= asked.size()) {
    const size_t comma = std::min(asked.find(',', at), asked.size());
    const std::string item = asked.substr(at, comma - at);
    if (item.empty() || item.size() > 4 || item.find_first_not_of("0123456789") != std::string::npos)
      throw input_error("--devices " + echo_value(asked) + ": '" + echo_value(item) +
                        "' is not a device number (give them as 0,2)");
    const int d = std::stoi(item);
    if (d >= visible)
      throw input_error("--devices " + echo_value(asked) + ": device " + item + " does not exist (this process sees " +
                        std::to_string(visible) + (visible == 1 ? " CUDA device" : " CUDA devices") + ")");
    for (const int seen : devices)
      if (seen == d) throw input_error("--devices " + echo_value(asked) + ": device " + item + " is named twice");
    devices.push_back(d);
    at = comma + 1;
  }
  return devices;
}

}  // namespace tv::host
