// The batch file's TOML errors and sweep axes (see batch_toml.hpp).
#include "host/batch/batch_toml.hpp"

#include <cstdint>
#include <stdexcept>

#include "host/batch/family_tables.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/errors.hpp"
#include "host/families.hpp"
#include "host/messages.hpp"

namespace tv::host::batch_toml {

std::string where(const std::string& source, const toml::source_region& r) {
  return source + ":" + std::to_string(r.begin.line) + ":" + std::to_string(r.begin.column);
}

void fail(const std::string& source, const toml::node& node, const std::string& msg) {
  throw input_error(where(source, node.source()) + ": " + msg);
}

void fail_key(const std::string& source, const toml::key& key, const std::string& msg) {
  throw input_error(where(source, key.source()) + ": " + msg);
}

std::string join(const std::set<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

void refuse_unknown_keys(const std::string& source, const toml::table& table, const std::set<std::string>& allowed,
                         const std::string& place) {
  for (const auto& [k, v] : table) {
    const std::string key(k.str());
    if (!allowed.count(key))
      fail_key(source, k, "unknown key '" + key + "' in " + place + " (allowed: " + join(allowed) + ")");
  }
}

std::string get_string(const std::string& source, const toml::node& node, const std::string& key) {
  if (!node.is_string()) fail(source, node, "'" + key + "' must be a string");
  return node.as_string()->get();
}

namespace {

/// When `node` is an integer range "a..b": true with its ends; a malformed or empty
/// range is refused here.
bool parse_range(const std::string& source, const std::string& key, const toml::node& node,
                 long long& lo, long long& hi) {
  if (!node.is_string()) return false;
  const std::string s = node.as_string()->get();
  const auto dots = s.find("..");
  if (dots == std::string::npos) return false;
  try {
    size_t used = 0;
    lo = std::stoll(s.substr(0, dots), &used);
    if (used != dots) throw std::invalid_argument(s);
    const std::string rest = s.substr(dots + 2);
    hi = std::stoll(rest, &used);
    if (used != rest.size()) throw std::invalid_argument(s);
  } catch (const std::exception&) {
    fail(source, node, "parameter '" + key + "' = \"" + echo_value(s) +
                           "\" is not an integer range like \"1..24\"");
  }
  if (hi < lo) fail(source, node, "parameter '" + key + "' range \"" + echo_value(s) + "\" is empty");
  return true;
}

/// How many values one sweep axis takes, without listing them.
uint64_t sweep_count(const std::string& source, const std::string& key, const toml::node& node,
                     bool integer_param) {
  if (node.is_array()) return node.as_array()->size();
  long long lo = 0, hi = 0;
  if (integer_param && parse_range(source, key, node, lo, hi))
    return static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1;  // wraps only for 2^64 values
  return 1;
}

uint64_t saturating_mul(uint64_t a, uint64_t b) {
  if (a != 0 && b > UINT64_MAX / a) return UINT64_MAX;
  return a * b;
}

}  // namespace

uint64_t count_instances(const std::string& source, const toml::node& jobs) {
  uint64_t total = 0;
  for (const auto& jn : *jobs.as_array()) {
    const toml::table* job = jn.as_table();
    const toml::node* fam = job ? job->get("family") : nullptr;
    if (!fam || !fam->is_string()) continue;
    const family_spec* spec = nullptr;
    try {
      spec = &resolve_family(fam->as_string()->get());
    } catch (const input_error&) {
      continue;
    }
    uint64_t product = 1;
    for (const auto& p : spec->params)
      if (const toml::node* n = job->get(p.name)) product = saturating_mul(product, sweep_count(source, p.name, *n, p.type == param_spec::kind::integer));
    total = total > UINT64_MAX - product ? UINT64_MAX : total + product;
  }
  return total;
}

std::vector<std::string> sweep_values(const std::string& source, const std::string& key,
                                      const toml::node& node, bool integer_param) {
  std::vector<std::string> out;
  auto scalar = [&](const toml::node& v) -> std::string {
    if (v.is_integer()) return std::to_string(v.as_integer()->get());
    if (v.is_boolean()) return v.as_boolean()->get() ? "true" : "false";
    if (v.is_string()) return v.as_string()->get();
    fail(source, v, "parameter '" + key + "' takes integers, booleans or strings");
  };
  if (node.is_array()) {
    const toml::array& a = *node.as_array();
    if (a.empty()) fail(source, node, "parameter '" + key + "' is an empty list");
    for (const auto& v : a) out.push_back(scalar(v));
    return out;
  }
  if (node.is_string()) {
    const std::string s = node.as_string()->get();
    if (integer_param && s.find("..") != std::string::npos) {
      try {
        return expand_integer_range(key, s);
      } catch (const input_error& e) {
        fail(source, node, e.what());
      }
    }
  }
  out.push_back(scalar(node));
  return out;
}

const family_spec& table_family(const std::string& source, const toml::table& table, const toml::node& at,
                                const std::string& no_family, const std::set<std::string>& own_keys,
                                const std::string& what) {
  const toml::node* fam = table.get("family");
  if (!fam) fail(source, at, no_family);
  const std::string family = get_string(source, *fam, "family");
  const family_spec* spec = nullptr;
  try {
    spec = &resolve_family(family);
  } catch (const input_error& e) {
    fail(source, *fam, e.what());
  }
  // Unknown keys first, so a misspelt key is named rather than a consequence of it.
  for (const auto& [k, v] : table) {
    const std::string key(k.str());
    if (own_keys.count(key)) continue;
    bool is_param = false;
    for (const auto& p : spec->params) is_param = is_param || p.name == key;
    if (!is_param) {
      std::string allowed;
      for (const auto& p : spec->params) allowed += p.name + ", ";
      fail_key(source, k, "unknown key '" + key + "' in a " + family + " " + what + " (allowed: " + allowed +
                              join(own_keys) + ")");
    }
  }
  return *spec;
}

std::vector<instance> sweep_table(const std::string& source, const std::string& family,
                                  const toml::table& table, const toml::node& at) {
  std::vector<sweep_axis> axes;
  for (const auto& p : find_family(family).params)
    if (const toml::node* n = table.get(p.name)) axes.push_back({p.name, sweep_values(source, p.name, *n, p.type == param_spec::kind::integer)});
  try {
    return sweep_product(family, axes);
  } catch (const input_error& e) {
    fail(source, at, e.what());
  }
}

}  // namespace tv::host::batch_toml
