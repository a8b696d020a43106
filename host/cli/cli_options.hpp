// Command-line options several commands share (run, info, check): --quiet / --verbose for
// the progress display, and --set CHECK.KEY=VALUE for per-check options.
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "host/batch/config.hpp"
#include "host/run/progress.hpp"

namespace tv::host {

/// @brief Adds --quiet (errors and the final summary only) and --verbose (a line per
/// instance and per step) to a command; they exclude each other.
void add_verbosity_flags(CLI::App& command, progress_verbosity& verbosity);

/// @brief Adds --set CHECK.KEY=VALUE (repeatable) to a command.
void add_set_option(CLI::App& command, std::vector<std::string>& sets);

/// @brief {check: {key: value}} from --set arguments; a VALUE that parses as JSON is
/// taken as such (numbers, booleans, lists), anything else as a string.  input_error for
/// a malformed argument, an unknown check, or options the check rejects.
nlohmann::json parse_set_options(const std::vector<std::string>& sets);

/// @brief Applies --set options to every job of the batches that runs the check, over the
/// batch file's own values, and folds them into each batch's hash (a run with other
/// options is another run of the batch for --resume).  input_error when no job of any
/// batch runs a check that --set names: an option that would change nothing.
void apply_set_options(std::vector<batch_config>& batches, const nlohmann::json& options);

}  // namespace tv::host
