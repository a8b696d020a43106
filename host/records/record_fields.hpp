// A record's fields that several parts of the code read (the report, the verdict summary,
// resume, the run's final line, compare), by name constant and typed accessor, so each
// field is spelled and defaulted in one place.  Every field, its type and unit:
// docs/record.schema.json.
#pragma once
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "host/records/outcome.hpp"

namespace tv::host {

/// The names of the fields read through the accessors below.
namespace record_field {
inline constexpr const char* status = "status";
inline constexpr const char* reason = "reason";
inline constexpr const char* error = "error";
inline constexpr const char* nodes = "nodes";
inline constexpr const char* claims = "claims";
inline constexpr const char* verdict = "verdict";
inline constexpr const char* instance_id = "instance_id";
}  // namespace record_field

/// @brief The record's status.  A record without one is `ok` (`info` and `check` records
/// carry no status: they exist only when every check ran); a status this build does not
/// know counts as `error`, so it is never taken for a result.
template <class Json>
run_status status_of(const Json& record) {
  const auto it = record.find(record_field::status);
  if (it == record.end()) return run_status::ok;
  if (!it->is_string()) return run_status::error;
  return run_status_from_string(it->template get<std::string>()).value_or(run_status::error);
}

/// @brief Sets the record's status field, spelled as records spell it.
template <class Json>
void set_status(Json& record, run_status s) {
  record[record_field::status] = std::string(to_string(s));
}

/// @brief Why the instance did not end `ok`: its `error`, else its `reason`, else "".
template <class Json>
std::string reason_of(const Json& record) {
  for (const char* key : {record_field::error, record_field::reason}) {
    const auto it = record.find(key);
    if (it != record.end() && it->is_string()) return it->template get<std::string>();
  }
  return {};
}

/// @brief A claim entry's verdict (an entry of the record's `claims` list, or of the
/// verdict summary); a missing or unknown one is `not_checked`.
template <class Json>
claim_verdict verdict_of(const Json& claim_entry) {
  const auto it = claim_entry.find(record_field::verdict);
  if (it == claim_entry.end() || !it->is_string()) return claim_verdict::not_checked;
  return claim_verdict_from_string(it->template get<std::string>()).value_or(claim_verdict::not_checked);
}

/// @brief N, or 0 where the record has none (refused before counting) or null.
template <class Json>
uint64_t nodes_of(const Json& record) {
  const auto it = record.find(record_field::nodes);
  if (it == record.end() || !it->is_number_integer()) return 0;
  return it->template get<int64_t>() < 0 ? 0 : it->template get<uint64_t>();
}

}  // namespace tv::host
