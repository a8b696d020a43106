// The report's per-family statistics: one table per network family.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "host/report/model.hpp"

namespace tv::host::report {

/// @brief One section per family, in the order families first appear in the records;
/// rows in parameter order, columns: job (when several), parameters, leading statistics,
/// every other field and field of a nested object that is scalar in every record holding
/// it, status (when not all ok), time.  Rows show text cut to one short line; csv_rows
/// hold it whole.
std::vector<family_section> family_sections(const std::vector<nlohmann::json>& latest);

}  // namespace tv::host::report
