// The report's per-family statistics: one table per network family.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "host/report/model.hpp"

namespace tv::host::report {

/// @brief One section per family, in the order families first appear in the records;
/// rows in parameter order, columns: job (when several), parameters, leading statistics,
/// every other scalar field and scalar field of a nested object, status (when not all ok),
/// time.
std::vector<family_section> family_sections(const std::vector<nlohmann::json>& latest);

}  // namespace tv::host::report
