// An engine's run over one instance's sources in ranges of batches, with checkpoints.  A range's
// size follows the measured time per batch: half the checkpoint interval (at most a
// minute) of work, so a checkpoint is written within half an interval of its time, each
// range's set-up (the engine's arrays, about 0.1 s at PN_2(27)) stays near 1% of the
// interval, and a small instance still runs in one or two calls.
#include "host/run/ranged_run.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <filesystem>
#include <optional>

#include "host/errors.hpp"
#include "host/run/checkpoint_file.hpp"
#include "host/units.hpp"

namespace tv::host {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

/// The engine's batches not yet covered, handed out front to back in ranges of whole
/// batches that never cross a covered stretch.
class batch_queue {
 public:
  batch_queue(const std::vector<uint64_t>& starts, uint64_t order_size, const std::vector<core::source_range>& covered)
      : starts_(starts), order_size_(order_size) {
    for (size_t i = 0; i < starts.size(); ++i)
      if (!inside(covered, starts[i])) todo_.push_back(i);
  }
  bool empty() const { return next_ >= todo_.size(); }
  void clear() { next_ = todo_.size(); }
  size_t left() const { return todo_.size() - next_; }
  /// Up to `most` consecutive batches from the front.
  core::source_range take(size_t most) {
    const size_t first = todo_[next_];
    size_t last = first;
    ++next_;
    while (!empty() && last - first + 1 < most && todo_[next_] == last + 1) last = todo_[next_++];
    return {starts_[first], end_of(last)};
  }

 private:
  static bool inside(const std::vector<core::source_range>& covered, uint64_t s) {
    for (const auto& r : covered)
      if (r.begin <= s && s < r.end) return true;
    return false;
  }
  uint64_t end_of(size_t batch) const {
    return batch + 1 < starts_.size() ? starts_[batch + 1] : order_size_;
  }
  const std::vector<uint64_t>& starts_;
  uint64_t order_size_;
  std::vector<size_t> todo_;
  size_t next_ = 0;
};

uint64_t covered_sources(const range_partial& p) {
  uint64_t n = 0;
  for (const auto& r : p.covered()) n += r.end - r.begin;
  return n;
}

std::string percent(uint64_t done, uint64_t total) {
  return std::to_string(total ? static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)) : 100) + "%";
}

}  // namespace

