// Failing claims in words (see witness.hpp).
#include "host/claims/witness.hpp"

#include <algorithm>
#include <map>
#include <regex>

#include "host/claims/claim.hpp"
#include "host/claims/expression_verdict.hpp"
#include "host/claims/registry.hpp"
#include "host/families.hpp"
#include "host/records/instance_name.hpp"

namespace tv::host::claims {

namespace {
const nlohmann::json& null_json() {
  static const nlohmann::json n;
  return n;
}

/// The kernels-side family of a record, rebuilt from its parameters as the run built it.
std::optional<families::family> rebuild(const std::string& family, const nlohmann::json& params) {
  if (!params.is_object()) return std::nullopt;
  std::map<std::string, std::string> kv;
  for (auto it = params.begin(); it != params.end(); ++it) {
    if (it->is_string()) kv[it.key()] = it->get<std::string>();
    else if (it->is_boolean()) kv[it.key()] = it->get<bool>() ? "true" : "false";
    else kv[it.key()] = it->dump();
  }
  try {
    return make_instance(family, kv).net;
  } catch (const std::exception&) {
    return std::nullopt;  // a record of another version: name labels without an index
  }
}
}  // namespace

failure_view::failure_view(const nlohmann::json& record, const nlohmann::json& entry)
    : record_(record), entry_(entry) {
  family_ = record.value("family", std::string("?"));
  id_ = entry.value("id", std::string("?"));
  params_ = record.contains("params") ? record["params"] : nlohmann::json::object();
  net_ = rebuild(family_, params_);
}

long long failure_view::param(const std::string& key, long long fallback) const {
  return params_.contains(key) && params_[key].is_number_integer() ? params_[key].get<long long>()
                                                                   : fallback;
}

uint64_t failure_view::nodes() const {
  return record_.contains("nodes") && record_["nodes"].is_number_unsigned()
             ? record_["nodes"].get<uint64_t>()
             : 0;
}

const nlohmann::json& failure_view::field(const char* key) const {
  return entry_.contains(key) ? entry_[key] : null_json();
}

std::string failure_view::reason() const {
  const auto& r = field("reason");
  return r.is_string() ? r.get<std::string>() : std::string();
}

std::string failure_view::instance() const { return instance_name(family_, params_); }

int failure_view::bits() const { return net_ ? families::bits_of(*net_) : 0; }

std::optional<uint64_t> failure_view::index_of(uint64_t label) const {
  if (!net_) return std::nullopt;
  const int w = families::bits_of(*net_);
  if (w < 64 && (label >> w) != 0) return std::nullopt;
  if (!families::contains(*net_, label)) return std::nullopt;
  return families::rank(*net_, label);
}

std::string failure_view::node(const std::string& bits) const {
  if (!net_ || bits.empty() || static_cast<int>(bits.size()) != families::bits_of(*net_) ||
      bits.find_first_not_of("01") != std::string::npos)
    return bits;
  const auto i = index_of(parse_bits(bits));
  return bits + (i ? " (node " + std::to_string(*i) + ")" : " (not a node)");
}

std::string failure_view::node_of_label(uint64_t label) const {
  if (!net_) return std::to_string(label);
  return node(label_bits(label, families::bits_of(*net_)));
}

std::string brief(const nlohmann::json& v, size_t max) {
  std::string s;
  if (v.is_null()) s = "nothing";
  else if (v.is_string()) s = v.get<std::string>();
  else if (v.is_number_float()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v.get<double>());
    s = buf;
  } else s = v.dump();
  if (max >= 4 && s.size() > max) s = s.substr(0, max - 3) + "...";
  return s;
}

int failing_parts(const failure_view& f) {
  static const std::regex count("([0-9]+) parts fail");
  std::smatch m;
  const std::string r = f.reason();
  return std::regex_search(r, m, count) ? std::stoi(m[1]) : 1;
}

std::string count_of(const nlohmann::json& n, const std::string& unit) {
  return brief(n) + " " + unit + (n.is_number() && n.get<double>() == 1 ? "" : "s");
}

std::string and_more(int others, const std::string& what) {
  if (others <= 0) return "";
  return " (and " + std::to_string(others) + " more" + (what.empty() ? "" : " " + what) + ")";
}

std::string words(const failure_view& f, const nlohmann::json& v, size_t max) {
  std::string s;
  if (v.is_string()) {
    s = f.node(v.get<std::string>());
  } else if (v.is_array()) {
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + words(f, x, max);
  } else if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it) {
      std::string key = it.key();
      std::replace(key.begin(), key.end(), '_', ' ');
      s += (s.empty() ? "" : ", ") + key + " " + words(f, *it, max);
    }
  } else {
    s = brief(v, max);
  }
  return brief(s, max);
}

std::string pair_words(const failure_view& f, const nlohmann::json& a, const nlohmann::json& b) {
  return words(f, a) + ", " + words(f, b);
}

