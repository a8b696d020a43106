// The report of an output folder: read records and the run plan, build the model, draw
// plots, write files.
#include "host/report/report.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/records/folder_lock.hpp"
#include "host/records/records.hpp"
#include "host/records/run_plan.hpp"
#include "host/report/model.hpp"
#include "host/report/plots.hpp"
#include "host/report/render.hpp"

namespace tv::host {

namespace fs = std::filesystem;

namespace {
/// Whole or not at all: a reader never sees half a report; a failed write names the
/// file and the error.
void write_file(const fs::path& path, const std::string& text) { write_file_whole(path.string(), text); }
}  // namespace

report_files render_report(const std::string& dir) {
  const fs::path results = fs::path(dir) / "results.jsonl";
  if (!fs::is_directory(dir)) throw input_error("report: '" + dir + "' is not a folder");
  if (!fs::exists(results)) throw input_error("report: '" + dir + "' holds no results.jsonl");
  // One writer per folder: a run writing here holds it (a run's own report shares it).
  const auto lock = lock_folder(dir);
  const records_file file = read_records_file(results.string());
  const std::vector<std::string> skipped = skipped_warnings(results.string(), file.skipped);
  if (file.records.empty() && !file.skipped.empty())
    throw input_error("report: " + results.string() + " holds no usable record (" +
                      std::to_string(file.skipped.size()) + " line(s) skipped; first: " + skipped.front() + ")");
  const auto& all = file.records;
  const auto latest = latest_records(all);
  const report::model m = report::build_model(latest, all.size(), static_cast<int>(file.skipped.size()),
                                              results.string(), read_run_plan(dir));
  const report::plot_set plots = report::make_plots(latest, m.verdicts, dir);

  report_files f;
  f.skipped = skipped;
  f.markdown = (fs::path(dir) / "report.md").string();
  f.html = (fs::path(dir) / "report.html").string();
  f.plots = plots.plots.size();
  f.plots_note = plots.skipped;
  f.failing_claims = m.verdicts["claims"].value("fails", size_t{0});  // claims, not instances
  f.failing_instances = m.verdicts["claims"].value("failing_instances", size_t{0});
  std::vector<const report::table*> tables = {&m.environment, &m.claims, &m.claim_instances,
                                              &m.problems};
  for (const auto& f : m.families) tables.push_back(&f.stats);
  for (const auto& c : m.comparisons) tables.push_back(&c);
  for (const report::table* t : tables) {
    if (t->csv_name.empty()) continue;
    const fs::path p = fs::path(dir) / t->csv_name;
    write_file(p, report::to_csv(*t));
    f.csv.push_back(p.string());
  }
  write_file(f.markdown, report::to_markdown(m, plots));
  write_file(f.html, report::to_html(m, plots, dir));
  return f;
}

}  // namespace tv::host
