// The simulation checks' option parsers (see sim_options.hpp).  Defaults follow the
// papers: each family's own broadcast scheme, every source while N <= 65,536 else a
// seeded sample of 1,024, every operator and both operand orders for prefix.
#include "host/checks/sim_options.hpp"

#include <set>

#include "host/checks/sim_names.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

namespace {

using json = nlohmann::json;

constexpr uint64_t every_source_limit = 65536;
constexpr uint64_t default_source_sample = 1024;
constexpr uint64_t every_pair_limit = uint64_t{1} << 26;  // ordered pairs
constexpr uint64_t default_pair_sample = uint64_t{1} << 20;
constexpr uint64_t max_seed = ~uint64_t{0} >> 1;

/// Options of one check: typed getters that name the check, the key and the allowed
/// values on a bad value, and a final check that every key was known.
class option_reader {
 public:
  option_reader(const json& o, std::string check) : o_(o), check_(std::move(check)) {
    if (!o_.is_object()) throw input_error(check_ + ": options must be a table");
  }
  std::string str(const std::string& key, const std::string& def) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (!o_[key].is_string()) fail(key, "must be a string");
    return o_[key].get<std::string>();
  }
  uint64_t num(const std::string& key, uint64_t def, uint64_t lo, uint64_t hi) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
    if (!o_[key].is_number_integer() || o_[key].get<long long>() < 0)
      fail(key, "must be an integer in " + range);
    const uint64_t v = o_[key].get<uint64_t>();
    if (v < lo || v > hi) fail(key, "is out of range " + range);
    return v;
  }
  bool flag(const std::string& key, bool def) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (!o_[key].is_boolean()) fail(key, "must be true or false");
    return o_[key].get<bool>();
  }
  bool has(const std::string& key) const { return o_.contains(key); }
  const json& raw(const std::string& key) {
    used_.insert(key);
    return o_[key];
  }
  /// Strings, or one string, or the default list.
  std::vector<std::string> list(const std::string& key, const std::vector<std::string>& def) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (o_[key].is_string()) return {o_[key].get<std::string>()};
    if (!o_[key].is_array() || o_[key].empty()) fail(key, "must be a string or a non-empty list of strings");
    std::vector<std::string> v;
    for (const auto& x : o_[key]) {
      if (!x.is_string()) fail(key, "must be a string or a non-empty list of strings");
      v.push_back(x.get<std::string>());
    }
    return v;
  }
  void finish() const {
    for (auto it = o_.begin(); it != o_.end(); ++it)
      if (!used_.count(it.key())) {
        std::string known;
        for (const auto& k : used_) known += (known.empty() ? "" : ", ") + k;
        throw input_error(check_ + ": unknown option '" + echo_value(it.key()) + "' (known: " + known + ")");
      }
  }
  /// Turns a parser's std::invalid_argument into an input_error naming the option.
  template <class F>
  auto parse(const std::string& key, F&& f, const std::string& value) {
    try {
      return f(value);
    } catch (const std::invalid_argument& e) {
      throw input_error(check_ + ": option " + key + ": " + e.what());
    }
  }
  /// "CHECK: option KEY = VALUE WHAT".
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw input_error(check_ + ": option " + key + " = " + echo_value(o_[key].dump()) + " " + what);
  }

 private:
  const json& o_;
  std::string check_;
  std::set<std::string> used_;
};

