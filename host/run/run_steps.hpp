// The steps of run_batches (runner.cpp), one file each: prepare (every refusal before
// work, the output folders), resume (the records already final), and one instance run
// to its record.  Internal to the runner and its MPI side (rank_team.hpp, which the
// cluster's ranks implement); nothing outside host/run/ includes it.
#pragma once
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/records/folder_lock.hpp"
#include "host/run/runner.hpp"
#include "host/records/outcome.hpp"

namespace tv::host {

/// One instance to run, with everything resolved.
struct planned {
  const batch_config* cfg;
  const job_instance* ji;
  std::string out_dir;
  core::backend backend;
};

/// The instances of the batches in order, their output folders (in first-use order) and,
/// for --dry-run, what the real run would refuse.
struct prepared_run {
  std::vector<planned> plan;
  std::vector<std::string> dirs;
  std::vector<std::string> dry_run_refusals;
  /// One line per backend the run asked for, saying what it got: "backend cpu (2 CPU
  /// threads)", "backend auto: no CUDA device answers; the CPU (2 CPU threads)".
  std::vector<std::string> backend_lines;
};

/// @brief Resolves backends and validates every job's checks and options (run_prepare.cpp);
/// raises input_error for what the run refuses before any work.
prepared_run prepare_run(const std::vector<batch_config>& batches, const run_options& opt,
                         const std::vector<check_spec>& catalog, std::ostream& log);

/// @brief --dry-run: prints the plan and exits as the run would (input_error where it
/// would refuse).
int finish_dry_run(const std::vector<batch_config>& batches, const prepared_run& run,
                   const run_options& opt, std::ostream& log);

/// @brief Locks and prepares every output folder (refusing a folder of another batch
/// under --resume); the locks are held until the run ends, the report included.
std::vector<std::shared_ptr<folder_lock>> claim_folders(const prepared_run& run, const run_options& opt);

/// @brief Under --resume: repairs torn tails and returns the keys (dir + "\n" + record
/// key) of the instances already final (run_resume.cpp).
std::set<std::string> finished_instances(const std::vector<std::string>& dirs, std::ostream& log);

/// @brief Writes each folder's plan.json, so its report can tell a finished run from a
/// stopped one.
void write_run_plans(const prepared_run& run, const std::set<std::string>& done);

/// What one instance came to: its record (closed, ready to append) and its status.
struct instance_outcome {
  nlohmann::ordered_json record;
  run_status status = run_status::ok;
  std::string reason;
  bool interrupted = false;  // a signal stopped it: the run stops after recording it
};

/// @brief Runs one instance (run_one.cpp): limits and the memory plan first, then its
/// checks; every failure ends in the record's status, never in an exception.
/// `side_files` false: its checks write no side files (an MPI helper of a shared
/// instance, whose files rank 0 writes).
instance_outcome run_one(const planned& p, const std::vector<check_spec>& catalog,
                         progress_display& display, range_runner* ranges = nullptr,
                         bool side_files = true);

}  // namespace tv::host
