// Exact short text for sets of parameter tuples (see domain_text.hpp).
#include "host/records/domain_text.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "host/families.hpp"

namespace tv::host {

namespace {

using json = nlohmann::json;
using tuple = std::vector<json>;
using value_set = std::set<json>;

/// One part of the union: every combination of its value sets is in the set described.
struct product {
  std::vector<value_set> sets;
};

/// The tuples (each of length d) as a union of products, exactly.
std::vector<product> compress(const std::set<tuple>& tuples, size_t d) {
  if (tuples.empty()) return {};
  if (d == 0) return {product{}};
  // Group on every parameter but the last ...
  std::map<tuple, value_set> last_of;
  for (const tuple& t : tuples) last_of[tuple(t.begin(), t.begin() + static_cast<long>(d - 1))].insert(t[d - 1]);
  // ... merge the groups whose last values are equal, and write their prefixes the same way.
  std::map<value_set, std::set<tuple>> prefixes_of;
  for (const auto& [prefix, last] : last_of) prefixes_of[last].insert(prefix);
  std::vector<product> out;
  for (const auto& [last, prefixes] : prefixes_of)
    for (product p : compress(prefixes, d - 1)) {
      p.sets.push_back(last);
      out.push_back(std::move(p));
    }
  std::sort(out.begin(), out.end(), [](const product& a, const product& b) {
    for (size_t i = 0; i < a.sets.size(); ++i)
      if (*a.sets[i].begin() != *b.sets[i].begin()) return *a.sets[i].begin() < *b.sets[i].begin();
    return false;
  });
  return out;
}

std::string format_one(const json& v) {
  if (v.is_null()) return "none";
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    return s.find_first_of(",; ") == std::string::npos && !s.empty() ? s : "\"" + s + "\"";
  }
  return v.dump();
}

/// "k = 1, m = 1..3" for the keys whose set is not {null} (a key the tuple lacks).
std::string format_product(const std::vector<std::string>& keys, const product& p) {
  std::string s;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (p.sets[i].size() == 1 && p.sets[i].begin()->is_null()) continue;
    s += (s.empty() ? "" : ", ") + keys[i] + " = " +
         format_value_set(std::vector<json>(p.sets[i].begin(), p.sets[i].end()));
  }
  return s;
}

}  // namespace

std::string format_value_set(std::vector<json> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  std::string s;
  auto add = [&s](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
  for (size_t i = 0; i < values.size();) {
    if (!values[i].is_number_integer()) {
      add(format_one(values[i++]));
      continue;
    }
    size_t j = i;  // the run of consecutive integers values[i..j]
    while (j + 1 < values.size() && values[j + 1].is_number_integer() &&
           values[j + 1].get<long long>() == values[j].get<long long>() + 1)
      ++j;
    if (j - i >= 2) {
      add(format_one(values[i]) + ".." + format_one(values[j]));
    } else {
      for (size_t k = i; k <= j; ++k) add(format_one(values[k]));
    }
    i = j + 1;
  }
  return s;
}

namespace {

/// The set as its parts: the constant parameters' text, and each product of the varying
/// ones (with the constants in place when there is a single product).
struct described {
  std::string fixed;
  std::vector<std::string> parts;       // varying parameters only, when several
  std::vector<std::string> whole_parts;  // every parameter in each part
};

described describe(const std::vector<std::string>& keys, const std::vector<json>& params) {
  described d;
  if (params.empty()) return d;
  std::set<tuple> tuples;
  for (const auto& p : params) {
    tuple t;
    for (const auto& k : keys) t.push_back(p.contains(k) ? json(p[k]) : json());
    tuples.insert(std::move(t));
  }
  // Parameters with one value over the whole set are written once.
  std::vector<std::string> constant_keys, varying_keys;
  std::vector<size_t> varying_at;
  product constants;
  for (size_t i = 0; i < keys.size(); ++i) {
    value_set seen;
    for (const auto& t : tuples) seen.insert(t[i]);
    if (seen.size() == 1) {
      constant_keys.push_back(keys[i]);
      constants.sets.push_back(seen);
    } else {
      varying_keys.push_back(keys[i]);
      varying_at.push_back(i);
    }
  }
  std::set<tuple> varying;
  for (const auto& t : tuples) {
    tuple v;
    for (size_t i : varying_at) v.push_back(t[i]);
    varying.insert(std::move(v));
  }
  d.fixed = format_product(constant_keys, constants);
  for (const product& p : compress(varying, varying_keys.size())) {
    product all;  // every parameter in its own place
    for (size_t i = 0, c = 0, v = 0; i < keys.size(); ++i) {
      const bool is_varying = v < varying_at.size() && varying_at[v] == i;
      all.sets.push_back(is_varying ? p.sets[v++] : constants.sets[c++]);
    }
    d.whole_parts.push_back(format_product(keys, all));
    d.parts.push_back(format_product(varying_keys, p));
  }
  return d;
}

}  // namespace

std::string describe_parameter_set(const std::vector<std::string>& keys,
                                   const std::vector<json>& params) {
  const described d = describe(keys, params);
  if (d.whole_parts.size() <= 1) return d.whole_parts.empty() ? "" : d.whole_parts[0];
  std::string s;
  for (const auto& p : d.parts) s += (s.empty() ? "" : "; ") + p;
  return d.fixed.empty() ? s : d.fixed + ": " + s;
}

std::string describe_instances(const std::vector<const json*>& records) {
  std::vector<std::string> families;  // first-appearance order
  std::map<std::string, std::vector<json>> params_of;
  for (const json* r : records) {
    const std::string f = r->value("family", std::string("?"));
    if (!params_of.count(f)) families.push_back(f);
    params_of[f].push_back(r->contains("params") ? (*r)["params"] : json::object());
  }
  std::string s;
  for (const auto& f : families) {
    // The family's own parameter order (records read back sort their keys).
    std::vector<std::string> keys;
    std::set<std::string> present;
    for (const auto& p : params_of[f])
      for (auto it = p.begin(); it != p.end(); ++it) present.insert(it.key());
    for (const auto& spec : family_specs())
      if (spec.name == f)
        for (const auto& p : spec.params)
          if (present.erase(p.name)) keys.push_back(p.name);
    for (const auto& k : present) keys.push_back(k);  // keys the spec does not know
    if (families.size() == 1) return describe_parameter_set(keys, params_of[f]);
    // Several families: every part names its family, constants and all.
    for (const auto& part : describe(keys, params_of[f]).whole_parts)
      s += (s.empty() ? "" : "; ") + f + (part.empty() ? "" : " " + part);
  }
  return s;
}

}  // namespace tv::host
