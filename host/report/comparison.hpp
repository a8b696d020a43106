// The comparison tables of a report (and of `topoverify compare`): the latest records
// tagged with a comparison's name (host/batch/comparison.hpp), one row per network and
// size, ordered by N so that networks of about the same size sit together; a column per
// metric any row measured.  A cell is empty where the instance is larger than the
// comparison ran that metric for.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/report/model.hpp"

namespace tv::host::report {

/// @brief Each comparison's name with the stem of its files (CSV, chart), in the order the
/// records first name them: the name as a slug, made safe (host/records/file_names.hpp)
/// and unique.
std::vector<std::pair<std::string, std::string>> comparison_file_stems(const std::vector<nlohmann::json>& latest);

/// @brief Which of the latest records no comparison shows ([i] true: latest[i]): of one
/// network's records in one comparison (same family and parameters) all but one, that
/// of the folder's plan (the run now writing or last written), else the last recorded.
/// A run of the comparison with other settings (all_pairs_up_to, the metrics, a build
/// that runs a metric at other sizes) runs the instances whose checks changed again,
/// under new instance ids, beside the earlier records: one row per network, the current one.
std::vector<bool> superseded_comparison_records(const std::vector<nlohmann::json>& latest,
                                                const std::optional<std::vector<std::string>>& plan);

/// @brief One table per comparison, in the order the records first name them; titled
/// "Comparison: NAME", CSV compare-STEM.csv; one row per network, the note counting the
/// superseded records left out (superseded_comparison_records).
std::vector<table> comparison_tables(const std::vector<nlohmann::json>& latest,
                                     const std::optional<std::vector<std::string>>& plan = std::nullopt);

/// @brief The table as aligned text columns for a terminal.
std::string comparison_text(const table& t);

}  // namespace tv::host::report
