// Batch-file parsing, validation and sweep expansion.  Every key is checked here, before
// the runner does anything, so a typo costs a one-line message instead of a night's run.
#include "host/batch/config.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "host/batch/batch_repeats.hpp"
#include "host/batch/batch_toml.hpp"
#include "host/batch/input_file.hpp"
#include "host/batch/sweep_args.hpp"
#include "host/checks/registry.hpp"
#include "host/default_config.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/units.hpp"
#include "kernels/core/text_digest.hpp"

namespace tv::host {

using namespace batch_toml;  // the parser's errors and sweep axes

std::string text_hash(const std::string& text) { return core::text_digest_hex(text); }

namespace {

std::string parse_backend(const std::string& source, const toml::node& node) {
  const std::string b = get_string(source, node, "backend");
  if (b != "auto" && b != "cpu" && b != "cuda")
    fail(source, node, "backend = \"" + b + "\" is not one of: auto, cpu, cuda");
  return b;
}

std::string parse_output(const std::string& source, const toml::node& node) {
  const std::string o = get_string(source, node, "output");
  if (o.empty()) fail(source, node, "'output' is empty: name a folder");
  return o;
}

uint64_t parse_seed(const std::string& source, const toml::node& node) {
  if (!node.is_integer()) fail(source, node, "'seed' must be a non-negative integer");
  const int64_t v = node.as_integer()->get();
  if (v < 0) fail(source, node, "'seed' = " + std::to_string(v) + " is negative");
  return static_cast<uint64_t>(v);
}

/// `checkpoint = "5m"` or "off": seconds between checkpoints of a long all-pairs run, 0 for off.
double parse_checkpoint(const std::string& source, const toml::node& node) {
  const std::string text = get_string(source, node, "checkpoint");
  if (text == "off") return 0;
  const std::optional<double> secs = parse_duration(text);
  if (!secs || *secs <= 0)
    fail(source, node, "checkpoint = \"" + text + "\" is not \"off\" or a duration like \"5m\" or \"1h\"");
  return *secs;
}

/// A `limits` table; its keys replace those of `base` (the batch-wide limits).
instance_limits parse_limits(const std::string& source, const toml::node& node,
                             instance_limits base) {
  static const std::set<std::string> keys = {"time", "memory", "max_nodes"};
  if (!node.is_table())
    fail(source, node, "'limits' must be a table, e.g. limits = { time = \"10m\", memory = "
                       "\"4GiB\", max_nodes = 1000000 }");
  const toml::table& t = *node.as_table();
  refuse_unknown_keys(source, t, keys, "limits");
  // A limit written as text: "limits.KEY must be a KIND string like SHORT", "limits.KEY =
  // \"TEXT\" is not a KIND like LONG", and a value of zero refused with `zero`.
  const auto text_limit = [&](const char* key, const std::string& kind, const std::string& short_like,
                              const std::string& long_like, const std::string& zero, auto parse,
                              auto& value, std::string& text) {
    const toml::node* n = t.get(key);
    if (!n) return;
    const std::string name = std::string("limits.") + key;
    if (!n->is_string()) fail(source, *n, name + " must be a " + kind + " string like " + short_like);
    text = n->as_string()->get();
    const auto parsed = parse(text);
    if (!parsed) fail(source, *n, name + " = \"" + text + "\" is not a " + kind + " like " + long_like);
    if (!(*parsed > 0)) fail(source, *n, name + " = \"" + text + "\" must be " + zero);
    value = *parsed;
  };
  text_limit("time", "duration", "\"30s\", \"10m\" or \"2h\"",
             "\"30s\", \"10m\", \"1h30m\" (units ms, s, m, h, d)", "longer than zero",
             [](const std::string& x) { return parse_duration(x); }, base.time_s, base.time_text);
  text_limit("memory", "size", "\"512MiB\" or \"4GiB\"", "\"512MiB\", \"4GiB\" or \"2GB\"",
             "more than zero", [](const std::string& x) { return parse_bytes(x); }, base.memory_bytes,
             base.memory_text);
  if (const toml::node* n = t.get("max_nodes")) {
    if (!n->is_integer()) fail(source, *n, "limits.max_nodes must be a positive integer");
    const int64_t v = n->as_integer()->get();
    if (v < 1) fail(source, *n, "limits.max_nodes = " + std::to_string(v) + " must be at least 1");
    base.max_nodes = static_cast<uint64_t>(v);
  }
  return base;
}

/// `claims = ["pn.thm3", "efc.*"]`: glob patterns over claim ids.  Only their form is
/// checked here; which claims exist is the claims check's business.
std::vector<std::string> parse_claims(const std::string& source, const toml::node& node) {
  if (!node.is_array())
    fail(source, node, "'claims' must be a list of claim ids or patterns, e.g. [\"pn.thm3\", \"efc.*\"]");
  const toml::array& a = *node.as_array();
  if (a.empty()) fail(source, node, "'claims' is an empty list");
  std::vector<std::string> out;
  for (const auto& v : a) {
    if (!v.is_string()) fail(source, v, "'claims' entries must be strings (claim ids or patterns)");
    const std::string p = v.as_string()->get();
    if (p.empty()) fail(source, v, "'claims' holds an empty pattern");
    for (char c : p)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' ||
            c == '*' || c == '?'))
        fail(source, v, "claim pattern '" + p +
                            "' may hold only letters, digits, '.', '_', '-', '*' and '?'");
    if (std::find(out.begin(), out.end(), p) != out.end())
      fail(source, v, "claim pattern '" + p + "' is listed twice");
    out.push_back(p);
  }
  return out;
}

