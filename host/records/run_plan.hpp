// plan.json beside results.jsonl: the instances a run set out to do.  Records alone
// cannot say how many instances a run stopped by a signal never reached, so the runner
// writes its plan before the first instance and the report counts the planned
// instances that have no final record.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief Writes <dir>/plan.json listing the identities of the instances planned into
/// that folder (each {config_hash, instance_id, job, family, params, requested_checks},
/// as records carry them; instance_content.hpp), replacing an earlier plan.  Written whole (temporary file, then renamed).
void write_run_plan(const std::string& dir, const std::vector<nlohmann::json>& identities);

/// @brief The record keys (records.hpp record_key) of <dir>/plan.json, in plan order;
/// nothing when the folder has no readable plan (a run by an older build, or records
/// put there by hand).
std::optional<std::vector<std::string>> read_run_plan(const std::string& dir);

}  // namespace tv::host
