// The all-pairs run of one instance in ranges of batches, with checkpoints.  A range's
// size follows the measured time per batch: half the checkpoint interval (at most a
// minute) of work, so a checkpoint is written within half an interval of its time, each
// range's set-up (the engine's arrays, about 0.1 s at PN_2(27)) stays near 1% of the
// interval, and a small instance still runs in one or two calls.
#include "host/run/ranged_all_pairs.hpp"

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
#include "kernels/distance/all_pairs_partial.hpp"

namespace tv::host {

namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point t) {
  return std::chrono::duration<double>(clock_type::now() - t).count();
}

/// The plan's batches not yet covered, handed out front to back in ranges of whole
/// batches that never cross a covered stretch.
class batch_queue {
 public:
  batch_queue(const distance::all_pairs_plan& plan, const std::vector<distance::source_range>& covered)
      : plan_(plan) {
    for (size_t i = 0; i < plan.batch_starts.size(); ++i)
      if (!inside(covered, plan.batch_starts[i])) todo_.push_back(i);
  }
  bool empty() const { return next_ >= todo_.size(); }
  void clear() { next_ = todo_.size(); }
  size_t left() const { return todo_.size() - next_; }
  /// Up to `most` consecutive batches from the front.
  distance::source_range take(size_t most) {
    const size_t first = todo_[next_];
    size_t last = first;
    ++next_;
    while (!empty() && last - first + 1 < most && todo_[next_] == last + 1) last = todo_[next_++];
    return {plan_.batch_starts[first], end_of(last)};
  }

 private:
  static bool inside(const std::vector<distance::source_range>& covered, uint64_t s) {
    for (const auto& r : covered)
      if (r.begin <= s && s < r.end) return true;
    return false;
  }
  uint64_t end_of(size_t batch) const {
    return batch + 1 < plan_.batch_starts.size() ? plan_.batch_starts[batch + 1] : plan_.identity.order_size;
  }
  const distance::all_pairs_plan& plan_;
  std::vector<size_t> todo_;
  size_t next_ = 0;
};

uint64_t covered_sources(const distance::all_pairs_partial& p) {
  uint64_t n = 0;
  for (const auto& r : p.covered) n += r.end - r.begin;
  return n;
}

std::string percent(uint64_t done, uint64_t total) {
  return std::to_string(total ? static_cast<int>(100.0 * static_cast<double>(done) / static_cast<double>(total)) : 100) + "%";
}

}  // namespace

distance::all_pairs_result ranged_all_pairs::run(const check_context& ctx, const graph::csr_graph& g,
                                                 const distance::all_pairs_options& asked) {
  distance::all_pairs_options opt = asked;
  const distance::all_pairs_plan plan = distance::plan_all_pairs(ctx.backend, g, opt);
  opt.plan_words = plan.words;
  opt.known_orbits = plan.orbits;
  opt.engines = std::make_shared<distance::engine_cache>();  // kept between this thread's ranges
  const bool checkpoints = s_.checkpoint_s > 0 && !s_.folder.empty();
  const checkpoint_owner owner{s_.instance_id, s_.instance, plan};
  const std::string path = checkpoints ? checkpoint_path(s_.folder, owner) : "";
  // The empty range: the run's identity and orbits, which every range merges into.
  distance::all_pairs_partial merged = distance::run_all_pairs_range(ctx.backend, g, opt, {0, 0});
  const uint64_t total = plan.identity.order_size;

  if (checkpoints && std::filesystem::exists(path)) {
    if (!s_.resume) {
      // A fresh run starts over; the old checkpoint is kept, out of the way.
      s_.say("topoverify: " + s_.instance + ": an earlier checkpoint (" + path +
             ") is not resumed without --resume; set aside as " + set_checkpoint_aside(path));
    } else {
      try {
        read_checkpoint_result c = read_checkpoint(path, owner);
        merged = distance::merge(std::move(merged), c.partial);
        files_.push_back(path);
        const uint64_t done = covered_sources(merged);
        s_.say("topoverify: resuming " + s_.instance + " all pairs at " + percent(done, total) + " (" +
               std::to_string(done) + " of " + std::to_string(total) + " sources) from a checkpoint of " +
               c.written_at);
        if (opt.control.resumed) opt.control.resumed(done, total);
      } catch (const std::exception& e) {
        s_.say("topoverify: " + s_.instance + ": checkpoint " + path + " not used (" + e.what() +
               "); set aside as " + set_checkpoint_aside(path));
      }
    }
  }

  // From here the helpers' thread takes ranges and gives partials back too: both under `mu`.
  std::mutex mu;
  batch_queue todo(plan, merged.covered);
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
  auto take = [&](double seconds_per_batch) -> std::optional<distance::source_range> {
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
  std::atomic<uint64_t> done_sources{covered_sources(merged)};
  if (s_.helpers)
    s_.helpers->start(
        {ctx.backend, &g, opt},
        [&](uint64_t finished, double spb) {
          std::lock_guard<std::mutex> lock(mu);
          done_sources += finished;
          return take(spb);
        },
        [&](distance::all_pairs_partial&& p) {
          std::lock_guard<std::mutex> lock(mu);
          merged = distance::merge(std::move(merged), p);
        });
  double seconds_per_batch = -1;
  auto last_written = clock_type::now();
  uint64_t written_sources = covered_sources(merged);
  auto write = [&] {  // under mu
    write_checkpoint(path, owner, merged);
    if (files_.empty()) files_.push_back(path);
    last_written = clock_type::now();
    written_sources = covered_sources(merged);
  };
  std::exception_ptr failed;
  try {
    while (true) {
      std::optional<distance::source_range> r;
      {
        std::lock_guard<std::mutex> lock(mu);
        r = take(seconds_per_batch);
      }
      if (!r) break;
      distance::all_pairs_options part = opt;
      part.control.progress = [&opt, &done_sources, total](uint64_t d, uint64_t) {
        opt.control.report(done_sources + d, total);
      };
      part.control.should_stop = [&opt, this] {
        return opt.control.stop_requested() || (s_.helpers && s_.helpers->failed());
      };
      const auto t0 = clock_type::now();
      distance::all_pairs_partial p = distance::run_all_pairs_range(ctx.backend, g, part, *r);
      seconds_per_batch = seconds_since(t0) / static_cast<double>(std::max<uint64_t>(1, p.batches));
      done_sources += r->end - r->begin;
      std::lock_guard<std::mutex> lock(mu);
      merged = distance::merge(std::move(merged), p);
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
      if (checkpoints && covered_sources(merged) > written_sources) write();
      what = e.what();
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    if (s_.helpers) s_.helpers->send_result(nullptr, what);
    std::rethrow_exception(failed);
  }
  if (s_.helpers) s_.helpers->send_result(&merged, "");
  return distance::finish(std::move(merged));
}

void ranged_all_pairs::discard_checkpoints() {
  for (const std::string& f : files_) {
    std::error_code ec;
    std::filesystem::remove(f, ec);
  }
  files_.clear();
}

}  // namespace tv::host
