// How much work an instance implies, on the progress display's ETA scale: the checks'
// costs as functions of N (all-pairs checks N times the edges, sampled simulations capped like the
// checks cap themselves, the rest N) plus a fixed per-instance overhead (process-side
// work, the record's synced write).  Only the ratios between instances matter: the ETA
// learns the seconds per unit (and how far the real growth differs) from the run itself.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"

namespace tv::host {

/// @brief Relative work of running `checks` (plus counts) on the instance with the job's
/// `check_options` ({check: {option: value}}, validated), which set how much some checks
/// sample; > 0.
double estimated_work(const instance& inst, const std::vector<std::string>& checks,
                      const nlohmann::json& check_options);

/// @brief What estimated_work counts for `check`, one of `checks` (which it may share work
/// with): the progress display's share of each check in its instance.  "counts" carries
/// the instance's fixed overhead.
double estimated_check_work(const instance& inst, const std::string& check, const std::vector<std::string>& checks,
                            const nlohmann::json& check_options);

}  // namespace tv::host
