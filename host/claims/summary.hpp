// The verdict summary: the records' per-instance claim results combined into one answer
// per claim, grouped by paper — the one format behind `check`, the end of `run`,
// `claims --summarize`, `info --check claims` and the report.  Counts of verdicts are
// counts of claims; instances are counted apart.
//
//   { "instances": {"total", "ok", "not checked", "error", "interrupted"},
//     "claims": {"total", "holds", "fails", "not_checked", "failing_instances"},
//     "papers": [ { "key", "reference", "authors", "title", "venue", "year",
//                   "claims": [ { "id", "source", "statement", "verdict",
//                                 "instances": {"holds", "fails", "not_checked", "outside_domain"},
//                                 "domain_run", "fails_at", "smallest_failure", "first_reason" } ] } ] }
//
// Papers and claims come in catalog order; the user's claims written as expressions follow
// as one more group (key "own", reference "Your own claims"), each with its "holds" and
// "when" texts and the source "holds: EXPRESSION".  A claim's verdict is `fails` when it fails on
// some instance, `holds` when it holds on some and fails on none, else `not checked`.
// "domain_run" and "fails_at" are exact (host/records/domain_text.hpp).  "smallest_failure" is the
// failing instance with the fewest nodes: {instance (the paper's notation), family, params,
// nodes, sentence (the claim's witness in words), claimed, measured, counterexample, reason}.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::claims {

/// The key of the summary's group of claims written as expressions.
inline constexpr const char* own_claims_key = "own";

/// @brief Whether a record's claim entry is "not checked" because the instance lies outside
/// the claim's domain (claim_result::outside writes that reason); the summary and the
/// report's verdict maps count these apart.
bool is_outside_domain(const nlohmann::json& claim_entry);

/// @brief The summary of records (the caller picks them: the latest per instance).
nlohmann::ordered_json verdict_summary(const std::vector<nlohmann::json>& records);

/// @brief True when any record's claims check produced a result (something to show).
bool summary_has_claims(const nlohmann::ordered_json& summary);

/// @brief The summary for a terminal: per paper its reference, per claim its id, verdict
/// (FAILS stands out; in colour when `colour`), counts, statement, where it ran, where it
/// fails with the smallest counterexample, or why it was not checked; wrapped to `width`
/// columns; ends with summary_totals.
std::string render_summary(const nlohmann::ordered_json& summary, int width, bool colour = false);

/// @brief One line of totals: "5 of 24 claims fail, 17 hold, 2 not checked, over 255
/// instances (255 ok)"; "no claim ran, over 3 instances (3 ok)" without claims.
std::string summary_totals(const nlohmann::ordered_json& summary);

/// @brief Instances by status: "255 instances (250 ok, 3 not checked, 2 error)".
std::string instance_totals(const nlohmann::ordered_json& summary);

/// @brief Columns for the summary on stdout: the terminal's width when stdout is one
/// (clamped to 60..160), else 100.
int summary_width();

/// @brief Whether stdout takes colour (a terminal, TERM not "dumb", NO_COLOR unset).
bool summary_colour();

}  // namespace tv::host::claims
