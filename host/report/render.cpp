// Markdown, HTML and CSV writers of a report model.
#include "host/report/render.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tv::host::report {

namespace {

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string md_table(const std::vector<std::string>& header,
                     const std::vector<std::vector<std::string>>& rows) {
  std::string s = "|";
  for (const auto& h : header) s += " " + md_cell(h) + " |";
  s += "\n|";
  for (size_t i = 0; i < header.size(); ++i) s += "---|";
  s += "\n";
  for (const auto& r : rows) {
    s += "|";
    for (const auto& c : r) s += " " + md_cell(c) + " |";
    s += "\n";
  }
  return s;
}

/// The environment reads better as key / value when there is a single machine.
std::pair<std::vector<std::string>, std::vector<std::vector<std::string>>> environment_layout(
    const table& t) {
  if (t.rows.size() != 1) return {t.header, t.rows};
  std::vector<std::vector<std::string>> rows;
  for (size_t i = 0; i < t.header.size() && i < t.rows[0].size(); ++i)
    rows.push_back({t.header[i], t.rows[0][i]});
  return {{"", ""}, rows};
}

std::string md_section(const table& t, const std::string& level) {
  std::string s = level + " " + t.title + "\n\n";
  if (!t.rows.empty()) s += md_table(t.header, t.rows) + "\n";
  if (!t.note.empty()) s += t.note + "\n\n";
  if (!t.csv_name.empty() && !t.rows.empty()) s += "CSV: `" + t.csv_name + "`\n\n";
  return s;
}

std::string html_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<std::string>>& rows, const std::string& cls) {
  std::string s = "<table class=\"" + cls + "\">\n";
  bool named = false;
  for (const auto& h : header) named = named || !h.empty();
  if (named) {  // key / value tables have no header row
    s += "<thead><tr>";
    for (const auto& h : header) s += "<th>" + html_escape(h) + "</th>";
    s += "</tr></thead>\n";
  }
  s += "<tbody>\n";
  for (const auto& r : rows) {
    s += "<tr>";
    for (const auto& c : r) s += "<td>" + html_escape(c) + "</td>";
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

std::string html_section(const table& t, const std::string& tag, const std::string& cls) {
  std::string s = "<" + tag + ">" + html_escape(t.title) + "</" + tag + ">\n";
  if (!t.rows.empty()) s += html_table(t.header, t.rows, cls);
  if (!t.note.empty()) s += "<p class=\"note\">" + html_escape(t.note) + "</p>\n";
  if (!t.csv_name.empty() && !t.rows.empty())
    s += "<p class=\"csv\">CSV: <code>" + html_escape(t.csv_name) + "</code></p>\n";
  return s;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const char* kStyle = R"CSS(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.2em 0.5em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } tbody tr:nth-child(even) { background: #fafafa; }
.stats { display: block; overflow-x: auto; }
.note { color: #555; font-style: italic; } .csv { font-size: 0.8em; color: #666; }
figure { margin: 1em 0; } figcaption { font-size: 0.9em; color: #444; }
img { max-width: 100%; border: 1px solid #ddd; }
td.verdict-fails { color: #a00; font-weight: bold; } td.verdict-holds { color: #060; }
)CSS";

}  // namespace

std::string base64(const std::string& in) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) |
                       (static_cast<unsigned char>(in[i + 1]) << 8) | static_cast<unsigned char>(in[i + 2]);
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += abc[(v >> 6) & 63];
    out += abc[v & 63];
  }
  if (i + 1 == in.size()) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16;
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += "==";
  } else if (i + 2 == in.size()) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) | (static_cast<unsigned char>(in[i + 1]) << 8);
    out += abc[(v >> 18) & 63];
    out += abc[(v >> 12) & 63];
    out += abc[(v >> 6) & 63];
    out += '=';
  }
  return out;
}