std::unique_ptr<range_partial> ranged_run::run(range_engine& engine) {
  const core::run_control& control = engine.control();
  // Cleared when checkpoints cannot be written: a warning, and the instance runs on.
  bool checkpoints = s_.checkpoint_s > 0 && !s_.folder.empty();
  const checkpoint_owner owner{s_.instance_id, s_.instance, engine.name(), engine.identity()};
  const std::string path = checkpoints ? checkpoint_path(s_.folder, owner) : "";
  // The empty range: the run's identity, which every range merges into.
  std::unique_ptr<range_partial> merged = engine.run({0, 0}, control);
  const uint64_t total = engine.order_size();
  const std::string what = s_.instance + " " + engine.name();

  auto without_checkpoints = [&](const std::string& why) {
    checkpoints = false;
    s_.say("topoverify: warning: " + what + ": no checkpoints (" + why + "); the instance runs on without them");
  };
  std::error_code exists_error;
  if (checkpoints && std::filesystem::exists(path, exists_error)) {
    if (!s_.resume) {
      // A fresh run starts over; the old checkpoint is kept, out of the way.
      try {
        s_.say("topoverify: " + what + ": an earlier checkpoint (" + path +
               ") is not resumed without --resume; set aside as " + set_checkpoint_aside(path));
      } catch (const std::exception& e) {
        without_checkpoints(std::string("an earlier checkpoint cannot be set aside: ") + e.what());
      }
    } else {
      try {
        read_checkpoint_result c = read_checkpoint(path, owner, engine);
        merged->merge_from(*c.partial);
        files_.push_back(path);
        const uint64_t done = covered_sources(*merged);
        s_.say("topoverify: resuming " + what + " at " + percent(done, total) + " (" +
               std::to_string(done) + " of " + std::to_string(total) + " sources) from a checkpoint of " +
               c.written_at);
        if (control.resumed) control.resumed(done, total);
      } catch (const std::exception& e) {
        try {
          s_.say("topoverify: " + what + ": checkpoint " + path + " not used (" + e.what() +
                 "); set aside as " + set_checkpoint_aside(path));
        } catch (const std::exception& aside) {
          without_checkpoints(std::string("checkpoint ") + path + " is unusable and cannot be set aside: " +
                              aside.what());
        }
      }
    }
  } else if (exists_error) {
    without_checkpoints(path + ": " + exists_error.message());
  }

  // From here the helpers' thread takes ranges and gives partials back too: both under `mu`.
  std::mutex mu;
  batch_queue todo(engine.cuts(), total, merged->covered());
  const int workers = 1 + (s_.helpers ? s_.helpers->count() : 0);
  const double range_s = std::min(60.0, checkpoints ? s_.checkpoint_s / 2 : 60.0);
  // Batches per range: every batch left when nothing needs ranges (no checkpoints, no
  // helpers).  Else one batch while the time per batch is not known, then about range_s
  // of work, and with helpers at most a workers-th of what is left (guided
  // self-scheduling: ranges shrink towards the end, so every rank ends at about the same
  // time); but never under a twentieth of a second of work, as each range costs a
  // partial of its own and its merge (arrays of N, about 2 ms at DDB(18)).  The last
  // range bounds how long the other ranks wait idle at the end: a floor of half a second
  // (when every range set up the engine anew) cost DDB(18) on 2 ranks about 10%.
  auto take = [&](double seconds_per_batch) -> std::optional<core::source_range> {
    if (todo.empty()) return std::nullopt;
    size_t most = todo.left();
    if (checkpoints || workers > 1) {
      const bool known = seconds_per_batch > 0;
      const size_t by_time = known ? static_cast<size_t>(range_s / seconds_per_batch) : 1;
      const size_t by_share = workers > 1 ? (todo.left() + workers - 1) / workers : todo.left();
      const size_t floor = known ? static_cast<size_t>(0.05 / seconds_per_batch) : 1;
      most = std::max<size_t>({1, floor, std::min(by_time, by_share)});
    }
    return todo.take(most);
  };
  std::atomic<uint64_t> done_sources{covered_sources(*merged)};
  if (s_.helpers)
    s_.helpers->start(
        engine,
        [&](uint64_t finished, double spb) {
          std::lock_guard<std::mutex> lock(mu);
          done_sources += finished;
          return take(spb);
        },
        [&](std::unique_ptr<range_partial> p) {
          std::lock_guard<std::mutex> lock(mu);
          merged->merge_from(*p);
        });
  double seconds_per_batch = -1;
  auto last_written = clock_type::now();
  uint64_t written_sources = covered_sources(*merged);
  auto write = [&] {  // under mu
    try {
      write_checkpoint(path, owner, *merged);
    } catch (const std::exception& e) {  // a full disk, a file where the folder should be
      without_checkpoints(e.what());
      return;
    }
    if (files_.empty()) files_.push_back(path);
    last_written = clock_type::now();
    written_sources = covered_sources(*merged);
  };
  std::exception_ptr failed;
  try {
    while (true) {
      std::optional<core::source_range> r;
      {
        std::lock_guard<std::mutex> lock(mu);
        r = take(seconds_per_batch);
      }
      if (!r) break;
      core::run_control part = control;
      part.progress = [&control, &done_sources, total](uint64_t d, uint64_t) {
        control.report(done_sources + d, total);
      };
      part.should_stop = [&control, this] {
        return control.stop_requested() || (s_.helpers && s_.helpers->failed());
      };
      const auto t0 = clock_type::now();
      std::unique_ptr<range_partial> p = engine.run(*r, part);
      seconds_per_batch = seconds_since(t0) / static_cast<double>(std::max<uint64_t>(1, batches_in(engine, *r)));
      done_sources += r->end - r->begin;
      std::lock_guard<std::mutex> lock(mu);
      merged->merge_from(*p);
      if (checkpoints && !todo.empty() && seconds_since(last_written) >= s_.checkpoint_s) {
        write();
        if (s_.helpers) s_.helpers->ask_for_partials();  // for the next one
      }
    }
  } catch (...) {
    failed = std::current_exception();
  }
  if (s_.helpers) {
    if (failed) {
      std::lock_guard<std::mutex> lock(mu);
      todo.clear();  // the helpers are told that nothing is left
    }
    try {
      s_.helpers->finish();
    } catch (...) {
      // A helper's failure comes first: it is why this thread stopped, if it did.
      failed = std::current_exception();
    }
  }
  if (failed) {
    std::string what = "stopped";
    try {
      std::rethrow_exception(failed);
    } catch (const core::interrupted& e) {
      // A clean stop keeps what is finished for --resume.
      if (checkpoints && covered_sources(*merged) > written_sources) write();
      what = e.what();
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    if (s_.helpers) s_.helpers->send_result(nullptr, what);
    std::rethrow_exception(failed);
  }
  if (s_.helpers) s_.helpers->send_result(merged.get(), "");
  return merged;
}

void ranged_run::discard_checkpoints() {
  for (const std::string& f : files_) {
    std::error_code ec;
    std::filesystem::remove(f, ec);
  }
  files_.clear();
}

}  // namespace tv::host
