// Records as a reader wants them on a terminal: one instance as an indented table with
// nested objects as sub-tables and numbers rounded to 4 significant digits; several
// instances as one row each with the key statistics as aligned columns.  (--json prints
// records whole, with exact values.)
//
//   postal lambda=2 n=10                     lambda  n   N    edges  degree  diameter ...
//     nodes             144                  2       10  144  420    4..10   10
//     average_distance  4.113                2       11  233  744    4..11   11
//     all_pairs
//       sources         144
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief A number as a reader wants it: integers whole, others to 4 significant digits
/// (0.0006456820000000001 -> "0.0006457", 4.113053613 -> "4.113", 42348.5 -> "42349").
std::string readable_number(const nlohmann::ordered_json& x);

/// @brief One record as an indented table (family and parameters first).
std::string record_table(const nlohmann::ordered_json& record);

/// @brief One row per record: its swept parameters, then N, edges, degree, diameter,
/// radius, average distance, Wiener index and Hamming paths; "-" where a record has no
/// such field (the check that computes it did not run).
std::string records_table(const std::vector<nlohmann::ordered_json>& records);

}  // namespace tv::host
