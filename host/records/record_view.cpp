// Terminal renderings of records (see record_view.hpp).
#include "host/records/record_view.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace tv::host {

namespace {

using ojson = nlohmann::ordered_json;

constexpr size_t key_width = 22;  // the first column of a record table

std::string scalar_text(const ojson& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return readable_number(v);
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_null()) return "-";
  return v.dump();
}

bool is_scalar_list(const ojson& v) {
  return v.is_array() && std::all_of(v.begin(), v.end(), [](const ojson& x) { return x.is_primitive(); });
}

/// A list of scalars on one line: "[0, 14, 50]".
std::string list_text(const ojson& v) {
  std::string s = "[";
  for (const auto& x : v) s += (s.size() > 1 ? ", " : "") + scalar_text(x);
  return s + "]";
}

void put_object(std::string& out, const ojson& obj, int depth);

void put_entry(std::string& out, const std::string& key, const ojson& v, int depth) {
  const std::string indent(static_cast<size_t>(2 * depth), ' ');
  const size_t width = key_width > indent.size() - 2 ? key_width - (indent.size() - 2) : 1;
  if (v.is_object()) {
    out += indent + key + (v.empty() ? "  {}" : "") + "\n";
    put_object(out, v, depth + 1);
  } else if (v.is_array() && !is_scalar_list(v)) {
    out += indent + key + "\n";
    size_t i = 0;
    for (const auto& item : v) {
      if (item.is_object()) {
        out += indent + "  [" + std::to_string(i) + "]\n";
        put_object(out, item, depth + 2);
      } else {
        put_entry(out, "[" + std::to_string(i) + "]", item, depth + 1);
      }
      ++i;
    }
  } else {
    out += fmt::format("{}{:<{}} {}\n", indent, key, width, v.is_array() ? list_text(v) : scalar_text(v));
  }
}

void put_object(std::string& out, const ojson& obj, int depth) {
  for (auto it = obj.begin(); it != obj.end(); ++it) put_entry(out, it.key(), it.value(), depth);
}

std::string params_text(const ojson& params) {
  std::string s;
  for (auto it = params.begin(); it != params.end(); ++it)
    s += (s.empty() ? "" : " ") + it.key() + "=" + scalar_text(it.value());
  return s;
}

/// A check's number shown as an extra column: its heading, the record's object and key.
struct extra_column {
  std::string heading, object, key;
};

/// The `metrics` check's headline numbers as extra columns when some record has them: the
/// interpolated effective diameter at each percentile the first such record holds, then N
/// over the Moore bound.
std::vector<extra_column> metrics_columns(const std::vector<ojson>& records) {
  const std::string prefix = "effective_diameter_", suffix = "_interpolated";
  for (const auto& r : records) {
    if (!r.contains("metrics") || !r["metrics"].is_object()) continue;
    std::vector<extra_column> columns;
    for (auto it = r["metrics"].begin(); it != r["metrics"].end(); ++it) {
      const std::string& k = it.key();
      if (k.size() > prefix.size() + suffix.size() && k.compare(0, prefix.size(), prefix) == 0 &&
          k.compare(k.size() - suffix.size(), suffix.size(), suffix) == 0)
        columns.push_back({"eff. diam " + k.substr(prefix.size(), k.size() - prefix.size() - suffix.size()) + "%",
                           "metrics", k});
    }
    columns.push_back({"Moore eff.", "metrics", "moore_efficiency"});
    return columns;
  }
  return {};
}

/// The extra columns of the checks that ran on some record: metrics, then connectivity
/// (vertex and edge), the fault diameter, the maximum link load and the bisection width.
std::vector<extra_column> check_columns(const std::vector<ojson>& records) {
  std::vector<extra_column> columns = metrics_columns(records);
  auto some_has = [&](const char* object) {
    return std::any_of(records.begin(), records.end(), [&](const ojson& r) { return r.contains(object); });
  };
  if (some_has("connectivity")) {
    columns.push_back({"vertex conn.", "connectivity", "vertex_connectivity"});
    columns.push_back({"edge conn.", "connectivity", "edge_connectivity"});
  }
  if (some_has("fault_diameter")) columns.push_back({"fault diam.", "fault_diameter", "diameter"});
  if (some_has("link_load")) columns.push_back({"max link load", "link_load", "max_load"});
  if (some_has("bisection")) columns.push_back({"bisection", "bisection", "width"});
  return columns;
}

