// What ran, against what the runner planned (plan.json): the first thing a report says,
// so a run stopped by a signal, by an error or half-way never reads as complete.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::report {

struct run_state {
  bool plan_known = false;  // the folder has a readable plan.json
  size_t planned = 0;       // instances of the plan (when known)
  size_t recorded = 0;      // instances counted below: the planned ones with a record, or
                            // every record when the plan is not known
  size_t finished = 0;      // status ok
  size_t refused = 0;       // status "not checked": a limit refused or stopped it
  size_t interrupted = 0;   // stopped by SIGINT / SIGTERM
  size_t errors = 0;        // status error
  size_t not_run = 0;       // planned, without any record
  size_t outside_plan = 0;  // records of instances the plan does not list (earlier runs)
  std::string first_interruption;  // the reason of the first interrupted record
  bool complete = false;    // plan known; every planned instance finished or was refused
  std::string headline;     // one sentence: "Complete run: ..." or "Incomplete run: ..."
};

/// @brief Counts the latest records (one per instance) against the plan's record keys.
run_state count_run(const std::vector<nlohmann::json>& latest,
                    const std::optional<std::vector<std::string>>& plan);

}  // namespace tv::host::report
