// The batch runner: runs every instance of one or more batch files, appending one JSON
// record per finished instance to <output>/results.jsonl.
#pragma once
#include <string>
#include <vector>

#include "host/config.hpp"

namespace tv::host {

struct run_options {
  bool resume = false;
  std::string output;   // overrides the batch file's output folder when non-empty
  std::string backend;  // overrides the batch file's backend when non-empty
};

/// @brief Runs the batches; returns the process exit code (0 all ran, 1 some errored).
/// Raises input_error before any work when the output folder or backend is unusable.
int run_batches(const std::vector<batch_config>& batches, const run_options& opt);

/// @brief Appends one line to a file and syncs it, so a crash leaves either the whole
/// line or none of it beyond the last newline.
void append_line_durably(const std::string& path, const std::string& line);

/// @brief The complete records of a results file; a torn last line (no newline, or not
/// valid JSON) is dropped and counted in `torn`.
std::vector<nlohmann::json> read_records(const std::string& path, int* torn = nullptr);

}  // namespace tv::host