/// Sources: "all", a sample size, or an explicit list of labels (bit strings) or node
/// indices (0..N-1, in label order), each checked against the family's N.
void read_sources(option_reader& o, const families::family& f, broadcast_settings& s) {
  const uint64_t n = families::size_of(f);
  s.seed = o.num("seed", 1, 0, max_seed);
  uint64_t count = n <= every_source_limit ? n : std::min(n, default_source_sample);
  if (o.has("sources")) {
    const json& v = o.raw("sources");
    const std::string allowed = "must be \"all\", a sample size from 1, or a list of " +
                                std::to_string(families::bits_of(f)) + "-bit labels or indices 0.." +
                                std::to_string(n - 1);
    if (v.is_string() && v.get<std::string>() == "all") {
      count = n;
    } else if (v.is_number_integer() && v.get<long long>() > 0) {
      count = std::min<uint64_t>(n, v.get<uint64_t>());
    } else if (v.is_array() && !v.empty()) {
      const int w = families::bits_of(f);
      std::set<uint64_t> seen;
      for (const auto& x : v) {
        uint64_t rank = 0;
        if (x.is_number_integer()) {
          if (x.get<long long>() < 0 || x.get<uint64_t>() >= n)
            throw input_error("broadcast: option sources: index " + x.dump() + " is out of range 0.." +
                              std::to_string(n - 1) + " (N = " + std::to_string(n) + ")");
          rank = x.get<uint64_t>();
        } else {
          if (!x.is_string() || x.get<std::string>().size() != static_cast<size_t>(w) ||
              x.get<std::string>().find_first_not_of("01") != std::string::npos)
            throw input_error("broadcast: option sources: " + echo_value(x.dump()) + " is not a " +
                              std::to_string(w) + "-bit label nor an index 0.." + std::to_string(n - 1));
          uint64_t label = 0;
          for (char c : x.get<std::string>()) label = (label << 1) | static_cast<uint64_t>(c == '1');
          if (!families::contains(f, label))
            throw input_error("broadcast: option sources: " + x.get<std::string>() + " is not a node");
          rank = families::rank(f, label);
        }
        if (!seen.insert(rank).second)
          throw input_error("broadcast: option sources: " + echo_value(x.dump()) + " is listed twice");
        s.listed.push_back(rank);
      }
      s.selection = "list";
      return;
    } else {
      o.fail("sources", allowed);
    }
  }
  s.selection = count == n ? "all" : "sample";
  s.sample = count == n ? 0 : count;
}

}  // namespace

routing_settings parse_routing_options(const json& options, const families::family& f) {
  option_reader o(options, "routing");
  routing_settings s;
  std::string def = "efc_unicast";
  if (std::holds_alternative<families::postal_network>(f)) def = "pn_adaptive";
  if (std::holds_alternative<families::hypercube>(f)) def = "ecube";
  sim::routing_options& opt = s.opt;
  opt.rule.algorithm = o.parse("algorithm", parse_sim_name<sim::routing_algorithm>, o.str("algorithm", def));
  const bool ecube = opt.rule.algorithm == sim::routing_algorithm::ecube;
  opt.rule.choice = o.parse("choice", parse_sim_name<sim::choice_rule>, o.str("choice", ecube ? "lowest" : "random"));
  opt.rule.seed = o.num("seed", 1, 0, max_seed);
  opt.rule.spare_limit = static_cast<int>(o.num("spare_limit", 1, 0, 15));
  const uint64_t n = families::size_of(f);
  const uint64_t all_pairs = n < 2 ? 0 : n * (n - 1);
  opt.sample_pairs = all_pairs <= every_pair_limit ? 0 : default_pair_sample;
  if (o.has("pairs")) {
    const json& p = o.raw("pairs");
    if (p.is_string() && p.get<std::string>() == "all") opt.sample_pairs = 0;
    else if (p.is_number_integer() && p.get<long long>() > 0) opt.sample_pairs = p.get<uint64_t>();
    else o.fail("pairs", "must be \"all\" or a sample size from 1");
  }
  // A sample as large as every ordered pair would draw pairs again and miss others: run
  // every pair instead, as a sample of sources larger than N runs every source (a sweep
  // may give one sample size to instances of every size).
  if (opt.sample_pairs >= all_pairs) opt.sample_pairs = 0;
  opt.sample_seed = o.num("sample_seed", 1, 0, max_seed);
  o.finish();
  s.rule_given = o.has("algorithm") || o.has("choice");
  if (s.rule_given)
    if (const std::string why = sim::routing_unsupported(f, opt.rule); !why.empty())
      throw input_error("routing: " + why);
  return s;
}

broadcast_settings parse_broadcast_options(const json& options, const families::family& f) {
  option_reader o(options, "broadcast");
  broadcast_settings s;
  const std::string def = sim_name(sim::default_scheme(f));
  s.opt.scheme = o.parse("scheme", parse_sim_name<sim::broadcast_scheme>, o.str("scheme", def));
  s.opt.mode = o.parse("mode", parse_sim_name<sim::tree_mode>, o.str("mode", "auto"));
  s.opt.flood_exclude_sender = o.flag("exclude_sender", true);
  s.opt.relay_new_only = o.flag("relay_new_only", false);
  s.opt.words = static_cast<int>(o.num("words", 0, 0, 64));
  read_sources(o, f, s);
  o.finish();
  s.scheme_given = o.has("scheme") || o.has("mode");
  if (s.scheme_given)
    if (const std::string why = sim::broadcast_unsupported(f, s.opt.scheme, s.opt.mode); !why.empty())
      throw input_error("broadcast: " + why);
  return s;
}

