// The check options of one job instance, validated before the first instance runs: the
// runner's one call into validate_check_options, with the refusal placed at the option's
// file:line:column where the batch parser kept it.
#pragma once
#include "host/batch/config.hpp"
#include "host/checks/registry.hpp"

namespace tv::host {

/// @brief Validates `spec`'s options of the job on its instance; input_error names the
/// place, the job, the instance, the check, the option and the allowed values.
void validate_job_options(const batch_config& cfg, const job_instance& ji, const check_spec& spec);

}  // namespace tv::host
