// Plots for the report, drawn by the embedded host/report/plots.py with python3 and
// matplotlib.  Neither is required: without them the report says plots were skipped.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tv::host::report {

struct plot {
  std::string file;   // name inside <dir>/plots/
  std::string title;
};

struct plot_set {
  std::vector<plot> plots;
  std::string skipped;  // why there are no plots ("" when the script ran)
};

/// @brief Draws the plots of the records into <dir>/plots/ (its old PNG files are
/// replaced).  The interpreter is $TOPOVERIFY_PYTHON, else python3 from PATH, then
/// /usr/bin/python3 (where Debian's python3-matplotlib lives) when the first lacks matplotlib.
plot_set make_plots(const std::vector<nlohmann::json>& latest, const std::string& dir);

}  // namespace tv::host::report
