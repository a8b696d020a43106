// `topoverify report DIR` (also run at the end of `run`): report.md, a self-contained
// report.html and CSV tables from DIR/results.jsonl.
#pragma once
#include <string>
#include <vector>

namespace tv::host {

struct report_files {
  std::string markdown, html;    // paths written
  std::vector<std::string> csv;  // paths written
  size_t plots = 0;              // plots drawn
  std::string plots_note;        // why plots were skipped, or ""
  size_t failing_claims = 0;     // claims whose verdict over the latest records is "fails"
  size_t failing_instances = 0;  // instances on which some claim fails
  std::vector<std::string> skipped;  // the lines of results.jsonl left out, for warnings
};

/// @brief Renders the report of an output folder.  Raises input_error when DIR holds no
/// results.jsonl, or one whose lines are all unusable (each named in the message's
/// count; the first ones in `skipped`).  Each file is written whole (to a temporary
/// name, then renamed).
report_files render_report(const std::string& dir);

}  // namespace tv::host
