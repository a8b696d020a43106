// Comparisons of topologies: several networks side by side over a range of sizes, by the
// metrics architects compare them by (docs/compare.md).  A comparison is
// a `[[compare]]` table of a batch file or `topoverify compare`; either way it becomes
// ordinary instances whose checks the metrics need, each tagged with the comparison's
// name, so runs, resumes, limits and records work as for any job; the report gathers
// the tagged records into the comparison's table and charts (host/report/comparison.hpp).
//
//   [[compare]]
//   name = "papers' networks against the classics"
//   metrics = ["diameter", "average_distance", "moore_efficiency"]   # default: every one
//   all_pairs_up_to = 65536          # larger: the exact diameter alone of the all-pairs metrics
//   networks = [ { family = "postal", lambda = 2, n = "10..20" },
//                { family = "torus", k = 4, n = "5..8", name = "4-ary n-cube" } ]
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "host/batch/config.hpp"

namespace tv::host {

/// @brief Every metric a comparison can show, in the table's column order: diameter,
/// average_distance, moore_efficiency, connectivity, fault_diameter, link_load (the most
/// loaded link under all-to-all traffic on shortest paths), bisection_width.  (N and the
/// degree are always shown.)
const std::vector<std::string>& comparison_metrics();

/// @brief The metrics whose checks this build has, in column order, but those asked for
/// by name alone (between endpoints, path diversity, cost): a comparison's default.
std::vector<std::string> built_comparison_metrics();

/// @brief The metrics of a comma list or a TOML list's strings, in column order;
/// input_error naming an unknown or repeated metric, or one whose check this build
/// lacks.  `where` prefixes the message ("file:line:column" or "--metrics").
std::vector<std::string> parse_comparison_metrics(const std::vector<std::string>& names,
                                                  const std::string& where);

/// @brief Makes `ji` (its instance set) one of the comparison's: its checks and their
/// options from the metrics and the instance's size, its job name and its tag.
void make_comparison_instance(job_instance& ji, const comparison_spec& c);

/// @brief One line per metric a comparison skips on some of its instances: on how many,
/// from which size, and why (compare prints them on stderr before it runs).
std::vector<std::string> comparison_skip_lines(const std::vector<job_instance>& instances);

}  // namespace tv::host
