// A report model as Markdown, as one self-contained HTML page (plots embedded as base64
// PNG), and its tables as CSV.
#pragma once
#include <string>

#include "host/report/model.hpp"
#include "host/report/plots.hpp"

namespace tv::host::report {

/// @brief report.md; plots are linked as plots/<file>.
std::string to_markdown(const model& m, const plot_set& plots);

/// @brief report.html with every plot read from <dir>/plots/ and embedded, so the one
/// file can be mailed.
std::string to_html(const model& m, const plot_set& plots, const std::string& dir);

/// @brief A table as RFC 4180 CSV: header line, then its csv_rows.
std::string to_csv(const table& t);

/// @brief Standard base64 of bytes (RFC 4648, with padding).
std::string base64(const std::string& bytes);

}  // namespace tv::host::report
