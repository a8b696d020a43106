// `topoverify info` (see info_command.hpp).
#include "host/cli/info_command.hpp"
#include "host/records/checked_io.hpp"

#include <fmt/core.h>

#include <iostream>

#include "host/batch/sweep_args.hpp"
#include "host/checks/registry.hpp"
#include "host/claims/summary.hpp"
#include "host/cli/cli_options.hpp"
#include "host/errors.hpp"
#include "host/records/record_view.hpp"
#include "host/run/memory_plan.hpp"

namespace tv::host {

int run_info(const info_request& request) {
  // Everything is validated before the first instance runs.
  for (const auto& c : request.checks) find_check(c);
  const std::vector<instance> instances = expand_sweep(request.family, request.params);
  core::backend backend;
  try {
    backend = core::resolve_backend(request.backend);
  } catch (const std::exception& e) {
    throw input_error(e.what());
  }
  const nlohmann::json options = parse_set_options(request.sets);
  // A per-node table is a file: `info` writes none (it used to land in the working
  // directory, over any earlier one), a run writes it beside its records.
  if (options.contains("distances") && options["distances"].contains("per_node"))
    throw input_error("--set distances.per_node: info writes no files; a run writes the per-node "
                      "table into its output folder (topoverify run BATCH --set distances.per_node=csv)");
  for (const auto& inst : instances)
    for (auto it = options.begin(); it != options.end(); ++it) try {
        validate_check_options(find_check(it.key()), *it, &inst);
      } catch (const input_error& e) {
        throw input_error("--set " + it.key() + " on " + inst.label() + ": " + e.what());
      }

  std::vector<nlohmann::ordered_json> records;
  size_t counts_only = 0;  // instances that got no default distances (too large)
  for (const auto& inst : instances) {
    std::vector<std::string> checks = request.checks;
    if (checks.empty()) {
      if (inst.nodes() <= info_default_distances_nodes) checks.push_back("distances");
      else ++counts_only;
    }
    // Refused before any work when the plan does not fit (exit 4, as a refusal
    // inside an engine would give, but in milliseconds).
    if (const std::string why = memory_refusal(inst, checks, options, backend, {}, check_specs());
        !why.empty())
      throw graph::graph_too_large(inst.label() + ": " + why);
    nlohmann::ordered_json rec = run_checks(inst, checks, backend, options);
    if (request.json) {
      std::cout << rec.dump() << "\n";  // one record per line, as each ends
      flush_stdout_checked();           // a lost line stops the sweep (/dev/full, a closed pipe)
      continue;
    }
    records.push_back(std::move(rec));
  }
  if (request.json) return exit_ok;
  // Claim verdicts read as the verdict summary, not as nested JSON; the rest as a table.
  std::vector<nlohmann::json> with_claims;
  for (auto& rec : records)
    if (rec.contains("claims")) {
      with_claims.push_back(nlohmann::json::parse(rec.dump()));
      rec.erase("claims");
    }
  if (records.size() == 1) std::cout << record_table(records.front());
  else std::cout << records_table(records);
  if (!with_claims.empty())
    std::cout << "\n"
              << claims::render_summary(claims::verdict_summary(with_claims), claims::summary_width(),
                                        claims::summary_colour());
  if (counts_only)
    std::cout << fmt::format(
        "({} instance(s) over {} nodes ran counts alone; `--check distances` adds diameter, radius, "
        "average distance, Wiener index and Hamming paths)\n",
        counts_only, info_default_distances_nodes);
  return exit_ok;
}

}  // namespace tv::host
