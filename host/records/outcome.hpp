// The words a record uses for how an instance ended (`status`) and for a claim's outcome
// (`verdict`), as enums with the one place their spellings live.  The spellings are the
// records' on disk ("not checked" with a blank), so records stay readable both ways.
#pragma once
#include <optional>
#include <string_view>

namespace tv::host {

/// How an instance ended: every check ran, a limit refused or stopped it, a signal
/// stopped it, or an error did.
enum class run_status { ok, not_checked, interrupted, error };

/// A claim's outcome on an instance (an instance outside the claim's domain is
/// `not_checked` with a reason that says so: claims::outside_domain_prefix).
enum class claim_verdict { holds, fails, not_checked };

/// Every status, in the order summaries count them.
inline constexpr run_status all_run_statuses[] = {run_status::ok, run_status::not_checked,
                                                  run_status::interrupted, run_status::error};

/// @brief "ok", "not checked", "interrupted", "error".
std::string_view to_string(run_status s);
/// @brief The status a record's text names; nullopt for any other text.
std::optional<run_status> run_status_from_string(std::string_view text);

/// @brief "holds", "fails", "not checked".
std::string_view to_string(claim_verdict v);
/// @brief The verdict a record's text names; nullopt for any other text.
std::optional<claim_verdict> claim_verdict_from_string(std::string_view text);

}  // namespace tv::host