/// The text of an extra column in one record: "-" where it is absent; "inf" for a fault
/// diameter some failure made infinite.
std::string column_text(const ojson& r, const extra_column& column) {
  if (!r.contains(column.object) || !r[column.object].contains(column.key)) return "-";
  const ojson& value = r[column.object][column.key];
  if (value.is_null() && r[column.object].value("connected", true) == false) return "inf";
  return scalar_text(value);
}

}  // namespace

std::string readable_number(const ojson& x) {
  if (x.is_number_integer()) return x.dump();
  const double v = x.get<double>();
  if (!std::isfinite(v)) return x.dump();
  if (v == std::floor(v) && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  if (std::fabs(v) >= 1000 && std::fabs(v) < 1e15) return fmt::format("{:.0f}", v);
  return fmt::format("{:#.4g}", v);  // "#": keep trailing zeros, so columns line up
}

std::string record_table(const ojson& record) {
  std::string out = record.value("family", std::string("?"));
  if (record.contains("params")) out += " " + params_text(record["params"]);
  out += "\n";
  for (auto it = record.begin(); it != record.end(); ++it) {
    if (it.key() == "family" || it.key() == "params") continue;
    put_entry(out, it.key(), it.value(), 1);
  }
  return out;
}

std::string records_table(const std::vector<ojson>& records) {
  if (records.empty()) return "";
  // The parameters that vary between records get a column each; the fixed ones head the table.
  std::vector<std::string> keys;
  for (auto it = records.front()["params"].begin(); it != records.front()["params"].end(); ++it)
    keys.push_back(it.key());
  std::vector<std::string> varying, fixed;
  for (const auto& k : keys) {
    bool same = true;
    for (const auto& r : records) same = same && r["params"].value(k, ojson()) == records.front()["params"][k];
    (same && records.size() > 1 ? fixed : varying).push_back(k);
  }
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> head = varying;
  for (const char* h : {"N", "edges", "degree", "diameter", "radius", "avg distance", "Wiener index", "Hamming paths"})
    head.emplace_back(h);
  const auto extra = check_columns(records);
  for (const auto& column : extra) head.push_back(column.heading);
  rows.push_back(head);
  auto field = [](const ojson& r, const char* key) { return r.contains(key) ? scalar_text(r[key]) : "-"; };
  for (const auto& r : records) {
    std::vector<std::string> row;
    for (const auto& k : varying) row.push_back(scalar_text(r["params"].value(k, ojson())));
    row.push_back(field(r, "nodes"));
    row.push_back(field(r, "edges"));
    if (r.contains("degree_min") && r.contains("degree_max"))
      row.push_back(r["degree_min"] == r["degree_max"] ? scalar_text(r["degree_min"])
                                                      : scalar_text(r["degree_min"]) + ".." + scalar_text(r["degree_max"]));
    else
      row.push_back("-");
    row.push_back(field(r, "diameter"));
    row.push_back(field(r, "radius"));
    row.push_back(field(r, "average_distance"));
    row.push_back(field(r, "wiener"));
    row.push_back(!r.contains("hamming_paths") || r["hamming_paths"].is_null()
                      ? "-"
                      : r["hamming_paths"].is_boolean() ? (r["hamming_paths"].get<bool>() ? "yes" : "no")
                                                        : scalar_text(r["hamming_paths"]));
    for (const auto& column : extra) row.push_back(column_text(r, column));
    rows.push_back(row);
  }
  std::vector<size_t> width(head.size(), 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  std::string out = records.front().value("family", std::string("?"));
  for (const auto& k : fixed) out += " " + k + "=" + scalar_text(records.front()["params"][k]);
  out += "\n";
  for (const auto& row : rows) {
    std::string line = " ";
    for (size_t c = 0; c < row.size(); ++c) {
      // Numbers right-aligned under their heading, the parameters left-aligned.
      const bool numeric = c >= varying.size();
      line += " " + (numeric ? std::string(width[c] - row[c].size(), ' ') + row[c]
                             : row[c] + std::string(width[c] - row[c].size(), ' '));
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace tv::host
