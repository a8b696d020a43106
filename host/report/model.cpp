// Report content from records.  Tables take whatever fields the records carry, so a new
// check's scalars show up without touching this file; a few well-known statistics are
// put first so the tables read the same across families.
#include "host/report/model.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <set>

#include "host/build_info.hpp"
#include "host/machine.hpp"

namespace tv::host::report {

namespace {

using json = nlohmann::json;

// Record keys that are bookkeeping, shown elsewhere in the report or not as a column.
const std::set<std::string> not_columns = {
    "family", "params", "checks", "backend", "device", "timings", "tool", "job",
    "requested_checks", "config", "config_title", "config_hash", "machine", "status", "reason",
    "error", "claims", "wall_s", "seed", "limits", "directed", "bits"};

// Statistics that lead the family tables, in this order, when records carry them.
const std::vector<std::string> leading_columns = {
    "nodes", "edges", "degree_min", "degree_max", "in_degree_min", "in_degree_max",
    "diameter", "radius", "wiener", "average_distance", "unreachable_pairs", "connected",
    "hamming_paths"};

std::string text(const json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v.get<double>());
    return buf;
  }
  return v.dump();
}

std::string raw(const json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  return v.dump();
}

bool scalar(const json& v) { return v.is_primitive(); }

std::string label_of(const json& r) {
  std::string s = r.value("family", "?");
  if (r.contains("params") && r["params"].is_object())
    for (auto it = r["params"].begin(); it != r["params"].end(); ++it)
      s += " " + it.key() + "=" + (it.value().is_string() ? it.value().get<std::string>() : it.value().dump());
  return s;
}

