// report.md, in the order of report.html: what ran, the claims' answer, the verdicts per
// paper (one table per paper, then the smallest counterexample of each failing claim),
// instances not finished, statistics and plots per family, time per check, environment.
#include "host/report/cells.hpp"
#include "host/report/render.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::report {

namespace {

using ojson = nlohmann::ordered_json;

/// Text from records (a title, a family's name, a claim's statement) as Markdown shows
/// it, never as HTML a Markdown viewer would render: report.html escapes it too.
std::string md_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : md_text(s)) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

std::string md_table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows) {
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

std::string str(const ojson& obj, const char* key) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string run_lines(const run_state& r) {
  std::string s = "**" + r.headline + "**\n\n";
  if (r.plan_known) s += "- planned: " + std::to_string(r.planned) + "\n";
  s += "- finished: " + std::to_string(r.finished) + "\n- refused by limits: " + std::to_string(r.refused) +
       "\n- interrupted: " + std::to_string(r.interrupted) + "\n";
  if (r.errors) s += "- in error: " + std::to_string(r.errors) + "\n";
  if (r.plan_known) s += "- not run: " + std::to_string(r.not_run) + "\n";
  return s + "\n";
}

std::string verdicts(const model& m) {
  std::string s = "## Verdicts\n\n";
  const ojson papers = m.verdicts.value("papers", ojson::array());
  if (papers.empty()) return s + md_text(m.claims.note) + "\n\n";
  const ojson totals = m.verdicts.value("claims", ojson::object());
  s += claim_counts_text(totals) + ".\n\n";
  for (const auto& paper : papers) {
    s += "### " + md_text(str(paper, "reference")) + "\n\n";
    std::vector<std::vector<std::string>> rows;
    for (const auto& c : paper.value("claims", ojson::array())) {
      const claim_verdict verdict = verdict_of(c);
      std::string where;
      if (verdict == claim_verdict::fails)
        where = "at " + str(c, "fails_at") + ": " + failure_sentence(c.value("smallest_failure", ojson()));
      else if (verdict == claim_verdict::not_checked)
        where = str(c, "first_reason");
      const std::string reading = str(c, "reading");
      rows.push_back({str(c, "id") + " (" + source_within_paper(str(c, "source")) + ")",
                      str(c, "statement") + (reading.empty() ? "" : " *Reading:* " + reading),
                      verdict == claim_verdict::fails ? "**fails**" : std::string(host::to_string(verdict)),
                      instance_counts_text(c.value("instances", ojson::object())), str(c, "domain_run"), where});
    }
    s += md_table({"claim", "statement", "verdict", "instances", "ran", "where it fails, smallest counterexample"}, rows) +
         "\n";
  }
  return s + "Full counterexamples: `claims.csv` (smallest per claim), `claims-instances.csv` (every instance).\n\n";
}

std::string plot_link(const plot& p) { return "![" + md_cell(p.title) + "](plots/" + p.file + ")\n\n"; }

}  // namespace

std::string to_markdown(const model& m, const plot_set& plots) {
  std::string s = "# " + md_text(m.title) + "\n\n";
  s += run_lines(m.run) + verdicts(m);
  for (const auto& p : plots.plots)
    if (p.kind == "verdicts") s += plot_link(p);
  s += "## Instances not finished\n\n";
  if (m.run.not_run)
    s += std::to_string(m.run.not_run) + " planned instance(s) have no record: the run stopped before reaching them.\n\n";
  if (!m.problems.rows.empty()) s += md_table(m.problems.header, m.problems.rows) + "\nCSV: `problems.csv`\n\n";
  if (!m.problems.note.empty()) s += md_text(m.problems.note) + "\n\n";
  if (!m.comparisons.empty()) s += "## Comparisons\n\n";
  for (const auto& c : m.comparisons) {
    s += "### " + md_text(c.title) + "\n\n" + md_table(c.header, c.rows) + "\n";
    if (!c.note.empty()) s += md_text(c.note) + "\n\n";
    s += "CSV: `" + c.csv_name + "`\n\n";
    for (const auto& p : plots.plots)
      if (p.kind == "compare" && p.family == c.title) s += plot_link(p);
  }
  s += "## Statistics by family\n\n";
  if (!plots.skipped.empty()) s += "*" + md_text(plots.skipped) + ".*\n\n";
  for (const auto& f : m.families) {
    s += "### " + md_text(f.stats.title) + "\n\n";
    if (!f.ran.empty()) s += "Ran " + md_text(f.ran) + ".\n\n";
    for (const auto& p : plots.plots)
      if (p.kind != "verdicts" && p.kind != "time" && p.kind != "compare" && p.family == f.family) s += plot_link(p);
    s += md_table(f.stats.header, f.stats.rows) + "\nCSV: `" + f.stats.csv_name + "`\n\n";
  }
  for (const auto& p : plots.plots)
    if (p.kind == "time") s += "## Time per check\n\n" + plot_link(p);
  table env = m.environment;
  if (env.rows.size() == 1) {  // one machine: key / value
    std::vector<std::vector<std::string>> kv;
    for (size_t i = 0; i < env.header.size() && i < env.rows[0].size(); ++i) kv.push_back({env.header[i], env.rows[0][i]});
    env.header = {"", ""};
    env.rows = kv;
  }
  s += "## Environment\n\n" + md_table(env.header, env.rows) + "\n";
  if (!env.note.empty()) s += md_text(env.note) + "\n\n";
  if (!m.configs.rows.empty()) s += md_table(m.configs.header, m.configs.rows) + "\n";
  s += "Generated " + m.generated + ". " + md_text(m.source_note) + "\n";
  return s;
}

}  // namespace tv::host::report
