// The one line a run ends with on stderr: its instances by status, its claims by
// verdict (a claim counts once, with its verdict over every instance it ran on), and
// the wall time, e.g.
//   topoverify: 255 instances: 255 ok · 61 claims: 56 hold, 5 fail · 17.9 s
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host {

/// @brief The summary line of a run from the latest record of each of its instances.
std::string run_summary_line(const std::vector<nlohmann::json>& records, double wall_s);

}  // namespace tv::host