uint64_t nodes_of(const json& r) {
  const json& n = r.contains("nodes") ? r["nodes"] : json();
  return n.is_number_unsigned() || n.is_number_integer() ? n.get<uint64_t>() : 0;
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void add_row(table& t, std::vector<std::string> shown, std::vector<std::string> full) {
  t.rows.push_back(std::move(shown));
  t.csv_rows.push_back(std::move(full));
}

void add_row(table& t, const std::vector<std::string>& both) { add_row(t, both, both); }

table environment_table(const std::vector<json>& recs) {
  table t;
  t.title = "Environment";
  t.csv_name = "environment.csv";
  t.header = {"CPU", "cores", "threads", "memory", "GPU", "CUDA driver", "OS", "backend",
              "device", "tool", "instances"};
  // One row per distinct (machine, backend, device, tool): usually exactly one.
  std::map<std::string, std::pair<std::vector<std::string>, size_t>> rows;
  std::vector<std::string> order;
  for (const auto& r : recs) {
    const json m = r.contains("machine") && r["machine"].is_object() ? r["machine"] : json::object();
    const json tool = r.value("tool", json::object());
    std::vector<std::string> row = {
        text(m.value("cpu", json())),   text(m.value("cores", json())),
        text(m.value("threads", json())), text(m.value("memory", json())),
        text(m.value("gpu", json())),   text(m.value("cuda_driver", json())),
        text(m.value("os", json())),    text(r.value("backend", json())),
        text(r.value("device", json())),
        "topoverify " + text(tool.value("version", json("?"))) + " (" +
            text(tool.value("commit", json("?"))) + ")"};
    std::string key;
    for (const auto& c : row) key += c + "\x1f";
    auto it = rows.find(key);
    if (it == rows.end()) {
      rows[key] = {row, 1};
      order.push_back(key);
    } else {
      ++it->second.second;
    }
  }
  for (const auto& k : order) {
    auto row = rows[k].first;
    row.push_back(std::to_string(rows[k].second));
    add_row(t, row);
  }
  if (t.rows.empty()) {
    // No records with a machine description: say where the report was made instead.
    const auto& m = machine_description();
    add_row(t, {text(m["cpu"]), text(m["cores"]), text(m["threads"]), text(m["memory"]),
                text(m["gpu"]), text(m["cuda_driver"]), text(m["os"]), "", "",
                std::string("topoverify ") + tool_version() + " (" + tool_commit() + ")", "0"});
    t.note = "No record describes its machine; this row describes the machine that wrote the report.";
  }
  return t;
}

table summary_table(const std::vector<json>& recs) {
  table t;
  t.title = "Instances";
  t.header = {"status", "instances"};
  std::map<std::string, size_t> by;
  for (const auto& r : recs) ++by[r.value("status", "unknown")];
  for (const char* s : {"ok", "not checked", "error", "interrupted"})
    if (by.count(s)) add_row(t, {s, std::to_string(by[s])});
  for (const auto& [s, n] : by)
    if (s != "ok" && s != "not checked" && s != "error" && s != "interrupted")
      add_row(t, {s, std::to_string(n)});
  add_row(t, {"total", std::to_string(recs.size())});
  return t;
}

table configs_table(const std::vector<json>& recs) {
  table t;
  t.title = "Batch files";
  t.header = {"config", "title", "hash", "instances"};
  std::map<std::string, size_t> count;
  std::vector<std::pair<std::string, std::vector<std::string>>> order;
  for (const auto& r : recs) {
    const std::string hash = r.value("config_hash", "");
    if (!count[hash]++)
      order.push_back({hash, {r.value("config", ""), r.value("config_title", ""), hash}});
  }
  for (auto& [hash, row] : order) {
    row.push_back(std::to_string(count[hash]));
    add_row(t, row);
  }
  return t;
}

table problems_table(const std::vector<json>& recs) {
  table t;
  t.title = "Instances not checked, interrupted or in error";
  t.csv_name = "problems.csv";
  t.header = {"instance", "job", "status", "reason"};
  for (const auto& r : recs) {
    const std::string status = r.value("status", "unknown");
    if (status == "ok") continue;
    const std::string why = r.contains("error") ? text(r["error"]) : text(r.value("reason", json()));
    add_row(t, {label_of(r), r.value("job", ""), status, why});
  }
  if (t.rows.empty()) t.note = "Every instance ran to the end.";
  return t;
}

struct claim_tally {
  size_t holds = 0, fails = 0, unchecked = 0;
  size_t outside = 0;  // instances outside the claim's domain (not a gap in the check)
  std::map<std::string, std::vector<json>> checked_by_family;  // params with a verdict
  const json* worst = nullptr;           // smallest failing instance's record
  const json* worst_claim = nullptr;     // its claim entry
  std::set<std::string> reasons;         // why not checked
};

void claims_tables(const std::vector<json>& recs, table& summary, table& detail) {
  summary.title = "Claims";
  summary.csv_name = "claims.csv";
  summary.header = {"claim", "verdict", "holds", "fails", "not checked", "outside domain", "domain covered",
                    "counterexample (smallest failing instance)"};
  detail.title = "Claim verdicts per instance";
  detail.csv_name = "claims-instances.csv";
  detail.header = {"claim", "instance", "nodes", "verdict", "claimed", "measured",
                   "counterexample", "reason"};
  std::map<std::string, claim_tally> tally;
  std::vector<std::string> order;
  for (const auto& r : recs) {
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    for (const auto& c : r["claims"]) {
      if (!c.is_object()) continue;
      const std::string id = c.value("id", "?");
      if (!tally.count(id)) order.push_back(id);
      claim_tally& t = tally[id];
      const std::string verdict = c.value("verdict", "not checked");
      if (verdict == "holds" || verdict == "fails") {
        (verdict == "holds" ? t.holds : t.fails)++;
        t.checked_by_family[r.value("family", "?")].push_back(r.value("params", json::object()));
        if (verdict == "fails" && (!t.worst || nodes_of(r) < nodes_of(*t.worst))) {
          t.worst = &r;
          t.worst_claim = &c;
        }
      } else if (c.contains("reason") && c["reason"].is_string() &&
                 c["reason"].get<std::string>().rfind("outside the claim's domain", 0) == 0) {
        ++t.outside;  // e.g. a claim about one printed example, on the other instances
      } else {
        ++t.unchecked;
        if (c.contains("reason")) t.reasons.insert(text(c["reason"]));
      }
      add_row(detail, {id, label_of(r), std::to_string(nodes_of(r)), verdict,
                       raw(c.value("claimed", json())), raw(c.value("measured", json())),
                       raw(c.value("counterexample", json())), raw(c.value("reason", json()))});
    }
  }
  std::sort(order.begin(), order.end());
  for (const auto& id : order) {
    const claim_tally& t = tally.at(id);
    std::string domain;
    for (const auto& [fam, params] : t.checked_by_family)
      domain += (domain.empty() ? "" : "; ") + fam + " " + describe_domain(params) + " (" +
                std::to_string(params.size()) + ")";
    if (domain.empty()) domain = "none";
    std::string example;
    if (t.worst) {
      example = label_of(*t.worst) + ": claimed " + raw(t.worst_claim->value("claimed", json())) +
                ", measured " + raw(t.worst_claim->value("measured", json()));
      if (t.worst_claim->contains("counterexample") && !(*t.worst_claim)["counterexample"].is_null())
        example += ", " + raw((*t.worst_claim)["counterexample"]);
    } else if (!t.holds && !t.reasons.empty()) {
      for (const auto& why : t.reasons) example += (example.empty() ? "not checked: " : "; ") + why;
    }
    add_row(summary, {id, combine_verdicts(t.holds, t.fails), std::to_string(t.holds),
                      std::to_string(t.fails), std::to_string(t.unchecked), std::to_string(t.outside),
                      domain, example});
  }
  if (summary.rows.empty())
    summary.note = "No record carries claim verdicts (the claims check did not run on these instances).";
}

std::vector<table> family_tables(const std::vector<json>& recs) {
  std::vector<std::string> families;
  std::map<std::string, std::vector<const json*>> by;
  for (const auto& r : recs) {
    const std::string f = r.value("family", "?");
    if (!by.count(f)) families.push_back(f);
    by[f].push_back(&r);
  }
  std::vector<table> out;
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
    std::set<std::string> jobs, statuses;
    std::vector<std::string> params, others;
    std::set<std::string> seen_params, seen;
    for (const json* r : rows) {
      jobs.insert(r->value("job", ""));
      statuses.insert(r->value("status", ""));
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
          for (auto jt = it.value().begin(); jt != it.value().end(); ++jt)
            if (scalar(jt.value()) && seen.insert(it.key() + "." + jt.key()).second)
              others.push_back(it.key() + "." + jt.key());
        }
      }
    }
    std::vector<std::string> stats;
    for (const auto& c : leading_columns)
      for (const json* r : rows)
        if (r->contains(c)) {
          stats.push_back(c);
          break;
        }
    stats.insert(stats.end(), others.begin(), others.end());

    table t;
    t.title = f;
    t.csv_name = "stats-" + f + ".csv";
    const bool show_job = jobs.size() > 1;
    const bool show_status = statuses.size() > 1 || !statuses.count("ok");
    if (show_job) t.header.push_back("job");
    t.header.insert(t.header.end(), params.begin(), params.end());
    t.header.insert(t.header.end(), stats.begin(), stats.end());
    if (show_status) t.header.push_back("status");
    t.header.push_back("time (s)");
    for (const json* r : rows) {
      std::vector<std::string> shown, full;
      auto put = [&](const json& v) {
        shown.push_back(text(v));
        full.push_back(raw(v));
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
      if (show_status) put(r->value("status", json()));
      const json secs = r->value("wall_s", json());
      if (secs.is_number()) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.3f", secs.get<double>());
        shown.push_back(buf);
        full.push_back(raw(secs));
      } else {
        put(secs);
      }
      add_row(t, shown, full);
    }
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

