// Checks: named computations run on one instance, each adding its fields to the
// instance's JSON record (DESIGN.md, "Names users type").  `counts` always runs.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "host/memory_plan.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

/// What a check gets: the instance, the backend, the check's options from the batch file
/// (an object, possibly empty), the instance's graph (built once on first use), the
/// run control to hand to long kernels (progress, time limit, SIGINT), and the seed of
/// the job for checks that sample.
struct check_context {
  check_context(const instance& i, core::backend b) : inst(i), backend(b) {}
  const instance& inst;
  core::backend backend;
  nlohmann::json options = nlohmann::json::object();
  core::run_control control;  // progress and stop requests, passed on to kernels
  std::string output_dir = ".";  // where checks write side files (per-node tables)
  uint64_t seed = 1;          // the batch file's `seed`, 1 when it gives none

  /// @brief The CSR graph of the instance, built on first call and kept for later checks.
  const graph::csr_graph& graph();
  /// @brief Supplies the graph instead of building it (a caller that already holds it, or
  /// a test that feeds a hand-altered graph to a check).
  void set_graph(std::shared_ptr<graph::csr_graph> g) { graph_ = std::move(g); }
  /// @brief True once the graph is built or supplied.
  bool has_graph() const { return graph_ != nullptr; }
  /// @brief Seconds graph() spent building the graph (0 until it does).
  double graph_seconds() const { return graph_seconds_; }

 private:
  std::shared_ptr<graph::csr_graph> graph_;
  double graph_seconds_ = 0;
};

struct check_spec {
  std::string name;
  std::string description;
  std::function<void(check_context&, nlohmann::ordered_json&)> run;
  /// Peak host bytes the check needs on an instance's graph shape, for the memory plan
  /// (memory_plan.hpp).  Checks that leave it empty are taken to build the graph.
  memory_estimate memory_bytes = nullptr;
  /// Validates the check's options before any work (raises input_error); may be empty.
  std::function<void(const nlohmann::json&)> validate_options = nullptr;
  /// Validates the options against one instance (values whose range depends on the
  /// family or its N, computed without enumerating); may be empty.  Reached only through
  /// validate_check_options.
  std::function<void(const nlohmann::json&, const instance&)> validate_for_instance = nullptr;
};

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

/// @brief Adds the counts fields (nodes, edges, degree_min, ...) of a degree summary.
void put_counts(nlohmann::ordered_json& record, const graph::degree_summary& s, bool directed);

}  // namespace tv::host
