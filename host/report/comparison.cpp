// Comparison tables (comparison.hpp) from the records a comparison tagged.
#include "host/report/comparison.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "host/records/file_names.hpp"
#include "host/records/instance_name.hpp"
#include "host/records/record_fields.hpp"
#include "host/records/records.hpp"
#include "host/report/cells.hpp"

namespace tv::host::report {

namespace {

using json = nlohmann::json;

/// A column: its heading, and where a record holds its value (null when it does not).
struct column {
  const char* heading;
  json (*value)(const json& r);
  const char* metric;  // the comparison metric it shows (host/batch/comparison.hpp)
  bool architects = false;  // shown only beside an architects' network (a record with `topology`)
  json (*raw)(const json& r) = nullptr;  // its CSV value where that is not `value`'s in full
};

/// Why the comparison did not run `metric` on record r ("" when it did): its
/// `compare_skipped` entry.
std::string skip_reason(const json& r, const char* metric) {
  if (!r.contains("compare_skipped") || !r["compare_skipped"].is_array()) return "";
  for (const json& s : r["compare_skipped"])
    if (s.is_object() && s.value("metric", std::string()) == metric) return s.value("reason", std::string("skipped"));
  return "";
}

json at(const json& r, const char* object, const char* key) {
  if (!r.contains(object) || !r[object].is_object()) return nullptr;
  return r[object].value(key, json());
}

json fault_diameter(const json& r) {
  if (!r.contains("fault_diameter")) return nullptr;
  const json& f = r["fault_diameter"];
  if (!f.value("connected", true)) return "disconnected";
  const json d = f.value("diameter", json());
  // A sample's largest diameter is a lower bound on the exact one.
  if (!d.is_null() && f.value("method", std::string()).find("sample") != std::string::npos)
    return ">= " + cell_text(d);
  return d;
}

/// "~v" where a seeded sample of source routers estimated v (the record's `exact` is false).
json sampled_mark(const json& r, const char* object, const json& v) {
  if (v.is_null() || at(r, object, "exact") != json(false)) return v;
  return "~" + cell_text(v);
}

json bisection_width(const json& r) {
  const json w = at(r, "bisection", "width");
  // The coordinate cuts' width bounds the bisection width from above.
  if (!w.is_null() && r["bisection"].value("method", std::string()).find("upper bound") != std::string::npos)
    return "<= " + cell_text(w);
  return w;
}

json endpoint_average_distance(const json& r) {
  return sampled_mark(r, "endpoints", at(r, "endpoints", "average_distance"));
}

/// A sampled link load's figures (link_load's `exact` false; host/checks/link_load_sample.hpp):
/// the 95% interval of the largest load, of which no value is estimated, and the mean
/// load over links, which is estimated tightly.
struct sampled_load {
  double low, high;  // max_load_ci95
  json mean;         // mean_load, or null
  json mean_ci95;    // its 95% interval, or null
};

std::optional<sampled_load> sampled_link_load(const json& r) {
  const json interval = at(r, "link_load", "max_load_ci95");
  if (at(r, "link_load", "exact") != json(false) || !interval.is_array() || interval.size() != 2 ||
      !interval[0].is_number() || !interval[1].is_number())
    return std::nullopt;
  return sampled_load{interval[0].get<double>(), interval[1].get<double>(), at(r, "link_load", "mean_load"),
                      at(r, "link_load", "mean_load_ci95")};
}

/// The interval's ends rounded outward to whole routes (a load counts routes), so it still
/// holds; an end within a relative 1e-9 of a whole number is that number, not one route out
/// (the estimates are sums of scaled loads: Q(8)'s lower end 127.99999999999896 is 128).
uint64_t whole(double x, bool up) {
  const double near = std::round(x);
  const double end = std::abs(x - near) <= 1e-9 * std::max(1.0, std::abs(x)) ? near : up ? std::ceil(x) : std::floor(x);
  return static_cast<uint64_t>(std::max(0.0, end));
}
uint64_t low_end(const sampled_load& s) { return whole(s.low, false); }
uint64_t high_end(const sampled_load& s) { return whole(s.high, true); }

/// An interval a reader can take as the largest load's value: its upper end at most twice
/// its lower.  At 64 sampled targets near 10^6 routers the upper end is 10^4 times the
/// lower (a sampled target's own links scaled up), and says nothing.
bool narrow(const sampled_load& s) { return high_end(s) <= 2 * low_end(s); }

/// A mean load for people: 4 significant digits, whole routes from 1000 up (not 5.243e+05).
std::string mean_text(double m) { return m >= 1000 ? std::to_string(std::llround(m)) : cell_text(json(m)); }

/// The largest link load: exact, its value; sampled, its 95% interval where narrow
/// ("3364..5000 (95%)"), else the interval's lower end and the mean load
/// (">= 524288 (95%), mean ~524288"), as the note under the table says (load_note).
json max_link_load(const json& r) {
  const auto s = sampled_link_load(r);
  if (!s) return at(r, "link_load", "max_load");
  const std::string low = std::to_string(low_end(*s));
  if (narrow(*s)) return low + ".." + std::to_string(high_end(*s)) + " (95%)";
  return ">= " + low + " (95%)" + (s->mean.is_number() ? ", mean ~" + mean_text(s->mean.get<double>()) : "");
}

/// The same for tools (CSV, compare --json): both ends and the mean at full precision,
/// whatever the interval's width.
json max_link_load_raw(const json& r) {
  const auto s = sampled_link_load(r);
  if (!s) return at(r, "link_load", "max_load");
  return cell_raw(json(s->low)) + ".." + cell_raw(json(s->high)) + " (95%)" +
         (s->mean.is_number() ? ", mean " + cell_raw(s->mean) : "");
}

/// What the sampled link-load cells of these rows mean ("" when none is sampled); the
/// mean's precision is the widest of theirs (its interval's half-width over it).
std::string load_note(const std::vector<const json*>& rows) {
  bool any_narrow = false, any_wide = false;
  double precision = -1;  // percent, -1: no row says
  for (const json* r : rows) {
    const auto s = sampled_link_load(*r);
    if (!s) continue;
    if (narrow(*s)) {
      any_narrow = true;
      continue;
    }
    any_wide = true;
    const json& ci = s->mean_ci95;
    if (s->mean.is_number() && s->mean.get<double>() > 0 && ci.is_array() && ci.size() == 2 && ci[0].is_number() &&
        ci[1].is_number())
      precision = std::max(precision, 50 * (ci[1].get<double>() - ci[0].get<double>()) / s->mean.get<double>());
  }
  if (!any_narrow && !any_wide) return "";
  std::string note =
      "max link load: a number is exact; over the exact bound the loads come from a seeded sample of targets, "
      "which gives no value of the largest load but a 95% interval for it: ";
  if (any_narrow) note += "lo..hi (95%) is that interval" + std::string(any_wide ? "; " : ".");
  if (any_wide) {
    char within[48] = "";
    if (precision >= 0)
      std::snprintf(within, sizeof within, ", estimated within \u00b1%.2g%%", std::max(precision, 0.01));
    note += "\">= lo (95%), mean ~m\" gives its lower end lo, where its upper end is over twice lo (too loose to "
            "read; CSV and JSON output have both ends), and m, the mean load over links" +
            std::string(within) + " (the largest load is at least the mean).";
  }
  return note;
}

json path_diversity_mean(const json& r) { return sampled_mark(r, "path_diversity", at(r, "path_diversity", "mean")); }

/// An architects' network's links per endpoint; elsewhere a node is router and endpoint
/// both, and an edge a cable: edges / N.
json cables_per_endpoint(const json& r) {
  if (r.contains("topology")) return at(r, "topology", "cables_per_endpoint");
  const json e = r.value("edges", json()), n = r.value("nodes", json());
  if (!e.is_number() || !n.is_number() || n.get<double>() == 0 || r.value("directed", false)) return nullptr;
  return e.get<double>() / n.get<double>();
}

// The metric columns, in comparison_metrics() order (host/batch/comparison.hpp).
const column metric_columns[] = {
    {"diameter", [](const json& r) { return r.value("diameter", json()); }, "diameter"},
    {"average distance", [](const json& r) { return r.value("average_distance", json()); }, "average_distance"},
    {"Moore efficiency", [](const json& r) { return at(r, "metrics", "moore_efficiency"); }, "moore_efficiency"},
    {"vertex connectivity", [](const json& r) { return at(r, "connectivity", "vertex_connectivity"); }, "connectivity"},
    {"edge connectivity", [](const json& r) { return at(r, "connectivity", "edge_connectivity"); }, "connectivity"},
    {"fault diameter (1 node)", fault_diameter, "fault_diameter"},
    {"max link load", max_link_load, "link_load", false, max_link_load_raw},
    {"bisection width", bisection_width, "bisection_width"},
    {"endpoint average distance", endpoint_average_distance, "endpoint_average_distance"},
    {"shortest paths per router pair", path_diversity_mean, "path_diversity"},
    {"cables per endpoint", cables_per_endpoint, "cables_per_endpoint", true},
};

std::string slug(const std::string& name) {
  std::string s;
  for (unsigned char c : name) {
    if (std::isalnum(c)) s += static_cast<char>(std::tolower(c));
    else if (!s.empty() && s.back() != '-') s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s.empty() ? "comparison" : s;
}

table one_table(const std::string& name, const std::string& stem, std::vector<const json*> rows, size_t superseded) {
  std::stable_sort(rows.begin(), rows.end(), [](const json* a, const json* b) { return host::nodes_of(*a) < host::nodes_of(*b); });
  table t;
  t.title = "Comparison: " + name;
  t.anchor = "compare-" + stem;
  t.csv_name = "compare-" + stem + ".csv";
  t.header = {"network", "family", "N", "degree"};
  std::vector<const column*> shown;
  // Cost per endpoint is read off every record (edges per node where a node is its own
  // endpoint), so it is shown where it was asked for: beside an architects' network.
  const bool architects = std::any_of(rows.begin(), rows.end(), [](const json* r) { return r->contains("topology"); });
  for (const column& c : metric_columns) {
    if (c.architects && !architects) continue;
    bool any = false;
    for (const json* r : rows) any = any || !c.value(*r).is_null() || !skip_reason(*r, c.metric).empty();
    if (any) {
      shown.push_back(&c);
      t.header.push_back(c.heading);
    }
  }
  bool gaps = false;
  // Each skipped metric once, at the smallest N it was skipped: "link_load from N = 8192 (why)".
  std::vector<std::pair<std::string, std::string>> skips;
  for (const json* r : rows) {
    const json degree = r->value("degree_min", json()) == r->value("degree_max", json())
                            ? r->value("degree_max", json())
                            : json(cell_text(r->value("degree_min", json())) + ".." +
                                   cell_text(r->value("degree_max", json())));
    std::vector<std::string> row = {instance_name(*r), r->value("family", std::string()),
                                    cell_text(r->value("nodes", json())), cell_text(degree)};
    std::vector<std::string> raw = {instance_name(*r), r->value("family", std::string()),
                                    cell_raw(r->value("nodes", json())), cell_raw(degree)};
    for (const column* c : shown) {
      const json v = c->value(*r);
      const std::string why = v.is_null() ? skip_reason(*r, c->metric) : "";
      if (!why.empty()) {
        if (std::none_of(skips.begin(), skips.end(), [&](const auto& k) { return k.first == c->metric; }))
          skips.emplace_back(c->metric, why);
        row.push_back("skipped");
        raw.push_back("skipped");
        continue;
      }
      gaps = gaps || v.is_null();
      row.push_back(cell_text(v));
      raw.push_back(cell_raw(c->raw ? c->raw(*r) : v));
    }
    const run_status status = status_of(*r);
    if (status != run_status::ok) row[0] += " (" + std::string(host::to_string(status)) + ")";
    t.rows.push_back(std::move(row));
    t.csv_rows.push_back(std::move(raw));
  }
  if (gaps)
    t.note = "An empty cell: the instance is larger than the comparison's all_pairs_up_to, so that metric "
             "was not run on it (the diameter then comes from the exact diameter alone), or it did not finish.";
  for (const auto& [metric, why] : skips)
    t.note += std::string(t.note.empty() ? "" : " ") + metric + " skipped: " + why + " (and on every larger instance).";
  if (std::any_of(shown.begin(), shown.end(), [](const column* c) { return c->value == max_link_load; })) {
    const std::string loads = load_note(rows);
    if (!loads.empty()) t.note += std::string(t.note.empty() ? "" : " ") + loads;
  }
  if (superseded)
    t.note += std::string(t.note.empty() ? "" : " ") + std::to_string(superseded) + " earlier record" +
              (superseded == 1 ? " of these networks, from a run of this comparison with other settings or by another "
                                 "build, is"
                               : "s of these networks, from runs of this comparison with other settings or by another "
                                 "build, are") +
              " left out: one row per network, from the current run.";
  return t;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> comparison_file_stems(const std::vector<json>& latest) {
  std::vector<std::pair<std::string, std::string>> stems;
  std::set<std::string> names, taken;
  for (const json& r : latest) {
    if (!r.contains("compare") || !r["compare"].is_string()) continue;
    const std::string name = r["compare"].get<std::string>();
    if (!names.insert(name).second) continue;
    // The slug reads well ("Fibonacci vs hypercube" -> fibonacci-vs-hypercube) but two
    // names can share it: the second gets -2, and so on.
    const std::string base = safe_file_stem(slug(name));
    std::string stem = base;
    for (int k = 2; !taken.insert(stem).second; ++k) stem = base + "-" + std::to_string(k);
    stems.emplace_back(name, stem);
  }
  return stems;
}

std::vector<bool> superseded_comparison_records(const std::vector<json>& latest,
                                                const std::optional<std::vector<std::string>>& plan) {
  std::set<std::string> planned;
  if (plan) planned.insert(plan->begin(), plan->end());
  // Per network of a comparison: the record shown so far, and whether the plan lists it.
  std::map<std::string, std::pair<size_t, bool>> shown;
  std::vector<bool> superseded(latest.size(), false);
  for (size_t i = 0; i < latest.size(); ++i) {
    const json& r = latest[i];
    if (!r.contains("compare") || !r["compare"].is_string()) continue;
    const std::string network = json::array({r["compare"], r.value("family", json()), r.value("params", json())}).dump();
    const bool in_plan = planned.count(record_key(r)) > 0;
    const auto [it, first] = shown.try_emplace(network, i, in_plan);
    if (first) continue;
    if (it->second.second && !in_plan) {  // the planned one stays
      superseded[i] = true;
      continue;
    }
    superseded[it->second.first] = true;  // else the later one replaces the earlier
    it->second = {i, in_plan};
  }
  return superseded;
}

std::vector<table> comparison_tables(const std::vector<json>& latest, const std::optional<std::vector<std::string>>& plan) {
  const std::vector<bool> superseded = superseded_comparison_records(latest, plan);
  std::map<std::string, std::vector<const json*>> by_name;
  std::map<std::string, size_t> left_out;
  for (size_t i = 0; i < latest.size(); ++i) {
    const json& r = latest[i];
    if (!r.contains("compare") || !r["compare"].is_string()) continue;
    const std::string name = r["compare"].get<std::string>();
    if (superseded[i]) ++left_out[name];
    else by_name[name].push_back(&r);
  }
  std::vector<table> tables;
  for (const auto& [name, stem] : comparison_file_stems(latest))
    tables.push_back(one_table(name, stem, by_name[name], left_out[name]));
  return tables;
}

std::string comparison_text(const table& t) {
  std::vector<size_t> width(t.header.size(), 0);
  auto widen = [&](const std::vector<std::string>& row) {
    for (size_t i = 0; i < row.size() && i < width.size(); ++i) width[i] = std::max(width[i], row[i].size());
  };
  widen(t.header);
  for (const auto& row : t.rows) widen(row);
  auto line = [&](const std::vector<std::string>& row) {
    std::string s;
    for (size_t i = 0; i < row.size(); ++i) {
      // Names left, numbers right, as people read columns of figures.
      const std::string pad(width[i] - row[i].size(), ' ');
      s += (i ? "  " : "") + (i < 2 ? row[i] + (i + 1 < row.size() ? pad : "") : pad + row[i]);
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();  // empty last cells
    return s + "\n";
  };
  std::string s = t.title + "\n\n" + line(t.header);
  for (const auto& row : t.rows) s += line(row);
  if (!t.note.empty()) s += "\n" + t.note + "\n";
  return s;
}

}  // namespace tv::host::report
