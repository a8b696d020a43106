// The spellings of status and verdict (see outcome.hpp): each written once.
#include "host/records/outcome.hpp"

namespace tv::host {

std::string_view to_string(run_status s) {
  switch (s) {
    case run_status::ok: return "ok";
    case run_status::not_checked: return "not checked";
    case run_status::interrupted: return "interrupted";
    case run_status::error: return "error";
  }
  return "error";
}

std::optional<run_status> run_status_from_string(std::string_view text) {
  for (const run_status s : all_run_statuses)
    if (to_string(s) == text) return s;
  return std::nullopt;
}

std::string_view to_string(claim_verdict v) {
  switch (v) {
    case claim_verdict::holds: return "holds";
    case claim_verdict::fails: return "fails";
    case claim_verdict::not_checked: return "not checked";
  }
  return "not checked";
}

std::optional<claim_verdict> claim_verdict_from_string(std::string_view text) {
  for (const claim_verdict v : {claim_verdict::holds, claim_verdict::fails, claim_verdict::not_checked})
    if (to_string(v) == text) return v;
  return std::nullopt;
}

}  // namespace tv::host
