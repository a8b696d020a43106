// Shape validation of records (see record_shape.hpp).
#include "host/records/record_shape.hpp"

#include "host/records/record_fields.hpp"

#include <array>

namespace tv::host {

namespace {

using nlohmann::json;

const char* type_name(const json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "a list";
  return "an object";
}

enum class want { string, object, array_of_strings, number, number_or_null, object_list };

bool fits(const json& v, want w) {
  switch (w) {
    case want::string: return v.is_string();
    case want::object: return v.is_object();
    case want::number: return v.is_number();
    case want::number_or_null: return v.is_number() || v.is_null();
    case want::array_of_strings:
      if (!v.is_array()) return false;
      for (const auto& x : v)
        if (!x.is_string()) return false;
      return true;
    case want::object_list:
      if (!v.is_array()) return false;
      for (const auto& x : v)
        if (!x.is_object()) return false;
      return true;
  }
  return false;
}

const char* wanted_name(want w) {
  switch (w) {
    case want::string: return "a string";
    case want::object: return "an object";
    case want::number: return "a number";
    case want::number_or_null: return "a number or null";
    case want::array_of_strings: return "a list of strings";
    case want::object_list: return "a list of objects";
  }
  return "?";
}

struct key_rule {
  const char* key;
  want type;
  bool required;
};

// Required: what identifies an instance and its outcome.  Optional: every other key a
// reader takes a typed value from (report model, claims summary, resume).
constexpr std::array<key_rule, 21> rules = {{
    {"family", want::string, true},
    {"params", want::object, true},
    {record_field::status, want::string, true},
    {"job", want::string, true},
    {"compare", want::string, false},
    {"config_hash", want::string, false},
    {"instance_id", want::string, false},
    {"config", want::string, false},
    {"config_title", want::string, false},
    {"requested_checks", want::array_of_strings, false},
    {"checks", want::array_of_strings, false},
    {"claims", want::object_list, false},
    {"tool", want::object, false},
    {"machine", want::object, false},
    {"timings", want::object, false},
    {"limits", want::object, false},
    {"wall_s", want::number, false},
    {"nodes", want::number_or_null, false},
    {"edges", want::number_or_null, false},
    {"backend", want::string, false},
    {"device", want::string, false},
}};


}  // namespace

std::string record_shape_problem(const json& r) {
  if (!r.is_object()) return std::string("the line is ") + type_name(r) + ", not a record (an object)";
  for (const auto& rule : rules) {
    if (!r.contains(rule.key)) {
      if (rule.required) return std::string("it has no '") + rule.key + "'";
      continue;
    }
    const json& v = r[rule.key];
    if (!fits(v, rule.type))
      return std::string("'") + rule.key + "' is " + type_name(v) + ", not " + wanted_name(rule.type);
  }
  const std::string status = r[record_field::status].get<std::string>();
  if (!run_status_from_string(status)) {
    std::string names;
    for (const run_status s : all_run_statuses) names += (names.empty() ? "" : ", ") + std::string(to_string(s));
    const std::string shown = status.size() > 40 ? status.substr(0, 40) + "..." : status;
    return "'status' = \"" + shown + "\" is not one of: " + names;
  }
  if (r.contains("claims"))
    for (const auto& c : r["claims"])
      // A claim written as an expression also carries its texts (statement, holds, when).
      for (const char* k : {"id", "verdict", "statement", "holds", "when"})
        if (c.contains(k) && !c[k].is_string())
          return std::string("a claim's '") + k + "' is " + type_name(c[k]) + ", not a string";
  return {};
}

}  // namespace tv::host
