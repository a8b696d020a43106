// Plots for the report, drawn by the embedded host/report/plots.py (with plots_common.py,
// plots_run.py and plots_compare.py) with python3 and matplotlib.  Neither is required: without them the report says plots were skipped.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::report {

struct plot {
  std::string file;    // name inside <dir>/plots/
  std::string title;
  std::string kind;    // verdicts, distances, eccentricity, time, broadcast
  std::string family;  // the network family it shows ("" for all)
  std::string paper;   // the paper key of a verdict map ("" otherwise)
  std::vector<std::string> panels;  // what each panel shows, e.g. "directed=true"
};

struct plot_set {
  std::vector<plot> plots;
  std::string skipped;  // why there are no plots ("" when the script ran)
};

/// @brief Draws the plots of the records into <dir>/plots/ (its old PNG files are
/// replaced); verdict maps follow the papers and claim order of the verdict summary.  The interpreter is $TOPOVERIFY_PYTHON, else python3 from PATH, then
/// /usr/bin/python3 (where Debian's python3-matplotlib lives) when the first lacks matplotlib.
plot_set make_plots(const std::vector<nlohmann::json>& latest, const nlohmann::ordered_json& verdicts,
                    const std::string& dir);

}  // namespace tv::host::report
