// What a report says, independent of its format: what ran against what was planned, the
// verdict summary (host/claims/summary.hpp, the one format check / run / claims share),
// and tables built from the latest record of each instance.  render_*.cpp turn this into
// Markdown, HTML and CSV.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/report/run_state.hpp"

namespace tv::host::report {

struct table {
  std::string title;
  std::string anchor;    // HTML id of its section ("" for none)
  std::string csv_name;  // file name of its CSV ("" for none)
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;      // as people read them
  std::vector<std::vector<std::string>> csv_rows;  // full precision, for tools
  std::string note;      // shown when there are no rows, or under the table
};

/// One network family's statistics.
struct family_section {
  std::string family;
  std::string ran;  // the parameter values actually run ("lambda = 1..4, n = 1..12")
  table stats;
};

struct model {
  std::string title;
  std::string generated;        // "2024-05-01T12:00:00Z by topoverify 0.1.0 (commit ...)"
  std::string source_note;      // which file, how many records, lines ignored
  run_state run;                // planned / finished / refused / interrupted / not run
  nlohmann::ordered_json verdicts;  // the verdict summary of the latest records
  table environment;            // one row per machine the records were measured on
  table configs;                // batch files with their hashes
  table claims;                 // CSV only: one row per claim, from `verdicts`
  table claim_instances;        // CSV only: one row per (claim, instance)
  table problems;               // instances not ok, with the reason
  std::vector<family_section> families;
  std::vector<table> comparisons;  // one per comparison of topologies (comparison.hpp)
};

/// @brief The report of the latest records (records.hpp latest_records), given how many
/// lines the results file held, how many could not be read, and the run's plan (record
/// keys of plan.json, when the folder has one).
model build_model(const std::vector<nlohmann::json>& latest, size_t lines, int unreadable,
                  const std::string& results_path,
                  const std::optional<std::vector<std::string>>& plan);


}  // namespace tv::host::report
