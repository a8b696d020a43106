// The content identity of a job instance, for --resume and the report: a digest of what
// decides the instance's result (family, parameters, checks, check options with the
// claim ids, seed, limits), not of the batch file's bytes.  Adding a comment, reordering
// jobs or appending a job leaves every other instance's identity as it was, so their
// records still count; changing a job changes only its own instances' identities.
// The job's name and output folder are left out on purpose: a name is a label (renaming
// a job keeps its work) and the folder is where the record lies, compared separately.
#pragma once
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/batch/config.hpp"

namespace tv::host {

/// @brief 16 hex digits: text_hash of the canonical JSON (sorted keys) of the instance's
/// family, params, checks, check options, seed and limits.  Records carry it as
/// "instance_id".
std::string instance_content_id(const job_instance& ji);

/// @brief What identifies an instance's record (records.hpp record_key), as records
/// carry it: {config_hash, instance_id, job, family, params, requested_checks} -- the
/// content id, and the fields of the legacy key older builds' records match by.
nlohmann::json instance_identity(const batch_config& cfg, const job_instance& ji);

/// @brief The keys a record of this instance may have in folder `dir`, each "DIR\nKEY":
/// its content key, and the legacy key of a record an older build wrote.
std::vector<std::string> instance_keys(const std::string& dir, const batch_config& cfg,
                                       const job_instance& ji);

/// @brief True when `keys` (of the form instance_keys gives) holds one of the instance's.
bool recorded_in(const std::set<std::string>& keys, const std::string& dir, const batch_config& cfg,
                 const job_instance& ji);

}  // namespace tv::host
