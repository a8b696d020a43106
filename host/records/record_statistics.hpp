// The statistics a record carries, as one table: each number or truth value a check
// writes into a record (README.md's tables of record keys), by its path in the record
// ("diameter", "metrics.effective_diameter_90", "broadcast.rounds_max"), its type and the
// checks that write it.  Claims written as expressions (host/claims/expression_claim.hpp)
// read their names from here, and run the checks the names they read need.  Each row is
// declared with the same type in the record's schema, docs/record.schema.json (a test
// holds the two together: tests/host/records/record_statistics_test.cpp).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

struct record_statistic {
  enum class kind { integer, real, boolean };
  std::string path;                 // dotted path into the record
  kind type = kind::integer;
  std::vector<std::string> checks;  // the checks that write it, the cheapest first
  std::string what;                 // one line for the user guide and `--help`
};

/// @brief Every field, in the order the checks run (counts first).  Effective diameters
/// are listed for every percentile 1..100 (the metrics check reports the ones asked for).
const std::vector<record_statistic>& record_statistics();

/// @brief The field at a path, or null.
const record_statistic* find_record_statistic(const std::string& path);

/// @brief Follows a dotted path "a.b.c" from `root`, one key at a time: `step(node, key)`
/// gives the node under `key`, or null to stop (then the result is null).
template <class Node, class Step>
const Node* walk_dotted_path(const Node& root, const std::string& path, Step step) {
  const Node* at = &root;
  size_t from = 0;
  while (true) {
    const size_t dot = path.find('.', from);
    const std::string key = path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
    at = step(*at, key);
    if (!at || dot == std::string::npos) return at;
    from = dot + 1;
  }
}

/// @brief The value at a dotted path of a record (nlohmann::json or ordered_json), or
/// null when a key on the way is absent.
template <class Json>
const Json* value_at_path(const Json& record, const std::string& path) {
  return walk_dotted_path(record, path, [](const Json& at, const std::string& key) -> const Json* {
    return at.is_object() && at.contains(key) ? &at[key] : nullptr;
  });
}

/// @brief The percentile P of "metrics.effective_diameter_P[_interpolated]", else 0.
int effective_diameter_percentile(const std::string& path);

}  // namespace tv::host
