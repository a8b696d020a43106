// Per-claim verdicts over a batch: the records' `claims` lists combined, so a report can
// say for each claim whether it held on every instance checked, and show the smallest
// failing instance (fewest nodes, then the instance's label) with its counterexample.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::claims {

/// @brief One entry per claim id seen in the records, in catalog order:
/// {id, verdict, holds, fails, not_checked, outside_domain, smallest_failure {instance,
/// nodes, claimed, measured, counterexample, reason}, first_reason}.  The verdict is
/// `fails` when some instance fails, `holds` when some hold and none fails, else `not
/// checked`.
nlohmann::ordered_json summarize_claims(const std::vector<nlohmann::json>& records);

/// @brief The summary as a Markdown table with one section per failing claim.
std::string summary_markdown(const nlohmann::ordered_json& summary);

}  // namespace tv::host::claims
