// An instance's all-pairs run in ranges of its batches, so that a long instance survives
// a crash mid-way: every `checkpoint` interval (and on a clean stop) the merged partial
// of the finished ranges is written to the output folder (checkpoint_file.hpp); `run
// --resume` continues from it, saying so, and sets aside one that does not match.  The
// ranges are cut at the plan's batch starts (distance::plan_all_pairs), so the record is
// the one call's bit for bit, batch count and W included.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "host/checks/check.hpp"

namespace tv::host {

struct ranged_all_pairs_settings {
  std::string folder;        // the output folder; empty: no checkpoints
  std::string instance_id;   // the job's content (instance_content.hpp)
  std::string instance;      // its name for people, "PN_2(30)"
  double checkpoint_s = 600;  // interval between checkpoints; 0: none
  bool resume = false;       // continue from a matching checkpoint
  /// Lines for the user (resumed from, set aside): the run's log.
  std::function<void(const std::string&)> say;
};

class ranged_all_pairs final : public all_pairs_runner {
 public:
  explicit ranged_all_pairs(ranged_all_pairs_settings s) : s_(std::move(s)) {}
  distance::all_pairs_result run(const check_context& ctx, const graph::csr_graph& g,
                                 const distance::all_pairs_options& opt) override;
  /// @brief Removes the checkpoints this instance wrote or resumed from: called once its
  /// record is written, so that nothing is lost if the process dies before.
  void discard_checkpoints();

 private:
  ranged_all_pairs_settings s_;
  std::vector<std::string> files_;  // checkpoints written or resumed from
};

}  // namespace tv::host
