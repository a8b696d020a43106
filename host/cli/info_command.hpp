// `topoverify info FAMILY key=VALUES... [--check NAME]... [--json]`: runs checks on one
// instance or a sweep of them (values, lists `2,3,4`, ranges `1..20`, as `check` and batch
// files take them) and prints the records: as an indented table for one instance, one
// aligned row per instance for several, or one JSON record per line with --json.
#pragma once
#include <string>
#include <vector>

namespace tv::host {

struct info_request {
  std::string family;
  std::vector<std::string> params;  // key=VALUES
  std::vector<std::string> checks;  // empty: the default (see default_info_checks)
  std::vector<std::string> sets;    // --set CHECK.KEY=VALUE
  std::string backend = "auto";
  bool json = false;
};

/// Instances up to this many nodes get the `distances` check when info is given no
/// --check: the table's key statistics in well under a second or so; larger ones get
/// counts alone (an all-pairs run there can take hours) and the table says how to ask.
inline constexpr unsigned long long info_default_distances_nodes = 1ull << 15;

/// @brief Runs the request, printing on stdout; returns the exit code.  Bad input
/// (input_error) is raised before any instance runs.
int run_info(const info_request& request);

}  // namespace tv::host
