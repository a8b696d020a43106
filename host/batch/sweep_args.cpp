// Command-line sweeps (see sweep_args.hpp): split, validated against the family's
// parameter specs before any instance is built, then expanded as batch files expand theirs.
#include "host/batch/sweep_args.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <set>

#include "host/batch/family_tables.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  while (true) {
    const size_t at = s.find(sep, start);
    out.push_back(s.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

bool parse_integer(const std::string& s, long long& v) {
  const char* b = s.data();
  const char* e = b + s.size();
  const auto [ptr, ec] = std::from_chars(b, e, v);
  return !s.empty() && ec == std::errc() && ptr == e;
}

std::string allowed_values(const param_spec& p) {
  switch (p.type) {
    case param_spec::kind::integer:
      return "an integer in " + std::to_string(p.lo) + ".." + std::to_string(p.hi) +
             ", a list like 2,3,4 or a range like " + std::to_string(p.lo) + ".." +
             std::to_string(std::min(p.hi, p.lo + 9));
    case param_spec::kind::boolean: return "true, false or true,false";
    case param_spec::kind::text: return "text, several separated by ';'";
  }
  return "";
}

}  // namespace

std::vector<std::string> expand_integer_range(const std::string& key, const std::string& text) {
  const auto dots = text.find("..");
  long long lo = 0, hi = 0;
  if (dots == std::string::npos || !parse_integer(text.substr(0, dots), lo) ||
      !parse_integer(text.substr(dots + 2), hi))
    throw input_error("parameter '" + key + "' = \"" + echo_value(text) +
                      "\" is not an integer range like \"1..24\"");
  if (hi < lo) throw input_error("parameter '" + key + "' range \"" + echo_value(text) + "\" is empty");
  if (hi - lo > 100000) throw input_error("parameter '" + key + "' range \"" + echo_value(text) + "\" is too long");
  std::vector<std::string> out;
  for (long long v = lo; v <= hi; ++v) out.push_back(std::to_string(v));
  return out;
}

sweep_axis parse_sweep_arg(const family_spec& family, const std::string& arg) {
  const auto eq = arg.find('=');
  if (eq == std::string::npos || eq == 0)
    throw input_error("parameter '" + echo_value(arg) + "' is not of the form key=value");
  sweep_axis axis;
  axis.key = arg.substr(0, eq);
  const std::string text = arg.substr(eq + 1);
  const param_spec* spec = nullptr;
  std::string names;
  for (const auto& p : family.params) {
    names += (names.empty() ? "" : ", ") + p.name;
    if (p.name == axis.key) spec = &p;
  }
  if (!spec)
    throw input_error("family '" + family.name + "' has no parameter '" + echo_value(axis.key) +
                      "' (its parameters: " + names + ")");
  const std::string where = family.name + ": parameter '" + axis.key + "'";
  if (text.empty())
    throw input_error(where + " has no value (it takes " + allowed_values(*spec) + ")");

  if (spec->type == param_spec::kind::text) {
    axis.values = split(text, ';');  // commas belong to the value (lrn seeds="0,10")
  } else {
    for (const std::string& item : split(text, ',')) {
      if (item.empty())
        throw input_error(where + " = '" + echo_value(text) + "' holds an empty value (it takes " +
                          allowed_values(*spec) + ")");
      if (spec->type == param_spec::kind::integer && item.find("..") != std::string::npos) {
        for (auto& v : expand_integer_range(axis.key, item)) axis.values.push_back(std::move(v));
        continue;
      }
      axis.values.push_back(item);
    }
  }
  std::set<std::string> seen;
  for (auto& v : axis.values) {
    if (v.empty())
      throw input_error(where + " = '" + echo_value(text) + "' holds an empty value (it takes " +
                        allowed_values(*spec) + ")");
    if (spec->type == param_spec::kind::integer) {
      long long n = 0;
      if (!parse_integer(v, n))
        throw input_error(where + " = '" + echo_value(v) + "' is not an integer (it takes " +
                          allowed_values(*spec) + ")");
      if (n < spec->lo || n > spec->hi)
        throw input_error(where + " = " + (v == text ? echo_value(v) + " is" : echo_value(text) + " holds " + echo_value(v) + ",") +
                          " out of range " + std::to_string(spec->lo) + ".." +
                          std::to_string(spec->hi));
    } else if (spec->type == param_spec::kind::boolean) {
      if (v != "true" && v != "false" && v != "1" && v != "0")
        throw input_error(where + " = '" + echo_value(v) + "' is not a boolean (it takes " +
                          allowed_values(*spec) + ")");
    }
    if (spec->type == param_spec::kind::boolean) v = v == "1" ? "true" : v == "0" ? "false" : v;
    if (!seen.insert(v).second)
      throw input_error(where + " = '" + echo_value(text) + "' names the value " + v + " twice");
  }
  return axis;
}

std::vector<instance> sweep_product(const std::string& family, const std::vector<sweep_axis>& axes) {
  std::vector<instance> out;
  std::vector<size_t> idx(axes.size(), 0);
  while (true) {
    std::map<std::string, std::string> kv;
    for (size_t a = 0; a < axes.size(); ++a) kv[axes[a].key] = axes[a].values[idx[a]];
    out.push_back(make_instance(family, kv));
    size_t a = 0;
    while (a < axes.size() && ++idx[a] == axes[a].values.size()) idx[a++] = 0;
    if (a == axes.size()) return out;
  }
}

std::vector<instance> expand_sweep(const std::string& family_or_file, const std::vector<std::string>& args) {
  const family_spec& spec = resolve_family(family_or_file);
  const std::string& family = spec.name;
  std::vector<sweep_axis> given;
  for (const auto& arg : args) {
    sweep_axis axis = parse_sweep_arg(spec, arg);
    for (const auto& g : given)
      if (g.key == axis.key) throw input_error("parameter '" + axis.key + "' is given twice");
    given.push_back(std::move(axis));
  }
  // Axes in the spec's order, as batch files expand theirs.
  std::vector<sweep_axis> axes;
  for (const auto& p : spec.params)
    for (auto& g : given)
      if (g.key == p.name) axes.push_back(std::move(g));
  std::vector<instance> out = sweep_product(family, axes);
  std::stable_sort(out.begin(), out.end(), [](const instance& a, const instance& b) {
    return a.nodes() < b.nodes();
  });
  return out;
}

}  // namespace tv::host