broadcast_settings parse_file_broadcast_options(const json& options, uint64_t n) {
  option_reader o(options, "broadcast");
  broadcast_settings s;
  s.opt.scheme = o.parse("scheme", parse_sim_name<sim::broadcast_scheme>, o.str("scheme", "flooding"));
  s.opt.flood_exclude_sender = o.flag("exclude_sender", true);
  s.opt.words = static_cast<int>(o.num("words", 0, 0, 64));
  s.seed = o.num("seed", 1, 0, max_seed);
  uint64_t count = n <= every_source_limit ? n : std::min(n, default_source_sample);
  if (o.has("sources")) {
    const json& v = o.raw("sources");
    if (v.is_string() && v.get<std::string>() == "all") count = n;
    else if (v.is_number_integer() && v.get<long long>() > 0) count = std::min<uint64_t>(n, v.get<uint64_t>());
    else o.fail("sources", "must be \"all\" or a sample size from 1 on a network read from a file");
  }
  o.finish();
  s.scheme_given = o.has("scheme");
  if (s.opt.scheme != sim::broadcast_scheme::flooding)
    throw input_error("broadcast: a network given as a graph (a file, an architects' family) follows no family's rules: its scheme is flooding");
  s.selection = count == n ? "all" : "sample";
  s.sample = count == n ? 0 : count;
  if (s.sample) s.opt.sources = sim::sample_indices(n, s.sample, s.seed);
  return s;
}

std::vector<uint64_t> broadcast_sources(const broadcast_settings& s, const families::family& f) {
  if (s.selection == "list") return s.listed;
  if (s.sample == 0) return {};
  return sim::sample_indices(families::size_of(f), s.sample, s.seed);
}

postal_settings parse_postal_options(const json& options, const families::family& f) {
  option_reader o(options, "postal");
  postal_settings s;
  const auto* pn = std::get_if<families::postal_network>(&f);
  std::string def = "bfs";
  if (pn) def = "postal";
  else if (std::holds_alternative<families::enhanced_fibonacci_cube>(f)) def = "eft";
  else if (families::has_hamming_edges(f) && families::contains(f, 0) &&
           sim::tree_unsupported(f, sim::tree_kind::binomial).empty() &&
           !std::holds_alternative<families::metacube>(f))
    def = "binomial";
  s.tree = o.parse("tree", parse_sim_name<sim::tree_kind>, o.str("tree", def));
  s.lambda = o.num("lambda", pn ? static_cast<uint64_t>(pn->lambda) : 1, 1, 1 << 20);
  o.finish();
  s.tree_given = o.has("tree");
  if (s.tree_given)
    if (const std::string why = sim::tree_unsupported(f, s.tree); !why.empty()) throw input_error("postal: " + why);
  return s;
}

multicast_settings parse_multicast_options(const json& options, const families::family&) {
  option_reader o(options, "multicast");
  multicast_settings s;
  const auto names = o.list("scheme", {"eft_tree", "hamiltonian"});
  s.opt.instances = o.num("instances", 1000, 1, uint64_t{1} << 26);
  s.opt.destinations = static_cast<uint32_t>(o.num("destinations", 8, 1, 64));
  s.opt.seed = o.num("seed", 1, 0, max_seed);
  for (const auto& name : names) s.schemes.push_back(o.parse("scheme", parse_sim_name<sim::multicast_scheme>, name));
  o.finish();
  return s;
}

prefix_settings parse_prefix_options(const json& options, const families::family& f) {
  option_reader o(options, "prefix");
  prefix_settings s;
  const bool mc = std::holds_alternative<families::metacube>(f);
  s.opt.algorithm = o.parse("algorithm", parse_sim_name<sim::prefix_algorithm>, o.str("algorithm", mc ? "metacube" : "hypercube"));
  const auto ops = o.list("operator", {"add", "max", "xor", "affine"});
  const auto orders = o.list("order", {"printed", "address"});
  s.opt.partner = o.parse("partner", parse_sim_name<sim::partner_reading>, o.str("partner", "owner"));
  s.opt.input = o.parse("input", parse_sim_name<sim::prefix_input>, o.str("input", "index"));
  s.opt.seed = o.num("seed", 1, 0, max_seed);
  for (const auto& name : ops) s.operators.push_back(o.parse("operator", parse_sim_name<sim::prefix_operator>, name));
  for (const auto& name : orders) s.orders.push_back(o.parse("order", parse_sim_name<sim::operand_order>, name));
  o.finish();
  s.algorithm_given = o.has("algorithm");
  if (s.algorithm_given)
    if (const std::string why = sim::prefix_unsupported(f, s.opt.algorithm); !why.empty())
      throw input_error("prefix: " + why);
  return s;
}

}  // namespace tv::host
