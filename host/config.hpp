// Batch files (TOML): jobs with a family, parameter sweeps and checks.  Parsing validates
// every key and expands every sweep before any work starts; errors name the file, line
// and column.
//
//   output = "reports/postal"          # folder for results.jsonl and the report
//   backend = "auto"                   # auto | cpu | cuda
//   [[job]]
//   family = "postal"
//   lambda = [1, 2, 3]                 # a value, a list, or an integer range "1..9"
//   n = "1..12"
//   checks = ["counts"]
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"

namespace tv::host {

struct job_instance {
  instance inst;
  std::vector<std::string> checks;
  nlohmann::json check_options = nlohmann::json::object();
  std::string job_name;
};

struct batch_config {
  std::string source;         // file path, or "configs/default.toml (embedded)"
  std::string output = "reports/default";
  std::string backend = "auto";
  std::string hash;           // hex digest of the config text, recorded with results
  std::vector<job_instance> instances;  // expanded, ordered small to large
};

/// @brief Parses and validates a batch file's text; `source` names it in messages.
batch_config parse_batch(const std::string& text, const std::string& source);

/// @brief Reads and parses a batch file; input_error if it cannot be read.
batch_config load_batch(const std::string& path);

/// @brief The embedded copy of configs/default.toml.
const char* embedded_default_config();

/// @brief Stable 64-bit FNV-1a digest of a text, as 16 hex digits.
std::string text_hash(const std::string& text);

}  // namespace tv::host