const std::set<std::string> top_keys = {"output", "backend", "title",  "job",   "seed",
                                        "limits", "checkpoint", "compare", "claim", "family"};
const std::set<std::string> job_keys = {"name",   "family", "checks", "options", "limits",
                                        "backend", "seed",  "output", "claims", "checkpoint"};

}  // namespace

nlohmann::json instance_limits::to_json() const {
  nlohmann::json j = nlohmann::json::object();
  if (time_s) j["time"] = time_text;
  if (memory_bytes) j["memory"] = memory_text;
  if (max_nodes) j["max_nodes"] = *max_nodes;
  return j;
}

const char* embedded_default_config() { return kDefaultConfig; }

batch_config parse_batch(const std::string& text, const std::string& source, uint64_t max_instances) {
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    throw input_error(where(source, e.source()) + ": malformed TOML: " +
                      std::string(e.description()));
  }
  batch_config cfg;
  cfg.source = source;
  cfg.hash = core::text_digest_hex(text);
  for (const auto& [k, v] : root) {
    const std::string key(k.str());
    if (!top_keys.count(key))
      fail_key(source, k, "unknown key '" + key + "' (allowed here: " + join(top_keys) + ")");
  }
  // Families written as rules first: jobs and comparisons may name them.
  if (auto* n = root.get("family")) (void)define_family_tables(source, *n);
  if (auto* n = root.get("output")) cfg.output = parse_output(source, *n);
  if (auto* n = root.get("backend")) cfg.backend = parse_backend(source, *n);
  if (auto* n = root.get("title")) cfg.title = get_string(source, *n, "title");
  std::optional<uint64_t> batch_seed;
  if (auto* n = root.get("seed")) batch_seed = parse_seed(source, *n);
  double batch_checkpoint = default_checkpoint_s;
  if (auto* n = root.get("checkpoint")) batch_checkpoint = parse_checkpoint(source, *n);
  instance_limits batch_limits;
  if (auto* n = root.get("limits")) batch_limits = parse_limits(source, *n, {});
  const toml::node* compare_node = root.get("compare");
  static const toml::array no_jobs;
  const toml::node* jobs_node = root.get("job");
  if (!jobs_node && !compare_node) throw input_error(source + ": no [[job]] or [[compare]] tables: nothing to run");
  if (jobs_node && !jobs_node->is_array_of_tables())
    fail(source, *jobs_node, "'job' must be an array of tables ([[job]])");
  if (const uint64_t count = jobs_node ? count_instances(source, *jobs_node) : 0; count > max_instances)
    throw input_error(source + ": the batch expands to " +
                      (count == UINT64_MAX ? std::string("more than 10^19") : std::to_string(count)) +
                      " instances, more than the limit of " + std::to_string(max_instances) +
                      " (counted before expanding anything); split the batch or raise the limit "
                      "with --max-instances N");

  repeat_tracker repeats;
  int job_index = 0;
  for (const auto& jn : jobs_node ? *jobs_node->as_array() : no_jobs) {
    ++job_index;
    const toml::table& job = *jn.as_table();
    const std::string family =
        table_family(source, job, jn, "job " + std::to_string(job_index) + " has no 'family'", job_keys, "job").name;

    job_instance proto;
    proto.job_name = family;
    if (auto* n = job.get("name")) proto.job_name = get_string(source, *n, "name");
    proto.output = cfg.output;
    if (auto* n = job.get("output")) proto.output = parse_output(source, *n);
    proto.backend = cfg.backend;
    if (auto* n = job.get("backend")) proto.backend = parse_backend(source, *n);
    proto.seed = batch_seed;
    if (auto* n = job.get("seed")) proto.seed = parse_seed(source, *n);
    proto.checkpoint_s = batch_checkpoint;
    if (auto* n = job.get("checkpoint")) proto.checkpoint_s = parse_checkpoint(source, *n);
    proto.limits = batch_limits;
    if (auto* n = job.get("limits")) proto.limits = parse_limits(source, *n, batch_limits);

    if (auto* n = job.get("checks")) {
      if (!n->is_array()) fail(source, *n, "'checks' must be a list of check names");
      for (const auto& c : *n->as_array()) {
        const std::string cname = get_string(source, c, "checks");
        try {
          find_check(cname);
        } catch (const input_error& e) {
          fail(source, c, e.what());
        }
        if (std::find(proto.checks.begin(), proto.checks.end(), cname) != proto.checks.end())
          fail(source, c, "check '" + cname + "' is listed twice");
        proto.checks.push_back(cname);
      }
    }
    if (auto* n = job.get("options")) {
      if (!n->is_table()) fail(source, *n, "'options' must be a table of per-check tables");
      for (const auto& [ck, cv] : *n->as_table()) {
        try {
          find_check(std::string(ck.str()));
        } catch (const input_error& e) {
          fail(source, cv, std::string("options: ") + e.what());
        }
        if (!cv.is_table())
          fail(source, cv, "options." + std::string(ck.str()) + " must be a table of option = value");
        std::stringstream ss;
        ss << toml::json_formatter{cv};
        proto.check_options[std::string(ck.str())] = nlohmann::json::parse(ss.str());
        proto.option_where[std::string(ck.str())] = where(source, cv.source());
        for (const auto& [key, value] : *cv.as_table())
          proto.option_where[std::string(ck.str()) + "." + std::string(key.str())] = where(source, key.source());
      }
    }
    if (auto* n = job.get("claims")) {
      const std::vector<std::string> patterns = parse_claims(source, *n);
      if (proto.check_options.contains("claims") && proto.check_options["claims"].contains("ids"))
        fail(source, *n, "claim ids are given twice: use 'claims = [...]' or options.claims.ids, not both");
      proto.check_options["claims"]["ids"] = patterns;
      // The claims check itself is looked up when the run starts, so batch files can
      // name claims in builds whose catalog grows later.
      if (std::find(proto.checks.begin(), proto.checks.end(), "claims") == proto.checks.end())
        proto.checks.push_back("claims");
    }

    for (auto& inst : sweep_table(source, family, job, jn)) {
      job_instance ji = proto;
      ji.inst = std::move(inst);
      if (repeats.first_time(ji)) cfg.instances.push_back(std::move(ji));
    }
  }
  for (std::string& w : repeats.warnings(source)) cfg.warnings.push_back(std::move(w));
  if (compare_node) {
    job_instance defaults;
    defaults.output = cfg.output;
    defaults.backend = cfg.backend;
    defaults.seed = batch_seed;
    defaults.checkpoint_s = batch_checkpoint;
    defaults.limits = batch_limits;
    parse_compare_tables(source, *compare_node, defaults, max_instances, cfg);
  }
  if (const toml::node* claims = root.get("claim")) parse_claim_tables(source, *claims, cfg);
  std::stable_sort(cfg.instances.begin(), cfg.instances.end(),
                   [](const job_instance& a, const job_instance& b) {
                     return a.inst.nodes() < b.inst.nodes();
                   });
  return cfg;
}

batch_config load_batch(const std::string& path, uint64_t max_instances) {
  return parse_batch(read_input_file(path, "batch file"), path, max_instances);
}

}  // namespace tv::host
