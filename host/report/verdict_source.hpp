// Where the report takes its verdict summary and its "ran on" texts from.
// INTERIM: stands in for host/claims/summary.hpp's shared summary until it lands on main;
// then the report calls it directly and this file goes.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::report {

/// @brief The verdict summary of the latest records: {instances, claims, papers: [{key,
/// reference, claims: [{id, source, statement, verdict, instances {holds, fails,
/// not_checked, outside_domain}, domain_run, fails_at, smallest_failure, first_reason}]}]}.
nlohmann::ordered_json verdict_summary(const std::vector<nlohmann::json>& latest);

/// @brief The parameter values the records ran, per parameter ("lambda = 1..4, n = 1..12").
std::string ran_on(const std::vector<const nlohmann::json*>& records);

}  // namespace tv::host::report
