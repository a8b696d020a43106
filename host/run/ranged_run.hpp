// An engine's run (all pairs, broadcast, routing: host/checks/range_engine.hpp) in
// ranges of its batches, so that a long instance survives a crash mid-way and its sources
// can be shared: every `checkpoint` interval (and on a clean stop) the merged partial of
// the finished ranges is written to the output folder (checkpoint_file.hpp); `run
// --resume` continues from it, saying so, and sets aside one that does not match; MPI
// ranks or further devices take ranges from the same queue.  The ranges are cut where the
// engine's batches start, so the record is the one call's bit for bit, batch count and W
// included.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "host/checks/check.hpp"

namespace tv::host {

/// The other processes (MPI ranks) or threads (further devices) that share an instance's
/// ranges with this one, seen from the one that owns the run (host/cluster/,
/// device_helpers.hpp): they take ranges from the same queue and give back what they
/// found.  Null: this thread runs every range.
class range_helpers {
 public:
  /// Hands out the next range to a helper that finished `finished` sources and runs a
  /// batch in `seconds_per_batch` (negative: not known yet); nullopt once none is left.
  using take_fn = std::function<std::optional<core::source_range>(uint64_t finished, double seconds_per_batch)>;
  /// Takes what a helper found (every range it ran since it last gave back).
  using give_fn = std::function<void(std::unique_ptr<range_partial>)>;
  virtual ~range_helpers() = default;
  /// @brief How many helpers there are.
  virtual int count() const = 0;
  /// @brief Starts the helpers (on threads of their own) until finish(), on `job` (each
  /// thread its job.for_worker(); an MPI rank the same engine its own checks made).
  virtual void start(range_engine& job, take_fn take, give_fn give) = 0;
  /// @brief Asks every helper to give back what it has found so far (a checkpoint is due).
  virtual void ask_for_partials() = 0;
  /// @brief Waits until every helper has been told that no range is left and has given
  /// back its last partial; raises std::runtime_error naming the rank and host when a
  /// helper failed.
  virtual void finish() = 0;
  /// @brief True once a helper has failed: this thread stops its own range at the next
  /// batch instead of finishing it, so a failed run ends within a batch's time.
  virtual bool failed() const = 0;
  /// @brief Sends the finished run (or, when `failure` is not empty, its failure) to every
  /// helper, which continues its checks with it.
  virtual void send_result(const range_partial* merged, const std::string& failure) = 0;
};

struct ranged_run_settings {
  std::string folder;        // the output folder; empty: no checkpoints
  std::string instance_id;   // the job's content (instance_content.hpp)
  std::string instance;      // its name for people, "PN_2(30)"
  double checkpoint_s = 600;  // interval between checkpoints; 0: none
  bool resume = false;       // continue from a matching checkpoint
  /// Lines for the user (resumed from, set aside): the run's log.
  std::function<void(const std::string&)> say;
  /// Other ranks that share the ranges (null: none).
  range_helpers* helpers = nullptr;
};

class ranged_run final : public range_runner {
 public:
  explicit ranged_run(ranged_run_settings s) : s_(std::move(s)) {}
  std::unique_ptr<range_partial> run(range_engine& engine) override;
  /// @brief Removes the checkpoints this instance wrote or resumed from: called once its
  /// record is written, so that nothing is lost if the process dies before.
  void discard_checkpoints();

 private:
  ranged_run_settings s_;
  std::vector<std::string> files_;  // checkpoints written or resumed from
};

}  // namespace tv::host
