// The content identity of a job instance, for --resume and the report: a digest of what
// decides the instance's result (family, parameters, checks, check options with the
// claim ids, seed, limits), not of the batch file's bytes.  Adding a comment, reordering
// jobs or appending a job leaves every other instance's identity as it was, so their
// records still count; changing a job changes only its own instances' identities.
// The job's name and output folder are left out on purpose: a name is a label (renaming
// a job keeps its work) and the folder is where the record lies, compared separately.
#pragma once
#include <string>

#include "host/config.hpp"

namespace tv::host {

/// @brief 16 hex digits: text_hash of the canonical JSON (sorted keys) of the instance's
/// family, params, checks, check options, seed and limits.  Records carry it as
/// "instance_id".
std::string instance_content_id(const job_instance& ji);

}  // namespace tv::host
