// What a report says, independent of its format: tables built from the latest record of
// each instance.  render.hpp turns this into Markdown, HTML and CSV.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::report {

struct table {
  std::string title;
  std::string csv_name;  // file name of its CSV ("" for none)
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;      // as people read them
  std::vector<std::vector<std::string>> csv_rows;  // full precision, for tools
  std::string note;      // shown when there are no rows, or under the table
};

struct model {
  std::string title;
  std::string generated;        // "2024-05-01T12:00:00Z by topoverify 0.1.0 (commit ...)"
  std::string source_note;      // which file, how many records, lines ignored
  table environment;            // one row per machine the records were measured on
  table summary;                // instances by status
  table configs;                // batch files with their hashes
  table claims;                 // one row per claim id
  table claim_instances;        // one row per (claim, instance); CSV only
  table problems;               // instances not ok, with the reason
  std::vector<table> families;  // one statistics table per family
};

/// @brief The report of the latest records (records.hpp latest_records), given how many
/// lines the results file held and how many could not be read.
model build_model(const std::vector<nlohmann::json>& latest, size_t lines, int unreadable,
                  const std::string& results_path);

/// @brief Aggregate verdict of one claim over instances: "fails" if any fails, "holds"
/// if some hold and none fails, "not checked" otherwise.
std::string combine_verdicts(size_t holds, size_t fails);

/// @brief "lambda 1..4, n 1..12" for the values params took: integer runs as ranges,
/// other values listed.
std::string describe_domain(const std::vector<nlohmann::json>& params);

}  // namespace tv::host::report
