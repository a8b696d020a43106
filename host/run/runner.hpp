// The batch runner: runs every instance of one or more batch files, appending one JSON
// record per instance to <output>/results.jsonl, with a progress display, per-instance
// limits, --resume and a clean stop on SIGINT/SIGTERM; renders the report at the end.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "host/batch/config.hpp"
#include "host/checks/registry.hpp"
#include "host/records/records.hpp"
#include "host/run/progress.hpp"

namespace tv::host {

class rank_team;  // rank_team.hpp

struct run_options {
  bool resume = false;
  std::string output;   // overrides every job's output folder when non-empty
  std::string backend;  // overrides every job's backend when non-empty
  bool fail_on_claim = false;  // exit 3 when a claim verdict is "fails"
  bool report = true;          // render each output folder's report at the end
  /// Validate everything and print the plan (instances, folders) without running or
  /// writing anything; a backend that is not here is named, not refused.
  bool dry_run = false;
  progress_style progress = detect_progress_style();
  progress_verbosity verbosity = progress_verbosity::normal;  // --quiet / --verbose
  std::ostream* log = nullptr;  // progress and messages; std::cerr when null
  /// `check` without --output: each record is kept here instead of written; no folder is
  /// made and no report rendered.
  std::vector<nlohmann::json>* keep_records_only = nullptr;
  /// At the end the verdict summary of the instances the run covered is printed here
  /// (`run`: stdout) when some claim ran, and stored in `summary` when that is set.
  std::ostream* summary_out = nullptr;
  nlohmann::ordered_json* summary = nullptr;
  /// The checks instances draw from; tests substitute a catalog of their own.
  const std::vector<check_spec>* catalog = nullptr;
  /// The MPI ranks the run is shared among (rank_team.hpp); null or one rank: none.  On
  /// rank 0 run_batches deals the instances; the others call serve_as_helper instead.
  rank_team* team = nullptr;
  /// With a team: instances of this many nodes or more are run by every rank together
  /// (their all-pairs sources dealt in ranges), smaller ones whole by one rank each.
  uint64_t share_nodes = 65536;
  /// CUDA devices an instance on the cuda backend shares its all-pairs ranges among, one
  /// host thread each: "0,2" (`--devices`), empty for every device this process sees.
  std::string devices;
};

/// @brief Runs the batches; returns the exit code: 0 every instance ran (limits may have
/// refused some: they are recorded "not checked"), 1 some instance errored or the run
/// was interrupted, 3 (with fail_on_claim, when nothing errored) some claim fails.  The
/// last line on the log counts instances by status and claims by verdict, with the wall time.
/// Raises input_error before any work when a check, backend or output folder is unusable.
int run_batches(const std::vector<batch_config>& batches, const run_options& opt);

/// @brief A rank other than 0 of opt.team: runs its part of the schedule rank 0 sends
/// (run_helper.cpp), printing and writing nothing; returns 0, or 2 when rank 0 refused
/// the run.
int serve_as_helper(const std::vector<batch_config>& batches, const run_options& opt);

}  // namespace tv::host
