// Report content from records: the run against its plan, the shared verdict summary, and
// the tables (environment, batch files, problems, per-claim CSV).  Per-family statistics
// are family_sections.cpp's.
#include "host/report/model.hpp"
#include "host/units.hpp"

#include <ctime>
#include <map>
#include <set>

#include "host/claims/summary.hpp"
#include "host/build_info.hpp"
#include "host/records/machine.hpp"
#include "host/report/cells.hpp"
#include "host/report/comparison.hpp"
#include "host/report/family_sections.hpp"
#include "host/records/record_fields.hpp"

namespace tv::host::report {

namespace {

using json = nlohmann::json;

void add_row(table& t, std::vector<std::string> shown, std::vector<std::string> full) {
  t.rows.push_back(std::move(shown));
  t.csv_rows.push_back(std::move(full));
}

void add_row(table& t, const std::vector<std::string>& both) { add_row(t, both, both); }

table environment_table(const std::vector<json>& recs) {
  table t;
  t.title = "Environment";
  t.anchor = "environment";
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
        cell_text(m.value("cpu", json())),   cell_text(m.value("cores", json())),
        cell_text(m.value("threads", json())), cell_text(m.value("memory", json())),
        cell_text(m.value("gpu", json())),   cell_text(m.value("cuda_driver", json())),
        cell_text(m.value("os", json())),    cell_text(r.value("backend", json())),
        cell_text(r.value("device", json())),
        "topoverify " + cell_text(tool.value("version", json("?"))) + " (" +
            cell_text(tool.value("commit", json("?"))) + ")"};
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
    add_row(t, {cell_text(m["cpu"]), cell_text(m["cores"]), cell_text(m["threads"]), cell_text(m["memory"]),
                cell_text(m["gpu"]), cell_text(m["cuda_driver"]), cell_text(m["os"]), "", "",
                std::string("topoverify ") + tool_version() + " (" + tool_commit() + ")", "0"});
    t.note = "No record describes its machine; this row describes the machine that wrote the report.";
  }
  return t;
}

table configs_table(const std::vector<json>& recs) {
  table t;
  t.title = "Batch files";
  t.anchor = "batches";
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
  t.title = "Instances not finished";
  t.anchor = "problems";
  t.csv_name = "problems.csv";
  t.header = {"instance", "job", record_field::status, record_field::reason};
  for (const auto& r : recs) {
    const run_status status = status_of(r);
    if (status == run_status::ok) continue;
    add_row(t, {instance_label(r), r.value("job", ""), std::string(host::to_string(status)),
                host::reason_of(r)});
  }
  if (t.rows.empty()) t.note = "Every recorded instance finished.";
  return t;
}

table claims_table(const nlohmann::ordered_json& summary) {
  table t;
  t.title = "Claims";
  t.csv_name = "claims.csv";
  t.header = {"paper", "claim", "source", "verdict", "holds", "fails", "not checked", "outside domain",
              "ran on", "fails at", "smallest counterexample", "counterexample (JSON)", "not checked because"};
  for (const auto& paper : summary.value("papers", nlohmann::ordered_json::array()))
    for (const auto& c : paper.value("claims", nlohmann::ordered_json::array())) {
      const auto& n = c["instances"];
      const auto& f = c.value("smallest_failure", nlohmann::ordered_json());
      std::string example, witness;
      if (f.is_object()) {
        example = failure_sentence(f);
        witness = cell_raw(f.value("counterexample", json()));
      }
      add_row(t, {cell_raw(paper.value("reference", json())), cell_raw(c["id"]), cell_raw(c.value("source", json())),
                  cell_raw(c["verdict"]), cell_raw(n.value("holds", json())), cell_raw(n.value("fails", json())),
                  cell_raw(n.value("not_checked", json())), cell_raw(n.value("outside_domain", json())),
                  cell_raw(c.value("domain_run", json())), cell_raw(c.value("fails_at", json())), example, witness,
                  cell_raw(c.value("first_reason", json()))});
    }
  if (t.rows.empty()) t.note = "No record carries claim verdicts (the claims check did not run on these instances).";
  return t;
}

table claim_instances_table(const std::vector<json>& recs) {
  table t;
  t.title = "Claim verdicts per instance";
  t.csv_name = "claims-instances.csv";
  t.header = {"claim", "instance", "nodes", "verdict", "claimed", "measured", "counterexample", "reason"};
  for (const auto& r : recs) {
    if (!r.contains("claims") || !r["claims"].is_array()) continue;
    for (const auto& c : r["claims"]) {
      if (!c.is_object()) continue;
      add_row(t, {c.value("id", "?"), instance_label(r), std::to_string(host::nodes_of(r)),
                  std::string(host::to_string(verdict_of(c))),
                  cell_raw(c.value("claimed", json())), cell_raw(c.value("measured", json())),
                  cell_raw(c.value("counterexample", json())), cell_raw(c.value("reason", json()))});
    }
  }
  return t;
}

}  // namespace

model build_model(const std::vector<json>& latest, size_t lines, int unreadable, const std::string& results_path,
                  const std::optional<std::vector<std::string>>& plan) {
  model m;
  std::set<std::string> titles;
  for (const auto& r : latest)
    if (r.contains("config_title")) titles.insert(cell_text(r["config_title"]));
  m.title = "topoverify report";
  if (!titles.empty()) {
    std::string t;
    for (const auto& s : titles) t += (t.empty() ? "" : "; ") + s;
    m.title += ": " + t;
  }
  m.generated = utc_now() + " by topoverify " + tool_version() + " (commit " + tool_commit() + ")";
  m.source_note = "From " + results_path + ": " + std::to_string(lines) + " record(s), " +
                  std::to_string(latest.size()) + " instance(s) after taking the latest record of each.";
  if (unreadable)
    m.source_note += " " + std::to_string(unreadable) +
                     " unreadable line(s) skipped (torn by a crash, not JSON, or not of the record shape).";
  m.run = count_run(latest, plan);
  if (m.run.outside_plan)
    m.source_note += " " + std::to_string(m.run.outside_plan) +
                     " instance(s) recorded by an earlier run are not in the current plan; they are reported too.";
  m.verdicts = claims::verdict_summary(latest);
  m.environment = environment_table(latest);
  m.configs = configs_table(latest);
  m.claims = claims_table(m.verdicts);
  m.claim_instances = claim_instances_table(latest);
  m.problems = problems_table(latest);
  m.families = family_sections(latest);
  m.comparisons = comparison_tables(latest, plan);
  return m;
}

}  // namespace tv::host::report
