// Batch files (TOML): jobs with a family, parameter sweeps, checks, claims and limits.
// Parsing validates every key and expands every sweep before any work starts; errors
// name the file, line and column.  docs/batch-files.md documents every key.
//
//   output = "reports/postal"          # folder for results.jsonl and the report
//   backend = "auto"                   # auto | cpu | cuda
//   seed = 7                           # for checks that sample (default: none given)
//   limits = { time = "10m", memory = "4GiB", max_nodes = 1000000 }
//   checkpoint = "5m"                  # long all-pairs runs save progress ("off": never)
//   [[job]]
//   family = "postal"
//   lambda = [1, 2, 3]                 # a value, a list, or an integer range "1..9"
//   n = "1..12"
//   checks = ["counts"]
//   claims = ["pn.*"]                  # implies the claims check
//   [[claim]]                          # a claim of your own (claim_tables.cpp)
//   id = "radius-efc"
//   families = ["efc"]
//   holds = "radius == ceil(n/2)"
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"

namespace tv::host {

/// Per-instance limits; an unset one does not apply.  Time stops an instance cleanly at
/// its next step; memory and max_nodes refuse it before any work.
struct instance_limits {
  std::optional<double> time_s;          // wall time of one instance
  std::string time_text;                 // as written ("10m")
  std::optional<uint64_t> memory_bytes;  // estimated peak memory of the checks
  std::string memory_text;               // as written ("4GiB")
  std::optional<uint64_t> max_nodes;     // largest N

  bool any() const { return time_s || memory_bytes || max_nodes; }
  /// {"time": "10m", "memory": "4GiB", "max_nodes": 1000} with the keys that are set.
  nlohmann::json to_json() const;
};

/// Checkpoints of a long all-pairs run are written this often unless `checkpoint` says otherwise.
inline constexpr double default_checkpoint_s = 600;

/// Nodes up to which a comparison runs the metrics that cost all pairs or more.
inline constexpr uint64_t default_all_pairs_up_to = 65536;

/// A comparison of topologies (host/batch/comparison.hpp): its name, its metrics in
/// column order, and the size up to which it runs all pairs.
struct comparison_spec {
  std::string name;
  std::vector<std::string> metrics;
  uint64_t all_pairs_up_to = default_all_pairs_up_to;
};

struct job_instance {
  instance inst;
  std::vector<std::string> checks;   // as asked for; `claims = [...]` adds "claims"
  nlohmann::json check_options = nlohmann::json::object();  // {check: {option: value}}
  std::string job_name;
  std::string output;                // folder for its record (job's, else the batch's)
  std::string backend = "auto";      // job's, else the batch's
  std::optional<uint64_t> seed;      // job's, else the batch's, else none
  instance_limits limits;            // job's keys over the batch's
  /// Seconds between checkpoints of a long all-pairs run (job's, else the batch's, else
  /// ten minutes); 0: none.  Not part of the job's content: it changes no result.
  double checkpoint_s = default_checkpoint_s;
  /// "file:line:column" of each options table ("routing") and of each option in it
  /// ("routing.pairs"), for the messages of values refused before the run.
  std::map<std::string, std::string> option_where;
  /// The comparison it is part of ("" for none): a label, like the job's name, left out
  /// of its content identity; records carry it as "compare".
  std::string comparison;
  /// The comparison's metrics not run on this instance, and why ({metric, reason}): records
  /// carry them as "compare_skipped", the table marks their cells; no part of the content.
  std::vector<std::pair<std::string, std::string>> comparison_skipped;
};

struct batch_config {
  std::string source;         // file path, or "configs/default.toml (embedded)"
  std::string title;          // optional `title`, heads the report
  std::string output = "reports/default";
  std::string backend = "auto";
  std::string hash;           // hex digest of the config text, recorded with results
  std::vector<job_instance> instances;  // expanded, ordered small to large
  std::vector<comparison_spec> comparisons;  // its [[compare]] tables, in file order
  std::vector<std::string> warnings;    // e.g. repeated instances run once; printed by the runner
};

/// Most instances a batch may expand to unless `run --max-instances` says otherwise: the
/// count is checked before anything is materialized, so a runaway sweep costs a message.
inline constexpr uint64_t default_max_instances = 100000;

/// @brief Parses and validates a batch file's text; `source` names it in messages.
/// Counts the instances before expanding them and refuses more than `max_instances`;
/// an instance identical to an earlier one (same job content) is kept once, with a
/// warning.
batch_config parse_batch(const std::string& text, const std::string& source,
                         uint64_t max_instances = default_max_instances);

/// @brief Reads and parses a batch file; input_error if it is not a regular file or
/// cannot be read.
batch_config load_batch(const std::string& path, uint64_t max_instances = default_max_instances);

/// @brief The embedded copy of configs/default.toml.
const char* embedded_default_config();

/// @brief Stable 64-bit FNV-1a digest of a text, as 16 hex digits.
std::string text_hash(const std::string& text);

}  // namespace tv::host
