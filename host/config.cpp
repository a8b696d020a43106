// Batch-file parsing, validation and sweep expansion.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 1
#include <toml++/toml.h>

#include "host/config.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "host/checks.hpp"
#include "host/default_config.hpp"
#include "host/errors.hpp"

namespace tv::host {

namespace {

std::string where(const std::string& source, const toml::source_region& r) {
  return source + ":" + std::to_string(r.begin.line) + ":" + std::to_string(r.begin.column);
}

[[noreturn]] void fail(const std::string& source, const toml::node& node, const std::string& msg) {
  throw input_error(where(source, node.source()) + ": " + msg);
}

std::string get_string(const std::string& source, const toml::node& node, const std::string& key) {
  if (!node.is_string()) fail(source, node, "'" + key + "' must be a string");
  return node.as_string()->get();
}

/// One sweep axis: the values one parameter takes, as strings for make_instance.
std::vector<std::string> sweep_values(const std::string& source, const std::string& key,
                                      const toml::node& node) {
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
    const auto dots = s.find("..");
    if (dots != std::string::npos) {
      long long lo = 0, hi = 0;
      try {
        size_t used = 0;
        lo = std::stoll(s.substr(0, dots), &used);
        if (used != dots) throw std::invalid_argument(s);
        const std::string rest = s.substr(dots + 2);
        hi = std::stoll(rest, &used);
        if (used != rest.size()) throw std::invalid_argument(s);
      } catch (const std::exception&) {
        fail(source, node, "parameter '" + key + "' = \"" + s +
                               "\" is not an integer range like \"1..24\"");
      }
      if (hi < lo) fail(source, node, "parameter '" + key + "' range \"" + s + "\" is empty");
      if (hi - lo > 100000) fail(source, node, "parameter '" + key + "' range \"" + s + "\" is too long");
      for (long long v = lo; v <= hi; ++v) out.push_back(std::to_string(v));
      return out;
    }
  }
  out.push_back(scalar(node));
  return out;
}

const std::set<std::string> top_keys = {"output", "backend", "title", "job"};
const std::set<std::string> job_keys = {"name", "family", "checks", "options"};

}  // namespace

std::string text_hash(const std::string& text) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

const char* embedded_default_config() { return kDefaultConfig; }

batch_config parse_batch(const std::string& text, const std::string& source) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw input_error(where(source, e.source()) + ": malformed TOML: " +
                      std::string(e.description()));
  }
  batch_config cfg;
  cfg.source = source;
  cfg.hash = text_hash(text);
  for (const auto& [k, v] : root) {
    const std::string key(k.str());
    if (!top_keys.count(key))
      fail(source, v, "unknown key '" + key + "' (allowed here: backend, job, output, title)");
  }
  if (auto* n = root.get("output")) cfg.output = get_string(source, *n, "output");
  if (auto* n = root.get("backend")) {
    cfg.backend = get_string(source, *n, "backend");
    if (cfg.backend != "auto" && cfg.backend != "cpu" && cfg.backend != "cuda")
      fail(source, *n, "backend = \"" + cfg.backend + "\" is not one of: auto, cpu, cuda");
  }
  if (auto* n = root.get("title")) get_string(source, *n, "title");
  const toml::node* jobs_node = root.get("job");
  if (!jobs_node) throw input_error(source + ": no [[job]] tables: nothing to run");
  if (!jobs_node->is_array_of_tables())
    fail(source, *jobs_node, "'job' must be an array of tables ([[job]])");

  int job_index = 0;
  for (const auto& jn : *jobs_node->as_array()) {
    ++job_index;
    const toml::table& job = *jn.as_table();
    const toml::node* fam_node = job.get("family");
    if (!fam_node) fail(source, jn, "job " + std::to_string(job_index) + " has no 'family'");
    const std::string family = get_string(source, *fam_node, "family");
    const family_spec* spec = nullptr;
    try {
      spec = &find_family(family);
    } catch (const input_error& e) {
      fail(source, *fam_node, e.what());
    }
    std::string name = family;
    if (auto* n = job.get("name")) name = get_string(source, *n, "name");

    std::vector<std::string> checks;
    if (auto* n = job.get("checks")) {
      if (!n->is_array()) fail(source, *n, "'checks' must be a list of check names");
      for (const auto& c : *n->as_array()) {
        const std::string cname = get_string(source, c, "checks");
        try {
          find_check(cname);
        } catch (const input_error& e) {
          fail(source, c, e.what());
        }
        checks.push_back(cname);
      }
    }
    nlohmann::json options = nlohmann::json::object();
    if (auto* n = job.get("options")) {
      if (!n->is_table()) fail(source, *n, "'options' must be a table of per-check tables");
      for (const auto& [ck, cv] : *n->as_table()) {
        const check_spec* spec_of_check = nullptr;
        try {
          spec_of_check = &find_check(std::string(ck.str()));
        } catch (const input_error& e) {
          fail(source, cv, std::string("options: ") + e.what());
        }
        std::stringstream ss;
        ss << toml::json_formatter{cv};
        options[std::string(ck.str())] = nlohmann::json::parse(ss.str());
        if (spec_of_check->validate_options) {
          try {
            spec_of_check->validate_options(options[std::string(ck.str())]);
          } catch (const input_error& e) {
            fail(source, cv, std::string("options: ") + e.what());
          }
        }
      }
    }

    // Parameter axes in the spec's order; anything else is an unknown key.
    std::vector<std::pair<std::string, std::vector<std::string>>> axes;
    for (const auto& [k, v] : job) {
      const std::string key(k.str());
      if (job_keys.count(key)) continue;
      bool is_param = false;
      for (const auto& p : spec->params) is_param = is_param || p.name == key;
      if (!is_param) {
        std::string allowed;
        for (const auto& p : spec->params) allowed += p.name + ", ";
        fail(source, v, "unknown key '" + key + "' in a " + family + " job (allowed: " + allowed +
                            "name, checks, options)");
      }
    }
    for (const auto& p : spec->params)
      if (auto* n = job.get(p.name)) axes.emplace_back(p.name, sweep_values(source, p.name, *n));

    // Cartesian product, validated instance by instance.
    std::vector<size_t> idx(axes.size(), 0);
    while (true) {
      std::map<std::string, std::string> kv;
      for (size_t a = 0; a < axes.size(); ++a) kv[axes[a].first] = axes[a].second[idx[a]];
      try {
        cfg.instances.push_back({make_instance(family, kv), checks, options, name});
      } catch (const input_error& e) {
        fail(source, jn, e.what());
      }
      size_t a = 0;
      while (a < axes.size() && ++idx[a] == axes[a].second.size()) idx[a++] = 0;
      if (a == axes.size()) break;
    }
  }
  std::stable_sort(cfg.instances.begin(), cfg.instances.end(),
                   [](const job_instance& a, const job_instance& b) {
                     return families::size_of(a.inst.net) < families::size_of(b.inst.net);
                   });
  return cfg;
}

batch_config load_batch(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error("cannot read batch file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_batch(ss.str(), path);
}

}  // namespace tv::host