std::string combine_verdicts(size_t holds, size_t fails) {
  if (fails) return "fails";
  if (holds) return "holds";
  return "not checked";
}

std::string describe_domain(const std::vector<json>& params) {
  std::vector<std::string> keys;
  std::map<std::string, std::vector<json>> values;
  for (const auto& p : params) {
    if (!p.is_object()) continue;
    for (auto it = p.begin(); it != p.end(); ++it) {
      if (!values.count(it.key())) keys.push_back(it.key());
      auto& v = values[it.key()];
      if (std::find(v.begin(), v.end(), it.value()) == v.end()) v.push_back(it.value());
    }
  }
  std::string out;
  for (const auto& k : keys) {
    auto v = values[k];
    std::string s;
    const bool all_int = std::all_of(v.begin(), v.end(), [](const json& x) { return x.is_number_integer(); });
    if (all_int) {
      std::vector<long long> n;
      for (const auto& x : v) n.push_back(x.get<long long>());
      std::sort(n.begin(), n.end());
      for (size_t i = 0; i < n.size();) {
        size_t j = i;
        while (j + 1 < n.size() && n[j + 1] == n[j] + 1) ++j;
        s += (s.empty() ? "" : ",") + std::to_string(n[i]);
        if (j > i) s += ".." + std::to_string(n[j]);
        i = j + 1;
      }
    } else {
      for (const auto& x : v) s += (s.empty() ? "" : ",") + x.dump();
    }
    out += (out.empty() ? "" : "; ") + k + "=" + s;
  }
  return out;
}

model build_model(const std::vector<json>& latest, size_t lines, int unreadable,
                  const std::string& results_path) {
  model m;
  std::set<std::string> titles;
  for (const auto& r : latest)
    if (r.contains("config_title")) titles.insert(text(r["config_title"]));
  m.title = "topoverify report";
  if (!titles.empty()) {
    std::string t;
    for (const auto& s : titles) t += (t.empty() ? "" : "; ") + s;
    m.title += ": " + t;
  }
  m.generated = utc_now() + " by topoverify " + tool_version() + " (commit " + tool_commit() + ")";
  m.source_note = "From `" + results_path + "`: " + std::to_string(lines) + " record(s), " +
                  std::to_string(latest.size()) + " instance(s) after taking the latest record of each.";
  if (unreadable)
    m.source_note += " " + std::to_string(unreadable) +
                     " unreadable line(s) ignored (a torn line from a crash while writing).";
  m.environment = environment_table(latest);
  m.summary = summary_table(latest);
  m.configs = configs_table(latest);
  claims_tables(latest, m.claims, m.claim_instances);
  m.problems = problems_table(latest);
  m.families = family_tables(latest);
  return m;
}

}  // namespace tv::host::report
