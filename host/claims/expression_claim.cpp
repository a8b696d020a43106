// Claims written as expressions, before any work (see expression_claim.hpp).
#include "host/claims/expression_claim.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "host/claims/registry.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/messages.hpp"
#include "host/records/record_statistics.hpp"
#include "kernels/expr/parser.hpp"

namespace tv::host::claims {

namespace {

using expr::scalar;

scalar scalar_of(record_statistic::kind k) {
  switch (k) {
    case record_statistic::kind::integer: return scalar::integer;
    case record_statistic::kind::real: return scalar::real;
    case record_statistic::kind::boolean: return scalar::boolean;
  }
  return scalar::integer;
}

std::vector<std::string> strings(const nlohmann::json& j, const char* key) {
  std::vector<std::string> out;
  if (!j.contains(key)) return out;
  if (!j[key].is_array()) throw input_error(std::string("claim: '") + key + "' must be a list of strings");
  for (const auto& v : j[key]) {
    if (!v.is_string()) throw input_error(std::string("claim: '") + key + "' must be a list of strings");
    out.push_back(v.get<std::string>());
  }
  return out;
}

std::string text_field(const nlohmann::json& j, const char* key) {
  if (!j.contains(key)) return "";
  if (!j[key].is_string()) throw input_error(std::string("claim: '") + key + "' must be a string");
  return j[key].get<std::string>();
}

}  // namespace

nlohmann::json expression_claim_spec::to_json() const {
  nlohmann::json j;
  j["id"] = id;
  if (!statement.empty()) j["statement"] = statement;
  j["families"] = families;
  if (!when.empty()) j["when"] = when;
  j["holds"] = holds;
  return j;
}

expression_claim_spec expression_claim_spec::from_json(const nlohmann::json& j) {
  if (!j.is_object()) throw input_error("claims: each of 'expressions' must be an object {id, families, holds}");
  static const std::set<std::string> keys = {"id", "statement", "families", "when", "holds"};
  for (auto it = j.begin(); it != j.end(); ++it)
    if (!keys.count(it.key()))
      throw input_error("claims: an expression claim has an unknown key '" + echo_value(it.key()) +
                        "' (keys: families, holds, id, statement, when)");
  expression_claim_spec c;
  c.id = text_field(j, "id");
  c.statement = text_field(j, "statement");
  c.families = strings(j, "families");
  c.when = text_field(j, "when");
  c.holds = text_field(j, "holds");
  return c;
}

expr::name_table claim_names(const std::string& family) {
  expr::name_table t;
  auto add = [&t](const std::string& name, expr::value_type type) {
    if (!t.find(name)) t.add(name, type);
  };
  for (const param_spec& p : find_family(family).params) {
    if (p.type == param_spec::kind::integer) add(p.name, {scalar::integer, false});
    else if (p.type == param_spec::kind::boolean) add(p.name, {scalar::boolean, false});
  }
  add("N", {scalar::integer, false});
  for (const record_statistic& f : record_statistics()) add(f.path, {scalar_of(f.type), false});
  for (const char* v : per_node_names) add(v, {scalar::integer, true});
  return t;
}

parsed_claim parse_claim(const expression_claim_spec& c, const std::string& family, const std::string& where) {
  parsed_claim p{claim_names(family), std::nullopt, {}};
  auto parse = [&](const char* key, const std::string& text) {
    try {
      return expr::parse_as(text, p.names, {scalar::boolean, false});
    } catch (const expr::expr_error& e) {
      // The command line names its option, a batch file its place and the claim.
      const std::string quoted = "\"" + echo_value(text) + "\"";
      throw input_error((where == "--claim" ? std::string("--") + (key == std::string("when") ? "when" : "claim") + " " + quoted
                         : (where.empty() ? "" : where + ": ") + "claim '" + c.id + "' " + key + " = " + quoted) +
                        ": " + e.what());
    }
  };
  if (!c.when.empty()) p.when = parse("when", c.when);
  p.holds = parse("holds", c.holds);
  return p;
}

void validate_expression_claim(const expression_claim_spec& c, const std::string& where) {
  const std::string at = where.empty() ? "" : where + ": ";
  if (c.id.empty()) throw input_error(at + "a claim has no 'id'");
  for (char ch : c.id)
    if (!(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '_' || ch == '-'))
      throw input_error(at + "claim id '" + echo_value(c.id) + "' may hold only letters, digits, '.', '_' and '-'");
  for (const claim_spec& spec : catalog())
    if (spec.id == c.id)
      throw input_error(at + "claim id '" + c.id + "' is a claim of the catalog (`topoverify claims`): choose another");
  if (c.holds.empty()) throw input_error(at + "claim '" + c.id + "' has no 'holds' (the condition it claims)");
  if (c.families.empty()) throw input_error(at + "claim '" + c.id + "' names no families");
  for (const std::string& f : c.families) {
    try {
      find_family(f);
    } catch (const input_error& e) {
      throw input_error(at + "claim '" + c.id + "': " + e.what());
    }
    parse_claim(c, f, where);
  }
}

void add_needed_checks(const expression_claim_spec& c, const std::string& family,
                       std::vector<std::string>& checks, nlohmann::json& check_options) {
  const parsed_claim p = parse_claim(c, family);
  auto has = [&checks](const std::string& name) {
    return name == "counts" || std::find(checks.begin(), checks.end(), name) != checks.end();
  };
  auto add = [&](const std::string& name) {
    if (!has(name)) checks.push_back(name);
  };
  std::vector<const record_statistic*> fields;
  std::set<int> percentiles;
  bool eccentricity = false;
  auto note = [&](const expr::expression& e) {
    for (int id : e.names_read()) {
      const std::string& name = p.names.at(id).name;
      if (name == "eccentricity") eccentricity = true;
      if (const record_statistic* f = find_record_statistic(name)) fields.push_back(f);
      if (const int pct = effective_diameter_percentile(name)) percentiles.insert(pct);
    }
  };
  if (p.when) note(*p.when);
  note(p.holds);
  if (eccentricity) add("distances");
  // Fields only one check writes first, so a field several write (the diameter) is read
  // from a check already chosen when there is one.
  std::stable_sort(fields.begin(), fields.end(),
                   [](const record_statistic* a, const record_statistic* b) { return a->checks.size() < b->checks.size(); });
  for (const record_statistic* f : fields)
    if (std::none_of(f->checks.begin(), f->checks.end(), has)) add(f->checks.front());
  if (!percentiles.empty()) {
    nlohmann::json& m = check_options["metrics"];
    std::set<int> all = {50, 90};
    if (m.is_object() && m.contains("percentiles") && m["percentiles"].is_array()) {
      all.clear();
      for (const auto& v : m["percentiles"])
        if (v.is_number_integer()) all.insert(v.get<int>());
    }
    all.insert(percentiles.begin(), percentiles.end());
    m["percentiles"] = std::vector<int>(all.begin(), all.end());
  }
  add("claims");
}

bool reads_eccentricity(const nlohmann::json& claim_options) {
  if (!claim_options.is_object() || !claim_options.contains("expressions")) return false;
  for (const auto& j : claim_options["expressions"]) {
    const expression_claim_spec c = expression_claim_spec::from_json(j);
    for (const std::string& text : {c.when, c.holds}) {
      // A cheap look before parsing: the name must appear in the text.
      if (text.find("eccentricity") == std::string::npos) continue;
      for (const std::string& family : c.families) {
        try {
          const parsed_claim p = parse_claim(c, family);
          for (const expr::expression* e : {p.when ? &*p.when : nullptr, &p.holds})
            if (e)
              for (int id : e->names_read())
                if (p.names.at(id).name == "eccentricity") return true;
        } catch (const input_error&) {
          // validated before the run: a claim that does not parse reads nothing
        }
      }
    }
  }
  return false;
}

}  // namespace tv::host::claims