std::string sentence(const failure_view& f, const std::string& finding, const std::string& claim) {
  return f.instance() + ": " + finding + (claim.empty() ? "" : "; " + claim);
}

std::string part_sentence(const failure_view& f, const std::string& what) {
  auto cex = f.counterexample();
  const std::string part = cex.value("part", std::string("?"));
  const auto pick = [&](const nlohmann::json& all) {
    return all.is_object() && all.contains(part) ? all[part] : nlohmann::json();
  };
  std::string s = f.instance() + ": " + what + ", \"" + brief(part, 70) + "\": claimed " +
                  words(f, pick(f.claimed()), 40) + ", found " + words(f, pick(f.measured()), 40);
  if (cex.contains("witness")) s += " (" + words(f, cex["witness"], 60) + ")";
  return s + and_more(failing_parts(f) - 1, "failing parts");
}

std::string hamming_path_sentence(const failure_view& f, const std::string& source) {
  auto w = f.counterexample();
  const std::string d = w.contains("distance") && !w["distance"].is_null()
                            ? "is at distance " + brief(w["distance"])
                            : "is not reachable";
  return sentence(f, "the pair " + pair_words(f, w["source"], w["target"]) + " " + d +
                         ", Hamming distance " + brief(w.value("hamming", nlohmann::json())),
                  source + " claims a path of the Hamming distance between any two nodes");
}

std::string diameter_sentence(const failure_view& f, const std::string& source) {
  auto w = f.counterexample();
  std::string s = sentence(f, "the diameter is " + brief(f.measured()),
                           source + " claims " + brief(f.claimed()));
  if (w.contains("source") && w.contains("target"))
    s += " (pair " + pair_words(f, w["source"], w["target"]) + " at distance " +
         brief(w.value("distance", nlohmann::json())) + ")";
  return s;
}

std::string tree_finding(const failure_view& f, const nlohmann::json& w) {
  std::string finding = w.value("problem", std::string("not a spanning tree"));
  // Tree reports start with "node 7: ..."; the node is named below with its label.
  if (finding.rfind("node ", 0) == 0 && finding.find(": ") != std::string::npos)
    finding = finding.substr(finding.find(": ") + 2);
  if (w.contains("node"))
    finding = "node " + words(f, w["node"]) +
              (w.contains("parent") ? " with parent " + words(f, w["parent"]) : "") + ": " + finding;
  return finding;
}

std::string tree_sentence(const failure_view& f, const std::string& what) {
  return sentence(f, tree_finding(f, f.counterexample()), what);
}

std::string routing_sentence(const failure_view& f, const std::string& claim) {
  auto w = f.counterexample();
  if (w.contains("at"))
    return sentence(f, "at " + words(f, w["at"]) + " toward " + words(f, w["destination"]) +
                           " no admissible dimension is left", claim);
  std::string finding = "the " + brief(w.value("choice", nlohmann::json("?"))) + " rule: " +
                        brief(w.value("stuck", nlohmann::json(0))) + " routes stuck, up to " +
                        brief(w.value("max_excess", nlohmann::json(0))) + " hops over H(s, d)";
  if (w.contains("first_stuck"))
    finding += " (first stuck at " + words(f, w["first_stuck"]["at"]) + " toward " +
               words(f, w["first_stuck"]["target"]) + ")";
  return sentence(f, finding, claim);
}

std::string generic_sentence(const failure_view& f) {
  constexpr size_t width = 40;  // three values stay near 120 characters together
  auto cex = f.counterexample();
  std::string s = f.instance() + ": " + f.id() + " fails";
  if (cex.is_object() && cex.contains("part") && cex["part"].is_string()) {
    const std::string part = cex["part"].get<std::string>();
    const auto pick = [&](const nlohmann::json& all) {
      return all.is_object() && all.contains(part) ? all[part] : nlohmann::json();
    };
    s += " at \"" + brief(part, 70) + "\": claimed " + words(f, pick(f.claimed()), width) +
         ", measured " + words(f, pick(f.measured()), width);
    return s + and_more(failing_parts(f) - 1, "failing parts");
  }
  s += ": claimed " + words(f, f.claimed(), width) + ", measured " + words(f, f.measured(), width);
  if (!cex.is_null()) s += "; witness " + words(f, cex, width);
  return s;
}

std::string explain_failure(const nlohmann::json& record, const nlohmann::json& claim_entry) {
  const failure_view view(record, claim_entry);
  if (is_expression_entry(claim_entry)) {
    try {
      return expression_sentence(view);
    } catch (const std::exception&) {
      return generic_sentence(view);
    }
  }
  for (const auto& spec : catalog()) {
    if (spec.id != view.id() || !spec.explain) continue;
    try {
      std::string s = spec.explain(view);
      if (!s.empty()) return s;
    } catch (const std::exception&) {
      // an entry of an unexpected shape (e.g. a record of another version): say it plainly
    }
    break;
  }
  return generic_sentence(view);
}

}  // namespace tv::host::claims
