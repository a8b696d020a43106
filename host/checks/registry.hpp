// The check catalog (docs/batch-files.md, docs/checks.md, docs/simulations.md) and the record of
// one instance: every check in the order they run, the one validator of their options, and
// run_checks_into, which runs `counts` and the requested checks on one instance.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/checks/check.hpp"

namespace tv::host {

/// @brief The one validator of a check's options that `run`, `run --dry-run`, `check`
/// and `info` call before the first instance: the instance-free rules, then, when `inst`
/// is given, the rules of that instance.  Raises input_error naming the check, the option
/// and the allowed values.
void validate_check_options(const check_spec& spec, const nlohmann::json& options,
                            const instance* inst);

/// @brief True when `name` runs for the checks asked for (`counts` always does).
bool check_runs(const std::string& name, const std::vector<std::string>& checks);

/// @brief Every check, in the order they run when several are asked for.
const std::vector<check_spec>& check_specs();

/// @brief The spec of a check, or input_error naming the unknown check and the known ones.
const check_spec& find_check(const std::string& name);

/// How the runner watches a run: `control` goes to every check (and on to kernels);
/// `on_check` is told the name of each check as it starts.
struct check_hooks {
  core::run_control control;
  std::function<void(const std::string& check)> on_check;
  uint64_t seed = 1;
  range_runner* ranges = nullptr;  // check_context::ranges
  bool side_files = true;          // false: check_context::output_dir empty
  /// Where side files (the per-node table) go: a run's output folder; empty: none
  /// (`info`, `check`).
  std::string output_dir;
  std::string side_file_tag;       // check_context::side_file_tag
  /// check_context::per_node_sink: the distances check's per-node arrays, in memory.
  std::function<void(const graph::csr_graph&, distance::all_pairs_result&)> per_node_sink;
};

/// @brief Runs counts and the requested checks (in catalog order) on the instance,
/// adding their fields to `record`; then `checks` (those that finished), backend,
/// device, timings and tool.  Between checks it polls hooks.control and raises
/// core::interrupted on a stop request; on any exception `record` keeps the fields
/// and the `checks` list of the checks that finished.
void run_checks_into(nlohmann::ordered_json& record, const instance& inst,
                     const std::vector<std::string>& checks, core::backend backend,
                     const nlohmann::json& check_options, const check_hooks& hooks,
                     const std::vector<check_spec>& catalog = check_specs());

/// @brief The record of one instance (run_checks_into without hooks).
nlohmann::ordered_json run_checks(const instance& inst, const std::vector<std::string>& checks,
                                  core::backend backend,
                                  const nlohmann::json& check_options = nlohmann::json::object());

}  // namespace tv::host
