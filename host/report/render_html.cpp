// report.html: one self-contained page that leads with the answer.  Top to bottom: the
// title, what ran (planned / finished / refused / interrupted / not run), the claims'
// answer in one line, the contents, then the verdicts per paper (every claim with its
// statement, verdict, counts, where it fails and its smallest counterexample, the JSON in
// a collapsed detail, and the paper's verdict maps), instances not finished, statistics
// and plots per family, time per check, and the environment last.  Every section, paper,
// claim (its id), family and plot has an anchor.  No script; CSS keeps tables inside a
// 1,280 px window (long text wraps; statistics, one line a row, scroll in their own box:
// wrapped, a table of 50 columns squeezes each to its longest word) and turns
// the verdict table into cards at phone width.
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "host/report/cells.hpp"
#include "host/report/render.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::report {

namespace {

using ojson = nlohmann::ordered_json;

std::string esc(const std::string& s) {
  std::string out;
  out.reserve(s.size());
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

std::string str(const ojson& obj, const char* key) {
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string link(const std::string& anchor, const std::string& text) {
  return "<a href=\"#" + esc(anchor) + "\">" + esc(text) + "</a>";
}

std::string heading(const std::string& tag, const std::string& anchor, const std::string& text) {
  return "<" + tag + " id=\"" + esc(anchor) + "\">" + esc(text) + " <a class=\"self\" href=\"#" + esc(anchor) +
         "\" aria-label=\"link to this section\">#</a></" + tag + ">\n";
}

std::string plot_anchor(const plot& p) {
  return "plot-" + std::filesystem::path(p.file).stem().string();
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string figure(const plot& p, const std::string& dir) {
  const std::string png = slurp(std::filesystem::path(dir) / "plots" / p.file);
  std::string alt = p.title;
  for (size_t i = 0; i < p.panels.size(); ++i) alt += (i ? ", " : "; panels: ") + p.panels[i];
  return "<figure id=\"" + esc(plot_anchor(p)) + "\"><img alt=\"" + esc(alt) +
         "\" src=\"data:image/png;base64," + base64(png) + "\"><figcaption>" + link(plot_anchor(p), p.title) +
         "</figcaption></figure>\n";
}

std::string html_table(const table& t, const std::string& cls) {
  std::string s = "<table class=\"" + cls + "\">\n";
  bool named = false;
  for (const auto& h : t.header) named = named || !h.empty();
  if (named) {  // key / value tables have no header row
    s += "<thead><tr>";
    for (const auto& h : t.header) s += "<th>" + esc(h) + "</th>";
    s += "</tr></thead>\n";
  }
  s += "<tbody>\n";
  const std::string ellipsis = "\u2026";
  for (size_t i = 0; i < t.rows.size(); ++i) {
    s += "<tr>";
    for (size_t j = 0; j < t.rows[i].size(); ++j) {
      // A text cut short (cells.hpp) keeps its whole text a hover away.
      const std::string& c = t.rows[i][j];
      const bool cut = c.size() >= ellipsis.size() && c.compare(c.size() - ellipsis.size(), ellipsis.size(), ellipsis) == 0 &&
                       i < t.csv_rows.size() && j < t.csv_rows[i].size() && t.csv_rows[i][j] != c;
      s += (cut ? "<td title=\"" + esc(t.csv_rows[i][j]) + "\">" : std::string("<td>")) + esc(c) + "</td>";
    }
    s += "</tr>\n";
  }
  return s + "</tbody>\n</table>\n";
}

/// The environment reads better as key / value when there is a single machine.
table environment_layout(const table& t) {
  if (t.rows.size() != 1) return t;
  table kv = t;
  kv.header = {"", ""};
  kv.rows.clear();
  for (size_t i = 0; i < t.header.size() && i < t.rows[0].size(); ++i) kv.rows.push_back({t.header[i], t.rows[0][i]});
  return kv;
}

ojson paper_counts(const ojson& paper) {
  ojson c = {{"total", 0}, {"holds", 0}, {"fails", 0}, {"not_checked", 0}};
  for (const auto& claim : paper.value("claims", ojson::array())) {
    c["total"] = c["total"].get<int>() + 1;
    const claim_verdict v = verdict_of(claim);
    const char* key = v == claim_verdict::holds ? "holds" : v == claim_verdict::fails ? "fails" : "not_checked";
    c[key] = c[key].get<int>() + 1;
  }
  return c;
}

std::string paper_anchor(const ojson& paper) { return "paper-" + str(paper, "key"); }

/// "Authors: Title" for the contents, where the full reference would wrap.
std::string paper_name(const ojson& paper) {
  const std::string authors = str(paper, "authors"), title = str(paper, "title");
  return authors.empty() || title.empty() ? str(paper, "reference") : authors + ": " + title;
}

// ---- The first screen: what ran, the answer, the contents.

std::string run_box(const model& m) {
  const run_state& r = m.run;
  // Red when something is missing, green when complete, grey when the plan is unknown.
  const bool missing = r.interrupted || r.errors || r.not_run;
  const char* state = missing ? "incomplete" : r.complete ? "complete" : "unknown";
  std::string s = "<div class=\"run " + std::string(state) + "\" id=\"run\">\n<p>" +
                  esc(r.headline) + "</p>\n<ul class=\"counts\">";
  auto item = [&](const std::string& label, size_t n, bool always) {
    if (always || n) s += "<li><b>" + std::to_string(n) + "</b> " + esc(label) + "</li>";
  };
  if (r.plan_known) item("planned", r.planned, true);
  item("finished", r.finished, true);
  item("refused by limits", r.refused, true);
  item("interrupted", r.interrupted, true);
  item("in error", r.errors, !!r.errors);
  if (r.plan_known) item("not run", r.not_run, true);
  return s + "</ul>\n</div>\n";
}

std::string answer_line(const model& m) {
  const ojson& totals = m.verdicts.value("claims", ojson::object());
  if (totals.value("total", 0) == 0)
    return "<p class=\"answer\">No claim was checked: no record carries claim verdicts.</p>\n";
  std::string s = "<p class=\"answer\"><b>" + esc(claim_counts_text(totals)) + ".</b>";
  // The failing claims by name, so the first screen answers "which?"; a long list is cut
  // short to keep the verdict table on that screen (the contents give counts per paper).
  constexpr size_t named = 12;
  std::string failing;
  size_t fails = 0;
  for (const auto& paper : m.verdicts.value("papers", ojson::array()))
    for (const auto& c : paper.value("claims", ojson::array()))
      if (verdict_of(c) == claim_verdict::fails && fails++ < named)
        failing += (failing.empty() ? "" : ", ") + link(str(c, "id"), str(c, "id"));
  if (fails > named) failing += " and " + std::to_string(fails - named) + " more";
  if (!failing.empty()) s += " Failing: " + failing + ".";
  return s + "</p>\n";
}

std::string contents(const model& m, const plot_set& plots) {
  std::string s = "<nav class=\"toc\" aria-label=\"contents\">\n<ol>\n<li>" + link("verdicts", "Verdicts") + "<ul>\n";
  for (const auto& paper : m.verdicts.value("papers", ojson::array()))
    s += "<li>" + link(paper_anchor(paper), paper_name(paper)) + " <span class=\"muted\">" +
         esc(claim_counts_text(paper_counts(paper))) + "</span></li>\n";
  s += "</ul></li>\n<li>" + link("problems", "Instances not finished") + " (" + std::to_string(m.problems.rows.size()) +
       ")</li>\n";
  if (!m.comparisons.empty()) {
    s += "<li>" + link("comparisons", "Comparisons") + ": ";
    for (size_t i = 0; i < m.comparisons.size(); ++i)
      s += (i ? ", " : "") + link(m.comparisons[i].anchor, m.comparisons[i].title);
    s += "</li>\n";
  }
  s += "<li>" + link("statistics", "Statistics by family") + ": ";
  for (size_t i = 0; i < m.families.size(); ++i)
    s += (i ? ", " : "") + link(m.families[i].stats.anchor, m.families[i].family);
  s += "</li>\n";
  bool timing = false;
  for (const auto& p : plots.plots) timing = timing || p.kind == "time";
  if (timing) s += "<li>" + link("timing", "Time per check") + "</li>\n";
  s += "<li>" + link("environment", "Environment") + ", " + link("batches", "batch files") + "</li>\n</ol>\n</nav>\n";
  return s;
}

// ---- The verdicts.

std::string failure_cell(const ojson& c) {
  const claim_verdict verdict = verdict_of(c);
  std::string s;
  if (verdict == claim_verdict::fails) {
    s += "<div>at " + esc(str(c, "fails_at")) + "</div>";
    const ojson f = c.value("smallest_failure", ojson());
    if (f.is_object()) {
      s += "<div class=\"sentence\">" + esc(failure_sentence(f)) + "</div>";
      s += "<details><summary>smallest failure as JSON</summary><pre>" + esc(f.dump(1)) + "</pre></details>";
    }
  } else if (verdict == claim_verdict::not_checked) {
    s += "<div class=\"muted\">" + esc(str(c, "first_reason")) + "</div>";
  }
  return s;
}

std::string verdict_row(const ojson& c) {
  const std::string id = str(c, "id");
  const claim_verdict verdict = verdict_of(c);
  const std::string cls = verdict == claim_verdict::holds ? "holds" : verdict == claim_verdict::fails ? "fails" : "unchecked";
  std::string s = "<tr id=\"" + esc(id) + "\" class=\"" + cls + "\">";
  s += "<td data-label=\"claim\">" + link(id, id) + "<div class=\"muted\">" + esc(source_within_paper(str(c, "source"))) +
       "</div></td>";
  const std::string reading = str(c, "reading");
  s += "<td data-label=\"statement\">" + esc(str(c, "statement")) +
       (reading.empty() ? "" : "<div class=\"muted\">reading: " + esc(reading) + "</div>") + "</td>";
  s += "<td data-label=\"verdict\" class=\"verdict\">" + esc(std::string(host::to_string(verdict))) + "</td>";
  const std::string ran = str(c, "domain_run");
  s += "<td data-label=\"instances\">" + esc(instance_counts_text(c.value("instances", ojson::object()))) +
       (ran.empty() ? "" : "<div class=\"muted\">ran " + esc(ran) + "</div>") + "</td>";
  s += "<td data-label=\"where it fails\">" + failure_cell(c) + "</td>";
  return s + "</tr>\n";
}

std::string verdict_sections(const model& m, const plot_set& plots, const std::string& dir) {
  std::string s = "<section id=\"verdicts\">\n<h2>Verdicts</h2>\n";
  const ojson papers = m.verdicts.value("papers", ojson::array());
  if (papers.empty()) s += "<p class=\"note\">" + esc(m.claims.note) + "</p>\n";
  for (const auto& paper : papers) {
    s += "<section class=\"paper\">\n" + heading("h3", paper_anchor(paper), str(paper, "reference"));
    s += "<p class=\"muted\">" + esc(claim_counts_text(paper_counts(paper))) + ".</p>\n";
    s += "<table class=\"verdicts\">\n<colgroup><col class=\"c-id\"><col class=\"c-statement\"><col class=\"c-verdict\">"
         "<col class=\"c-instances\"><col class=\"c-fails\"></colgroup>\n<thead><tr><th>claim</th><th>statement</th>"
         "<th>verdict</th><th>instances</th><th>where it fails, smallest counterexample</th></tr></thead>\n<tbody>\n";
    for (const auto& c : paper.value("claims", ojson::array())) s += verdict_row(c);
    s += "</tbody>\n</table>\n";
    for (const auto& p : plots.plots)
      if (p.kind == "verdicts" && p.paper == str(paper, "key")) s += figure(p, dir);
    s += "</section>\n";
  }
  return s + "</section>\n";
}

// ---- After the answer: problems, statistics, timing, environment.

std::string problems_section(const model& m) {
  std::string s = "<section>\n" + heading("h2", m.problems.anchor, m.problems.title);
  if (m.run.not_run)
    s += "<p><b>" + std::to_string(m.run.not_run) + "</b> planned instance(s) have no record: the run stopped before "
         "reaching them.</p>\n";
  if (!m.problems.rows.empty()) s += "<div class=\"scroll\">" + html_table(m.problems, "problems") + "</div>\n";
  if (!m.problems.note.empty()) s += "<p class=\"note\">" + esc(m.problems.note) + "</p>\n";
  return s + "</section>\n";
}

std::string family_sections_html(const model& m, const plot_set& plots, const std::string& dir) {
  std::string s = "<section>\n" + heading("h2", "statistics", "Statistics by family");
  if (!plots.skipped.empty()) s += "<p class=\"note\">" + esc(plots.skipped) + ".</p>\n";
  for (const auto& f : m.families) {
    s += "<section class=\"family\">\n" + heading("h3", f.stats.anchor, f.stats.title);
    if (!f.ran.empty()) s += "<p class=\"muted\">ran " + esc(f.ran) + "</p>\n";
    // The plots first: a long table in a box of its own (scrolling both ways) after them.
    for (const auto& p : plots.plots)
      if (p.kind != "verdicts" && p.kind != "time" && p.kind != "compare" && p.family == f.family) s += figure(p, dir);
    s += "<div class=\"scroll tall\">" + html_table(f.stats, "stats") + "</div>\n";
    s += "<p class=\"csv\">CSV: <code>" + esc(f.stats.csv_name) + "</code></p>\n";
    s += "</section>\n";
  }
  return s + "</section>\n";
}

std::string comparison_sections(const model& m, const plot_set& plots, const std::string& dir) {
  if (m.comparisons.empty()) return "";
  std::string s = "<section>\n" + heading("h2", "comparisons", "Comparisons");
  for (const auto& c : m.comparisons) {
    s += "<section class=\"comparison\">\n" + heading("h3", c.anchor, c.title);
    // As the family sections: the chart first, the long table in a box of its own after it.
    for (const auto& p : plots.plots)
      if (p.kind == "compare" && p.family == c.title) s += figure(p, dir);
    s += "<div class=\"scroll tall\">" + html_table(c, "comparison") + "</div>\n";
    if (!c.note.empty()) s += "<p class=\"note\">" + esc(c.note) + "</p>\n";
    s += "<p class=\"csv\">CSV: <code>" + esc(c.csv_name) + "</code></p>\n</section>\n";
  }
  return s + "</section>\n";
}

std::string timing_section(const plot_set& plots, const std::string& dir) {
  std::string figures;
  for (const auto& p : plots.plots)
    if (p.kind == "time") figures += figure(p, dir);
  if (figures.empty()) return "";
  return "<section>\n" + heading("h2", "timing", "Time per check") + figures + "</section>\n";
}

std::string environment_section(const model& m) {
  std::string s = "<section>\n" + heading("h2", m.environment.anchor, m.environment.title);
  s += "<div class=\"scroll\">" + html_table(environment_layout(m.environment), "environment") + "</div>\n";
  if (!m.environment.note.empty()) s += "<p class=\"note\">" + esc(m.environment.note) + "</p>\n";
  s += heading("h3", m.configs.anchor, m.configs.title);
  s += "<div class=\"scroll\">" + html_table(m.configs, "configs") + "</div>\n";
  s += "<p class=\"muted\">" + esc(m.source_note) + " CSV tables beside this page: <code>claims.csv</code>, "
       "<code>claims-instances.csv</code>, <code>problems.csv</code>, <code>environment.csv</code>, "
       "<code>stats-FAMILY.csv</code>.</p>\n";
  return s + "</section>\n";
}

const char* kStyle = R"CSS(
body { font-family: system-ui, sans-serif; margin: 0 auto; padding: 0.5em 1em 2em; max-width: 80em; color: #222; line-height: 1.35; }
h1 { font-size: 1.5em; margin: 0.3em 0 0.1em; } h2 { border-bottom: 1px solid #ccc; margin-top: 1.6em; }
h3 { margin: 1.2em 0 0.3em; } a.self { color: #bbb; text-decoration: none; font-weight: normal; }
.muted, .csv, .generated { color: #666; font-size: 0.85em; } .note { color: #555; font-style: italic; }
.run { border-left: 6px solid; padding: 0.3em 0.8em; margin: 0.6em 0; }
.run p { margin: 0.2em 0; font-weight: 600; } .run.complete { border-color: #3a9d4a; background: #f1f8f2; }
.run.incomplete { border-color: #d3302f; background: #fdf0f0; } .run.unknown { border-color: #999; background: #f4f4f4; }
.counts { list-style: none; padding: 0; margin: 0.2em 0; display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; }
.answer { font-size: 1.05em; margin: 0.5em 0; }
.toc ol { margin: 0.3em 0; padding-left: 1.4em; } .toc ul { margin: 0; padding-left: 1.2em; }
table { border-collapse: collapse; margin: 0.4em 0 0.8em; font-size: 0.85em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.45em; text-align: left; vertical-align: top; }
th { background: #f2f2f2; } tbody tr:nth-child(even) { background: #fafafa; }
table.verdicts { width: 100%; table-layout: fixed; } table.verdicts td { overflow-wrap: anywhere; }
col.c-id { width: 11em; } col.c-verdict { width: 6.5em; } col.c-instances { width: 13em; } col.c-fails { width: 34%; }
tr.fails td.verdict { color: #b00; font-weight: bold; } tr.holds td.verdict { color: #267a34; }
tr.unchecked td.verdict { color: #666; } tr:target { outline: 2px solid #f5b400; }
.sentence { margin-top: 0.2em; }
details summary { cursor: pointer; color: #555; font-size: 0.9em; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24em; overflow: auto; background: #f6f6f6;
      padding: 0.4em; font-size: 0.85em; }
.scroll { overflow-x: auto; max-width: 100%; } .scroll table { margin: 0; }
.scroll.tall { max-height: 32em; overflow-y: auto; border: 1px solid #ddd; }
.scroll.tall thead th { position: sticky; top: 0; }
table.stats th, table.stats td { white-space: nowrap; }
figure { margin: 0.8em 0; } figcaption { font-size: 0.85em; color: #444; }
img { max-width: 100%; height: auto; border: 1px solid #ddd; }
@media (max-width: 700px) {
  body { padding: 0.3em 0.5em; }
  table.verdicts, table.verdicts tbody, table.verdicts tr, table.verdicts td { display: block; width: auto; }
  table.verdicts thead, table.verdicts colgroup { display: none; }
  table.verdicts tr { border: 1px solid #ccc; margin-bottom: 0.6em; }
  table.verdicts td { border: none; } table.verdicts td:empty { display: none; }
  table.verdicts td::before { content: attr(data-label) ": "; font-weight: 600; color: #555; }
}
)CSS";

}  // namespace

std::string to_html(const model& m, const plot_set& plots, const std::string& dir) {
  std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
                  esc(m.title) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  s += "<header>\n<h1 id=\"top\">" + esc(m.title) + "</h1>\n<p class=\"generated\">Generated " + esc(m.generated) +
       ".</p>\n";
  if (!plots.skipped.empty()) s += "<p class=\"note\">" + esc(plots.skipped) + ".</p>\n";
  s += run_box(m) + answer_line(m) + contents(m, plots) + "</header>\n<main>\n";
  s += verdict_sections(m, plots, dir);
  s += problems_section(m);
  s += comparison_sections(m, plots, dir);
  s += family_sections_html(m, plots, dir);
  s += timing_section(plots, dir);
  s += environment_section(m);
  return s + "</main>\n</body>\n</html>\n";
}

}  // namespace tv::host::report
