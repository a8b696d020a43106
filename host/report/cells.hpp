// How record values read in report tables: numbers rounded for people, full precision
// for CSV, booleans and parameters spelled as the CLI spells them.
#pragma once
#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

namespace tv::host::report {

/// @brief A value for people: floats to 4 significant digits, true/false, text unquoted,
/// null as "".
std::string cell_text(const nlohmann::json& v);

/// @brief cell_text with text (not numbers) cut to at most `longest` bytes, at a space where one is near, with
/// "…" where it was cut: cell_text(json("sample of 64 targets in 16 batches"), 20) is
/// "sample of 64…".
std::string cell_text(const nlohmann::json& v, size_t longest);

/// @brief A value for tools (CSV): full precision, text unquoted, null as "".
std::string cell_raw(const nlohmann::json& v);

/// @brief "family key=value ..." with values spelled as the CLI does.
std::string instance_label(const nlohmann::json& record);

/// @brief The smallest counterexample of a claim in words: the summary's sentence, or
/// (records without one) "INSTANCE: claimed X, measured Y" when both are short, never a
/// wall of JSON.
std::string failure_sentence(const nlohmann::ordered_json& smallest_failure);

}  // namespace tv::host::report