std::string to_csv(const table& t) {
  auto field = [](const std::string& s) {
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    for (size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + field(cells[i]);
    out += "\r\n";
  };
  line(t.header);
  for (const auto& r : t.csv_rows) line(r);
  return out;
}

std::string to_markdown(const model& m, const plot_set& plots) {
  std::string s = "# " + m.title + "\n\n";
  s += "Generated " + m.generated + ". " + m.source_note + "\n\n";
  const auto [eh, er] = environment_layout(m.environment);
  s += "## Environment\n\n" + md_table(eh, er) + "\n";
  if (!m.environment.note.empty()) s += m.environment.note + "\n\n";
  s += "## Summary\n\n" + md_table(m.summary.header, m.summary.rows) + "\n";
  if (!m.configs.rows.empty()) s += md_table(m.configs.header, m.configs.rows) + "\n";
  s += md_section(m.claims, "##");
  if (!m.claim_instances.rows.empty())
    s += "Verdicts per instance: `" + m.claim_instances.csv_name + "`\n\n";
  s += md_section(m.problems, "##");
  s += "## Statistics by family\n\n";
  for (const auto& t : m.families) {
    table titled = t;
    titled.title = t.title + " (" + std::to_string(t.rows.size()) + " instances)";
    s += md_section(titled, "###");
  }
  s += "## Plots\n\n";
  if (!plots.skipped.empty()) s += "*" + plots.skipped + ".*\n\n";
  else if (plots.plots.empty()) s += "No record carries data to plot.\n\n";
  for (const auto& p : plots.plots) s += "### " + p.title + "\n\n![" + p.title + "](plots/" + p.file + ")\n\n";
  return s;
}

std::string to_html(const model& m, const plot_set& plots, const std::string& dir) {
  std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                  html_escape(m.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  s += "<h1>" + html_escape(m.title) + "</h1>\n";
  s += "<p>Generated " + html_escape(m.generated) + ". " + html_escape(m.source_note) + "</p>\n";
  const auto [eh, er] = environment_layout(m.environment);
  s += "<h2>Environment</h2>\n" + html_table(eh, er, "environment");
  if (!m.environment.note.empty()) s += "<p class=\"note\">" + html_escape(m.environment.note) + "</p>\n";
  s += "<h2>Summary</h2>\n" + html_table(m.summary.header, m.summary.rows, "summary");
  if (!m.configs.rows.empty()) s += html_table(m.configs.header, m.configs.rows, "configs");
  std::string claims = html_section(m.claims, "h2", "claims");
  // Colour the verdict cells (second column) so a failing claim stands out.
  for (const char* v : {"fails", "holds"}) {
    const std::string from = "</td><td>" + std::string(v) + "</td>";
    const std::string to = "</td><td class=\"verdict-" + std::string(v) + "\">" + v + "</td>";
    for (size_t pos = 0; (pos = claims.find(from, pos)) != std::string::npos; pos += to.size())
      claims.replace(pos, from.size(), to);
  }
  s += claims;
  s += html_section(m.problems, "h2", "problems");
  s += "<h2>Statistics by family</h2>\n";
  for (const auto& t : m.families) {
    table titled = t;
    titled.title = t.title + " (" + std::to_string(t.rows.size()) + " instances)";
    s += html_section(titled, "h3", "stats");
  }
  s += "<h2>Plots</h2>\n";
  if (!plots.skipped.empty()) s += "<p class=\"note\">" + html_escape(plots.skipped) + ".</p>\n";
  else if (plots.plots.empty()) s += "<p class=\"note\">No record carries data to plot.</p>\n";
  for (const auto& p : plots.plots) {
    const std::string png = slurp((std::filesystem::path(dir) / "plots" / p.file).string());
    s += "<figure><img alt=\"" + html_escape(p.title) + "\" src=\"data:image/png;base64," + base64(png) +
         "\"><figcaption>" + html_escape(p.title) + "</figcaption></figure>\n";
  }
  // Records on the page whether every plot decoded, for scripts/check-report-html.sh
  // (headless Chromium) and for anyone curious; the page needs nothing else.
  s += "<script>window.addEventListener('load', function () { var im = document.images, ok = 0;"
       " for (var i = 0; i < im.length; i++) if (im[i].complete && im[i].naturalWidth > 0) ok++;"
       " document.body.setAttribute('data-plots-rendered', ok + '/' + im.length); });</script>\n";
  s += "</body>\n</html>\n";
  return s;
}

}  // namespace tv::host::report
