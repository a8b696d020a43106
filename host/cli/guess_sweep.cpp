// Measuring an invariant over a sweep (see guess_sweep.hpp).
#include "host/cli/guess_sweep.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include <fmt/format.h>

#include "host/batch/sweep_args.hpp"
#include "host/claims/expression_claim.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/records/instance_name.hpp"
#include "host/records/record_fields.hpp"
#include "host/units.hpp"
#include "host/guess/formula.hpp"
#include "host/messages.hpp"
#include "kernels/expr/parser.hpp"

namespace tv::host {

std::string invariant_spec::at(const std::string& t, int64_t v) const {
  return each.empty() ? t : guess::with_value(t, each, v);
}

namespace {

/// --each's values: integers, ranges a..b, comma lists of both.
std::vector<int64_t> each_values(const std::string& key, const std::string& text) {
  std::vector<int64_t> out;
  size_t from = 0;
  while (from <= text.size()) {
    const size_t comma = std::min(text.find(',', from), text.size());
    const std::string part = text.substr(from, comma - from);
    if (part.find("..") != std::string::npos) {
      for (const auto& v : expand_integer_range(key, part)) out.push_back(std::stoll(v));
    } else {
      size_t used = 0;
      try {
        out.push_back(std::stoll(part, &used));
      } catch (const std::exception&) {
        used = 0;
      }
      if (part.empty() || used != part.size())
        throw input_error("--each " + key + "='" + echo_value(text) + "': '" + echo_value(part) +
                          "' is not an integer or a range a..b");
    }
    from = comma + 1;
  }
  std::sort(out.begin(), out.end());
  if (std::adjacent_find(out.begin(), out.end()) != out.end())
    throw input_error("--each " + key + " takes a value twice");
  if (out.size() < 2) throw input_error("--each " + key + " needs several values, e.g. " + key + "=0..6");
  return out;
}

}  // namespace

invariant_spec parse_invariant(const std::string& invariant, const std::string& each, const std::string& family) {
  invariant_spec spec;
  spec.text = invariant;
  expr::name_table names = claims::claim_names(family);
  if (!each.empty()) {
    const size_t eq = each.find('=');
    if (eq == std::string::npos || eq == 0)
      throw input_error("--each '" + echo_value(each) + "' is not NAME=VALUES, e.g. --each k=0..6");
    spec.each = each.substr(0, eq);
    const auto functions = expr::function_names();
    const bool identifier = std::isalpha(static_cast<unsigned char>(spec.each[0])) &&
                            spec.each.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos;
    if (!identifier) throw input_error("--each: '" + echo_value(spec.each) + "' is not a name (letters, digits, _)");
    if (names.find(spec.each) || std::find(functions.begin(), functions.end(), spec.each) != functions.end())
      throw input_error("--each: '" + spec.each + "' is already a name an expression reads on " + family + "; choose another");
    spec.each_values = each_values(spec.each, each.substr(eq + 1));
    names.add(spec.each, {expr::scalar::integer, false});
  }
  expr::expression e;
  try {
    e = expr::parse(invariant, names);
  } catch (const expr::expr_error& err) {
    throw input_error("invariant \"" + invariant + "\": " + err.what());
  }
  const expr::value_type t = e.type();
  if (t.per_node)
    throw input_error("invariant \"" + invariant + "\" is a " + expr::type_name(t) +
                      ": guess fits one number per instance; reduce it, e.g. count(degree == 2) or max(eccentricity)");
  if (t.s != expr::scalar::integer && t.s != expr::scalar::rational)
    throw input_error("invariant \"" + invariant + "\" is " + expr::type_name(t) +
                      ": guess fits integers and exact rationals (average_distance is wiener / (N*(N - 1)) * 2)");
  if (!spec.each.empty()) {
    const auto read = e.names_read();
    if (std::none_of(read.begin(), read.end(), [&](int id) { return names.at(id).name == spec.each; }))
      throw input_error("--each " + spec.each + ": the invariant \"" + invariant + "\" does not read " + spec.each);
  }
  return spec;
}

std::vector<std::string> varying_parameters(const std::string& family, const std::vector<std::string>& params) {
  const std::vector<instance> insts = expand_sweep(family, params);
  std::vector<std::string> out;
  for (const std::string& arg : params) {
    const std::string key = arg.substr(0, arg.find('='));
    std::set<std::string> values;
    bool integer = true;
    for (const auto& inst : insts)
      if (inst.params.contains(key)) {
        values.insert(inst.params[key].dump());
        integer = integer && inst.params[key].is_number_integer();
      }
    if (values.size() < 2) continue;
    if (!integer)
      throw input_error("guess fits formulas over integer parameters; '" + key +
                        "' takes several values that are not integers: give it one");
    out.push_back(key);
  }
  if (out.empty())
    throw input_error("guess needs a sweep: give a parameter several values, e.g. n=1..12");
  return out;
}

namespace {

std::string key_of(const std::string& arg) { return arg.substr(0, arg.find('=')); }

/// The claim entry that measured the invariant at the j-th value of --each (claim.j+1).
const nlohmann::json* measuring_entry(const nlohmann::json& record, size_t j) {
  const auto claims = record.find(record_field::claims);
  if (claims == record.end() || !claims->is_array()) return nullptr;
  const std::string id = "claim." + std::to_string(j + 1);
  for (const auto& c : *claims)
    if (c.value("id", "") == id) return &c;
  return nullptr;
}

/// The table's parameters that are the family's (all but --each's name).
std::vector<std::string> varying_parameters_of(const std::vector<std::string>& parameters, const invariant_spec& inv) {
  if (inv.each.empty()) return parameters;
  return {parameters.begin() + 1, parameters.end()};
}

/// The value the entry measured: an integer, or a rational's text "7/2".
std::optional<expr::value> measured_value(const nlohmann::json& entry) {
  if (verdict_of(entry) != claim_verdict::holds || !entry.contains("measured") || !entry["measured"].is_array() ||
      entry["measured"].empty())
    return std::nullopt;
  const nlohmann::json& v = entry["measured"][0]["value"];
  if (v.is_number_integer()) return expr::value::integer(v.get<int64_t>());
  if (!v.is_string()) return std::nullopt;
  const std::string s = v.get<std::string>();
  const size_t slash = s.find('/');
  if (slash == std::string::npos) return std::nullopt;
  try {
    return expr::make_rational(std::stoll(s.substr(0, slash)), std::stoll(s.substr(slash + 1)), 1);
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

std::string why_missing(const nlohmann::json& record, const nlohmann::json* entry) {
  if (entry && entry->contains(record_field::reason) && (*entry)[record_field::reason].is_string())
    return (*entry)[record_field::reason];
  const std::string why = reason_of(record);
  return why.empty() ? "the invariant has no value" : why;
}

}  // namespace

measured_sweep measure_sweep(const check_request& base, const invariant_spec& invariant) {
  measured_sweep out;
  out.table.parameters = varying_parameters(base.family, base.params);
  const std::vector<int64_t> each = invariant.each.empty() ? std::vector<int64_t>{0} : invariant.each_values;
  if (!invariant.each.empty()) out.table.parameters.insert(out.table.parameters.begin(), invariant.each);
  check_request r = base;
  r.claims.clear();
  r.expressions.clear();
  for (int64_t v : each) {
    const std::string text = invariant.at(invariant.text, v);
    r.expressions.push_back("(" + text + ") == (" + text + ")");
  }
  r.when.clear();
  r.output.clear();
  std::vector<nlohmann::json> records;
  check_outputs o;
  o.print = false;
  o.records = &records;
  out.rc = run_check(r, nullptr, o);
  if (out.rc == exit_claim_failed) out.rc = exit_ok;  // x == x cannot fail; nothing else did

  std::map<std::string, std::set<std::string>> values;
  for (const auto& record : records) {
    const nlohmann::json& params = record.contains("params") ? record["params"] : nlohmann::json::object();
    for (auto it = params.begin(); it != params.end(); ++it) values[it.key()].insert(it.value().dump());
    const std::string name = instance_name(record);
    for (size_t j = 0; j < each.size(); ++j) {
      const nlohmann::json* entry = measuring_entry(record, j);
      const std::optional<expr::value> v = entry ? measured_value(*entry) : std::nullopt;
      bool complete = v.has_value();
      guess::table::row row;
      if (!invariant.each.empty()) row.at.push_back(each[j]);
      for (const auto& p : varying_parameters_of(out.table.parameters, invariant)) {
        complete = complete && params.contains(p) && params[p].is_number_integer();
        row.at.push_back(complete ? params[p].get<int64_t>() : 0);
      }
      const std::string where = invariant.each.empty() ? name : name + " at " + invariant.each + " = " + std::to_string(each[j]);
      if (!complete) {
        out.left_out.push_back(where + ": " + why_missing(record, entry));
        continue;
      }
      row.value = *v;
      row.instance = where;
      out.table.rows.push_back(std::move(row));
      out.seconds.push_back(j == 0 ? record.value("wall_s", 0.0) : 0.0);  // an instance's time once
    }
  }
  for (const auto& [key, vs] : values)
    if (vs.size() == 1) out.fixed.push_back({key, *vs.begin()});
  return out;
}

std::vector<std::string> replaced(const std::vector<std::string>& params, const std::vector<std::string>& replacing) {
  std::vector<std::string> out = params;
  for (const auto& v : replacing) {
    auto it = std::find_if(out.begin(), out.end(), [&](const std::string& p) { return key_of(p) == key_of(v); });
    if (it != out.end()) *it = v;
    else out.push_back(v);
  }
  return out;
}

std::vector<std::string> default_held_out(const std::string& family, const std::vector<std::string>& params,
                                          const measured_sweep& m, double budget_s, std::string& why) {
  const std::string key = m.table.parameters.back();
  const size_t p = m.table.parameters.size() - 1;
  std::map<int64_t, double> time_at;  // the last parameter's value -> seconds over the other parameters
  for (size_t i = 0; i < m.table.rows.size(); ++i) time_at[m.table.rows[i].at[p]] += m.seconds[i];
  if (time_at.empty()) {
    why = "no instance was measured";
    return {};
  }
  const int64_t top = time_at.rbegin()->first;
  const double last = std::max(time_at.rbegin()->second, 1e-3);
  double growth = 2;  // with one size only, assume each next one takes twice as long
  if (time_at.size() >= 2) growth = std::clamp(last / std::max(std::next(time_at.rbegin())->second, 1e-3), 1.0, 64.0);
  double total = 0, next = last;
  int count = 0;
  while (count < 10) {
    next *= growth;
    if (total + next > budget_s) break;
    total += next;
    ++count;
  }
  if (count == 0) {
    why = fmt::format("the next size, {} = {}, would take about {:.0f} s, over the --verify-budget of {:.0f} s",
                      key, top + 1, next, budget_s);
    return {};
  }
  // A family's range ends somewhere (n <= 64): keep what it accepts.
  for (; count > 0; --count) {
    const std::string arg = key + "=" + std::to_string(top + 1) + ".." + std::to_string(top + count);
    try {
      expand_sweep(family, replaced(params, {arg}));
      return {arg};
    } catch (const input_error&) {
    }
  }
  why = key + " = " + std::to_string(top + 1) + " is outside the family's range";
  return {};
}

std::string sweep_text(const std::vector<std::string>& params) {
  std::string s;
  for (const auto& p : params) s += (s.empty() ? "" : " ") + p;
  return s;
}

check_request guess_check_request(const guess_request& r, const std::vector<std::string>& params) {
  check_request c;
  c.family = r.family;
  c.params = params;
  c.backend = r.backend;
  c.time = r.time;
  c.memory = r.memory;
  c.max_nodes = r.max_nodes;
  c.max_nodes_given = r.max_nodes_given;
  c.verbosity = r.verbosity;
  return c;
}

}  // namespace tv::host
