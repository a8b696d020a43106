// A report model as Markdown (render_markdown.cpp), as one self-contained HTML page with
// the plots embedded as PNG (render_html.cpp), and its tables as CSV (to_csv, in
// render_common.cpp with what the two documents share).
// Both documents lead with the answer: what ran, then the verdicts per paper.
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

/// @brief The part of a claim's source after the paper ("Theorem 3" of "papers/000 (Wu,
/// Yang: The Postal Network), Theorem 3").
std::string source_within_paper(const std::string& source);

/// @brief "24 claims: 18 hold, 5 fail, 1 not checked" for a {total, holds, fails,
/// not_checked} object.
std::string claim_counts_text(const nlohmann::ordered_json& counts);

/// @brief "10 hold, 2 fail, 1 not checked, 3 outside its domain" (zero counts left out
/// but the first two) for a claim's instance counts.
std::string instance_counts_text(const nlohmann::ordered_json& instances);

}  // namespace tv::host::report
