// Rank 0 serving an engine's ranges (range_engine.hpp: all pairs, broadcast, routing) to
// the helper ranks, and a helper rank asking for them.
//   helper -> 0  request {instance, call, finished, seconds_per_batch}
//   0 -> helper  range {begin, end, settings, flush} or {none, flush}
//   helper -> 0  partial (bytes) when flush was set, before running the range
//   helper -> 0  last (bytes) after a none; or failed {what} instead of either
//   0 -> helper  result {failure} then result_bytes (the merged partial) when no failure
// Only rank 0's serving thread calls MPI while a run is shared (MPI_THREAD_SERIALIZED).
#include "host/cluster/mpi_range_helpers.hpp"

#include <atomic>
#include <chrono>
#include <set>
#include <thread>

#include "host/cluster/mpi_messages.hpp"
#include "host/run/signals.hpp"

namespace tv::host::mpi {

namespace {

class rank0_helpers final : public range_helpers {
 public:
  rank0_helpers(size_t index, int ranks, std::function<std::string(int)> where)
      : index_(index), ranks_(ranks), where_(std::move(where)), flush_(static_cast<size_t>(ranks)) {}
  ~rank0_helpers() override {
    if (thread_.joinable()) thread_.join();
  }
  int count() const override { return ranks_ - 1; }

  void start(range_engine& job, take_fn take, give_fn give) override {
    ++call_;
    job_ = &job;
    failure_.clear();
    failed_ = false;
    for (auto& f : flush_) f = false;
    thread_ = std::thread([this, take = std::move(take), give = std::move(give)] { serve(take, give); });
  }
  void ask_for_partials() override {
    for (auto& f : flush_) f = true;
  }
  void finish() override {
    if (thread_.joinable()) thread_.join();
    if (!failure_.empty()) throw std::runtime_error(failure_);
  }
  bool failed() const override { return failed_; }
  void send_result(const range_partial* merged, const std::string& failure) override {
    const std::string bytes = merged ? merged->to_bytes() : std::string();
    for (int r = 1; r < ranks_; ++r) {
      send_json(r, tag::result, {{"instance", index_}, {"call", call_}, {"failure", merged ? "" : failure}});
      if (merged) send(r, tag::result_bytes, bytes);
    }
  }

 private:
  void serve(const take_fn& take, const give_fn& give) {
    std::set<int> active;
    for (int r = 1; r < ranks_; ++r) active.insert(r);
    bool refuse = false;  // a helper failed: the others are told nothing is left
    while (!active.empty()) {
      message m;
      const std::string who = active.size() == 1 ? where_(*active.begin()) : "ranks still working";
      if (!receive(MPI_ANY_SOURCE, MPI_ANY_TAG, m, nullptr, who)) return;
      if (m.tag == tag::request) {
        const nlohmann::json q = m.json();
        check_same_run(q, m.from);
        const bool flush = flush_[static_cast<size_t>(m.from)].exchange(false);
        std::optional<core::source_range> r;
        if (!refuse && !stop_on_signals::received())
          r = take(q.value("finished", uint64_t{0}), q.value("seconds_per_batch", -1.0));
        nlohmann::json a = {{"flush", flush}, {"settings", job_->settings()}};
        if (r) a["begin"] = r->begin, a["end"] = r->end;
        else a["none"] = true;
        send_json(m.from, tag::range, a);
      } else if (m.tag == tag::partial || m.tag == tag::last) {
        give(job_->from_bytes(m.bytes));
        if (m.tag == tag::last) active.erase(m.from);
      } else if (m.tag == tag::failed) {
        const nlohmann::json f = m.json();
        if (failure_.empty()) failure_ = where_(m.from) + ": " + f.value("what", std::string("failed"));
        failed_ = true;  // after failure_: finish() reads it once this thread has ended
        refuse = true;
        active.erase(m.from);
      } else {
        abort_all(where_(m.from) + " sent message " + std::to_string(m.tag) + " while rank 0 served all-pairs ranges");
      }
    }
  }
  void check_same_run(const nlohmann::json& q, int from) const {
    if (q.value("instance", size_t{0}) != index_ || q.value("call", 0) != call_)
      abort_all(where_(from) + " asks for ranges of instance " + std::to_string(q.value("instance", size_t{0})) +
                " call " + std::to_string(q.value("call", 0)) + ", rank 0 runs instance " +
                std::to_string(index_) + " call " + std::to_string(call_) + ": the ranks drifted apart");
  }

  size_t index_;
  int ranks_;
  std::function<std::string(int)> where_;
  std::vector<std::atomic<bool>> flush_;
  std::thread thread_;
  int call_ = 0;
  range_engine* job_ = nullptr;  // the run served: its settings go with every range
  std::string failure_;
  std::atomic<bool> failed_{false};
};

class helper_runner final : public range_runner {
 public:
  helper_runner(size_t index, std::function<std::string(int)> where) : index_(index), where_(std::move(where)) {}

  std::unique_ptr<range_partial> run(range_engine& engine) override {
    ++call_;
    try {
      const core::run_control& control = engine.control();
      std::unique_ptr<range_partial> mine = engine.run({0, 0}, control);
      uint64_t finished = 0;
      double seconds_per_batch = -1;
      while (true) {
        send_json(0, tag::request, {{"instance", index_}, {"call", call_}, {"finished", finished},
                                    {"seconds_per_batch", seconds_per_batch}});
        message m;
        if (!receive(0, tag::range, m, nullptr, where_(0))) break;
        const nlohmann::json a = m.json();
        if (a.value("flush", false)) {
          send(0, tag::partial, mine->to_bytes());
          mine = engine.run({0, 0}, control);
        }
        if (a.contains("none")) {
          send(0, tag::last, mine->to_bytes());
          break;
        }
        engine.apply_settings(a.value("settings", nlohmann::json()));
        const core::source_range r{a.at("begin").get<uint64_t>(), a.at("end").get<uint64_t>()};
        const auto t0 = std::chrono::steady_clock::now();
        const std::unique_ptr<range_partial> p = engine.run(r, control);
        seconds_per_batch = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() /
                            static_cast<double>(std::max<uint64_t>(1, batches_in(engine, r)));
        finished = r.end - r.begin;
        mine->merge_from(*p);
      }
    } catch (const std::exception& e) {
      send_json(0, tag::failed, {{"what", e.what()}});
    }
    // Every helper ends the run with rank 0's result, so all go on in step.
    message h;
    receive(0, tag::result, h, nullptr, where_(0));
    const nlohmann::json head = h.json();
    if (const std::string f = head.value("failure", std::string()); !f.empty()) {
      if (f.find("stopped") != std::string::npos) throw core::interrupted(f);
      throw std::runtime_error(f);
    }
    message body;
    receive(0, tag::result_bytes, body, nullptr, where_(0));
    return engine.from_bytes(body.bytes);
  }

 private:
  size_t index_;
  std::function<std::string(int)> where_;
  int call_ = 0;
};

}  // namespace

std::unique_ptr<range_helpers> make_rank0_helpers(size_t index, int ranks, std::function<std::string(int)> where) {
  return std::make_unique<rank0_helpers>(index, ranks, std::move(where));
}

std::unique_ptr<range_runner> make_helper_runner(size_t index, std::function<std::string(int)> where) {
  return std::make_unique<helper_runner>(index, std::move(where));
}

}  // namespace tv::host::mpi
