// One statistics table per network family: whatever scalar fields the records carry, so a
// new check's statistics show up without touching this file; a few well-known statistics
// lead so the tables read the same across families.
#include "host/report/family_sections.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

#include "host/records/domain_text.hpp"
#include "host/records/file_names.hpp"
#include "host/report/cells.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::report {

namespace {

using json = nlohmann::json;

// Record keys that are bookkeeping, shown elsewhere in the report or not as a column.
const std::set<std::string> not_columns = {
    "family", "params", "checks", "backend", "device", "timings", "tool", "job",
    "requested_checks", "config", "config_title", "config_hash", "machine", record_field::status, record_field::reason,
    "error", "claims", "wall_s", "seed", "limits", "directed", "bits"};

// Statistics that lead the family tables, in this order, when records carry them.
const std::vector<std::string> leading_columns = {
    "nodes", "edges", "degree_min", "degree_max", "in_degree_min", "in_degree_max",
    "diameter", "radius", "wiener", "average_distance", "unreachable_pairs", "connected",
    "hamming_paths"};

bool scalar(const json& v) { return v.is_primitive(); }

// Longest text a statistics cell shows.  The tables hold dozens of columns and scroll
// sideways, one line a row; prose a record carries (how a link load was sampled, 400
// characters) is cut there, the CSV keeping it whole.
constexpr size_t longest_cell = 48;

}  // namespace

std::vector<family_section> family_sections(const std::vector<json>& recs) {
  std::vector<std::string> families;
  std::map<std::string, std::vector<const json*>> by;
  for (const auto& r : recs) {
    const std::string f = r.value("family", "?");
    if (!by.count(f)) families.push_back(f);
    by[f].push_back(&r);
  }
  std::vector<family_section> out;
  for (const auto& f : families) {
    auto rows = by[f];
    // Sweeps read best in parameter order (lambda=1: n=1..12, then lambda=2: ...).
    std::stable_sort(rows.begin(), rows.end(), [](const json* a, const json* b) {
      const json pa = a->value("params", json::object()), pb = b->value("params", json::object());
      const std::string ja = a->value("job", ""), jb = b->value("job", "");
      return ja != jb ? ja < jb : pa < pb;
    });
    // Columns: job (when several), parameters, leading statistics, every other scalar
    // field and scalar field of a nested object, status (when not all ok), time.
    std::set<std::string> jobs;
    std::set<run_status> statuses;
    std::vector<std::string> params, others;
    std::set<std::string> seen_params, seen;
    // A field null in one record and a list or object in another (a link load's histogram:
    // a list when exact, null when sampled) is no column: a list is drawn, not tabled, and
    // an object's scalar fields are columns of their own.
    std::set<std::string> not_scalar;
    for (const json* r : rows) {
      jobs.insert(r->value("job", ""));
      statuses.insert(status_of(*r));
      if (r->contains("params") && (*r)["params"].is_object())
        for (auto it = (*r)["params"].begin(); it != (*r)["params"].end(); ++it)
          if (seen_params.insert(it.key()).second) params.push_back(it.key());
      for (auto it = r->begin(); it != r->end(); ++it) {
        if (not_columns.count(it.key())) continue;
        if (std::find(leading_columns.begin(), leading_columns.end(), it.key()) != leading_columns.end())
          continue;
        if (scalar(it.value())) {
          if (seen.insert(it.key()).second) others.push_back(it.key());
        } else if (it.value().is_object()) {
          not_scalar.insert(it.key());  // its scalar fields are the columns
          for (auto jt = it.value().begin(); jt != it.value().end(); ++jt)
            if (scalar(jt.value())) {
              if (seen.insert(it.key() + "." + jt.key()).second) others.push_back(it.key() + "." + jt.key());
            } else {
              not_scalar.insert(it.key() + "." + jt.key());
            }
        } else {
          not_scalar.insert(it.key());
        }
      }
    }
    others.erase(std::remove_if(others.begin(), others.end(),
                                [&](const std::string& c) { return not_scalar.count(c) > 0; }),
                 others.end());
    std::vector<std::string> stats;
    for (const auto& c : leading_columns)
      for (const json* r : rows)
        if (r->contains(c)) {
          stats.push_back(c);
          break;
        }
    stats.insert(stats.end(), others.begin(), others.end());

    family_section section;
    section.family = f;
    section.ran = describe_instances(rows);
    table& t = section.stats;
    t.title = f + " (" + std::to_string(rows.size()) + (rows.size() == 1 ? " instance)" : " instances)");
    t.anchor = "family-" + f;
    t.csv_name = "stats-" + safe_file_stem(f) + ".csv";
    const bool show_job = jobs.size() > 1;
    const bool show_status = statuses.size() > 1 || !statuses.count(run_status::ok);
    if (show_job) t.header.push_back("job");
    t.header.insert(t.header.end(), params.begin(), params.end());
    t.header.insert(t.header.end(), stats.begin(), stats.end());
    if (show_status) t.header.push_back(record_field::status);
    t.header.push_back("time (s)");
    for (const json* r : rows) {
      std::vector<std::string> shown, full;
      auto put = [&](const json& v) {
        shown.push_back(cell_text(v, longest_cell));
        full.push_back(cell_raw(v));
      };
      if (show_job) put(r->value("job", json()));
      for (const auto& p : params)
        put(r->contains("params") && (*r)["params"].contains(p) ? (*r)["params"][p] : json());
      for (const auto& c : stats) {
        const auto dot = c.find('.');
        if (dot == std::string::npos) {
          put(r->contains(c) ? (*r)[c] : json());
        } else {
          const std::string a = c.substr(0, dot), b = c.substr(dot + 1);
          put(r->contains(a) && (*r)[a].is_object() && (*r)[a].contains(b) ? (*r)[a][b] : json());
        }
      }
      if (show_status) put(json(std::string(host::to_string(status_of(*r)))));
      const json secs = r->value("wall_s", json());
      if (secs.is_number()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", secs.get<double>());
        shown.push_back(buf);
        full.push_back(cell_raw(secs));
      } else {
        put(secs);
      }
      t.rows.push_back(std::move(shown));
      t.csv_rows.push_back(std::move(full));
    }
    out.push_back(std::move(section));
  }
  return out;
}

}  // namespace tv::host::report
