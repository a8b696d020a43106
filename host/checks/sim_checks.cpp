// The simulation checks (see sim_checks.hpp).  Defaults follow the papers: each family's
// own broadcast scheme, every source while N <= 65,536 else a seeded sample of 1,024,
// every operator and both operand orders for prefix.  A check that does not apply to a
// family records {"skipped": reason}; a malformed option is an input_error.
#include "host/checks/sim_checks.hpp"

#include <set>

#include "host/errors.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::host {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

constexpr uint64_t every_source_limit = 65536;
constexpr uint64_t default_source_sample = 1024;
constexpr uint64_t every_pair_limit = uint64_t{1} << 26;  // ordered pairs
constexpr uint64_t default_pair_sample = uint64_t{1} << 20;

/// Options of one check: typed getters that name the check and key on a bad value, and
/// a final check that every key was known.
class options {
 public:
  options(const json& o, std::string check) : o_(o), check_(std::move(check)) {
    if (!o_.is_object()) throw input_error(check_ + ": options must be a table");
  }
  std::string str(const std::string& key, const std::string& def) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (!o_[key].is_string()) fail(key, "a string");
    return o_[key].get<std::string>();
  }
  uint64_t num(const std::string& key, uint64_t def, uint64_t lo, uint64_t hi) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (!o_[key].is_number_integer() || o_[key].get<long long>() < 0) fail(key, "a non-negative integer");
    const uint64_t v = o_[key].get<uint64_t>();
    if (v < lo || v > hi)
      throw input_error(check_ + ": option " + key + " = " + std::to_string(v) + " is out of range " +
                        std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }
  bool flag(const std::string& key, bool def) {
    used_.insert(key);
    if (!o_.contains(key)) return def;
    if (!o_[key].is_boolean()) fail(key, "true or false");
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
    if (!o_[key].is_array()) fail(key, "a string or a list of strings");
    std::vector<std::string> v;
    for (const auto& x : o_[key]) {
      if (!x.is_string()) fail(key, "a string or a list of strings");
      v.push_back(x.get<std::string>());
    }
    return v;
  }
  void finish() const {
    for (auto it = o_.begin(); it != o_.end(); ++it)
      if (!used_.count(it.key())) {
        std::string known;
        for (const auto& k : used_) known += (known.empty() ? "" : ", ") + k;
        throw input_error(check_ + ": unknown option '" + it.key() + "' (known: " + known + ")");
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

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& what) const {
    throw input_error(check_ + ": option " + key + " must be " + what);
  }
  const json& o_;
  std::string check_;
  std::set<std::string> used_;
};

std::string bits_of_label(uint64_t x, int width) {
  std::string s(width, '0');
  for (int i = 0; i < width; ++i)
    if ((x >> (width - 1 - i)) & 1u) s[i] = '1';
  return s;
}

/// Sources: "all", a sample size, or an explicit list of labels (bit strings).
std::vector<uint64_t> pick_sources(options& o, const families::family& f, uint64_t& seed_out,
                                   std::string& how) {
  const uint64_t n = families::size_of(f);
  seed_out = o.num("seed", 1, 0, ~uint64_t{0} >> 1);
  uint64_t count = n <= every_source_limit ? n : std::min(n, default_source_sample);
  if (o.has("sources")) {
    const json& s = o.raw("sources");
    if (s.is_string() && s.get<std::string>() == "all") {
      count = n;
    } else if (s.is_number_integer() && s.get<long long>() > 0) {
      count = std::min<uint64_t>(n, s.get<uint64_t>());
    } else if (s.is_array()) {
      std::vector<uint64_t> v;
      const int w = families::bits_of(f);
      for (const auto& x : s) {
        if (!x.is_string() || x.get<std::string>().size() != static_cast<size_t>(w) ||
            x.get<std::string>().find_first_not_of("01") != std::string::npos)
          throw input_error("sources: each entry must be a " + std::to_string(w) + "-bit label");
        uint64_t label = 0;
        for (char c : x.get<std::string>()) label = (label << 1) | static_cast<uint64_t>(c == '1');
        if (!families::contains(f, label))
          throw input_error("sources: " + x.get<std::string>() + " is not a node");
        v.push_back(families::rank(f, label));
      }
      how = "list";
      return v;
    } else {
      throw input_error("sources must be \"all\", a positive integer or a list of labels");
    }
  }
  how = count == n ? "all" : "sample";
  if (count == n) return {};
  return sim::sample_indices(n, count, seed_out);
}

}  // namespace

// ---- routing ---------------------------------------------------------------------------

void run_routing_check(check_context& ctx, ojson& r) {
  options o(ctx.options, "routing");
  const families::family& f = ctx.inst.net;
  std::string def = "efc_unicast";
  if (std::holds_alternative<families::postal_network>(f)) def = "pn_adaptive";
  if (std::holds_alternative<families::hypercube>(f)) def = "ecube";
  sim::routing_options opt;
  opt.rule.algorithm = o.parse("algorithm", sim::parse_routing_algorithm, o.str("algorithm", def));
  const bool ecube = opt.rule.algorithm == sim::routing_algorithm::ecube;
  opt.rule.choice = o.parse("choice", sim::parse_choice_rule, o.str("choice", ecube ? "lowest" : "random"));
  opt.rule.seed = o.num("seed", 1, 0, ~uint64_t{0} >> 1);
  opt.rule.spare_limit = static_cast<int>(o.num("spare_limit", 1, 0, 15));
  const uint64_t n = families::size_of(f);
  const uint64_t all_pairs = n < 2 ? 0 : n * (n - 1);
  uint64_t sample = all_pairs <= every_pair_limit ? 0 : default_pair_sample;
  if (o.has("pairs")) {
    const json& p = o.raw("pairs");
    if (p.is_string() && p.get<std::string>() == "all") sample = 0;
    else if (p.is_number_integer() && p.get<long long>() > 0) sample = p.get<uint64_t>();
    else throw input_error("routing: option pairs must be \"all\" or a positive integer");
  }
  opt.sample_seed = o.num("sample_seed", 1, 0, ~uint64_t{0} >> 1);
  o.finish();
  ojson out;
  out["algorithm"] = sim::routing_algorithm_name(opt.rule.algorithm);
  out["choice"] = sim::choice_rule_name(opt.rule.choice);
  const std::string why = sim::routing_unsupported(f, opt.rule);
  if (!why.empty()) {
    if (o.has("algorithm") || o.has("choice")) throw input_error("routing: " + why);
    out["skipped"] = why;
    r["routing"] = out;
    return;
  }
  opt.sample_pairs = sample;
  const sim::routing_result res = sim::route_all(ctx.backend, f, opt);
  const int w = families::bits_of(f);
  out["pairs"] = res.pairs;
  out["sampled"] = sample != 0;
  out["stuck"] = res.stuck;
  if (res.first_stuck)
    out["first_stuck"] = {{"source", bits_of_label(res.first_stuck->source, w)},
                          {"target", bits_of_label(res.first_stuck->target, w)},
                          {"at", bits_of_label(res.first_stuck->at, w)},
                          {"hops", res.first_stuck->hops}};
  else
    out["first_stuck"] = nullptr;
  out["max_excess"] = res.max_excess;
  out["delivered"] = res.delivered;
  out["hops_sum"] = res.hops_sum;
  out["excess_sum"] = res.excess_sum;
  out["hop_histogram"] = res.hop_histogram;
  out["excess_histogram"] = res.excess_histogram;
  if (opt.rule.choice == sim::choice_rule::random) out["seed"] = opt.rule.seed;
  if (opt.rule.algorithm == sim::routing_algorithm::pn_nonminimal)
    out["spare_limit"] = opt.rule.spare_limit;
  r["routing"] = out;
}

// ---- broadcast -------------------------------------------------------------------------

void run_broadcast_check(check_context& ctx, ojson& r) {
  options o(ctx.options, "broadcast");
  const families::family& f = ctx.inst.net;
  sim::broadcast_options opt;
  const std::string def = sim::broadcast_scheme_name(sim::default_scheme(f));
  opt.scheme = o.parse("scheme", sim::parse_broadcast_scheme, o.str("scheme", def));
  opt.mode = o.parse("mode", sim::parse_tree_mode, o.str("mode", "auto"));
  opt.flood_exclude_sender = o.flag("exclude_sender", true);
  opt.relay_new_only = o.flag("relay_new_only", false);
  opt.words = static_cast<int>(o.num("words", 0, 0, 64));
  uint64_t seed = 1;
  std::string how;
  opt.sources = pick_sources(o, f, seed, how);
  o.finish();
  ojson out;
  out["scheme"] = sim::broadcast_scheme_name(opt.scheme);
  const std::string why = sim::broadcast_unsupported(f, opt.scheme, opt.mode);
  if (!why.empty()) {
    if (o.has("scheme") || o.has("mode")) throw input_error("broadcast: " + why);
    out["skipped"] = why;
    r["broadcast"] = out;
    return;
  }
  if (opt.scheme == sim::broadcast_scheme::debruijn_all_to_all) {
    opt.sources.clear();  // every node broadcasts
    how = "all";
  }
  const sim::broadcast_result res = sim::broadcast(ctx.backend, f, ctx.graph(), opt);
  const int w = families::bits_of(f);
  const sim::tree_mode mode = sim::resolve_tree_mode(f, opt.scheme, opt.mode);
  if (mode != sim::tree_mode::automatic) out["mode"] = sim::tree_mode_name(mode);
  out["sources"] = res.sources;
  out["source_selection"] = how;
  if (how == "sample") out["seed"] = seed;
  out["rounds_max"] = res.rounds_max;
  out["rounds_min"] = res.rounds_min;
  out["messages"] = res.messages;
  out["duplicates"] = res.duplicates;
  out["unreached"] = res.unreached;
  out["incomplete_sources"] = res.incomplete_sources;
  out["first_incomplete_source"] =
      res.first_incomplete_source
          ? ojson(bits_of_label(families::unrank(f, *res.first_incomplete_source), w))
          : ojson(nullptr);
  out["active_rounds"] = res.active_rounds;
  out["informed_per_round"] = res.informed_per_round;
  out["messages_per_round"] = res.messages_per_round;
  if (opt.scheme == sim::broadcast_scheme::debruijn_all_to_all) {
    out["relay_new_only"] = opt.relay_new_only;
    out["link_load_max"] = std::vector<uint64_t>(res.link_load_max.begin() + 1, res.link_load_max.end());
    out["link_load_min"] = std::vector<uint64_t>(res.link_load_min.begin() + 1, res.link_load_min.end());
    out["link_load_total"] =
        std::vector<uint64_t>(res.link_load_total.begin() + 1, res.link_load_total.end());
  }
  r["broadcast"] = out;
}

// ---- postal ----------------------------------------------------------------------------

void run_postal_check(check_context& ctx, ojson& r) {
  options o(ctx.options, "postal");
  const families::family& f = ctx.inst.net;
  const auto* pn = std::get_if<families::postal_network>(&f);
  std::string def = "bfs";
  if (pn) def = "postal";
  else if (std::holds_alternative<families::enhanced_fibonacci_cube>(f)) def = "eft";
  else if (families::has_hamming_edges(f) && families::contains(f, 0) &&
           sim::tree_unsupported(f, sim::tree_kind::binomial).empty() &&
           !std::holds_alternative<families::metacube>(f))
    def = "binomial";
  const sim::tree_kind tk = o.parse("tree", sim::parse_tree_kind, o.str("tree", def));
  const uint64_t lambda = o.num("lambda", pn ? static_cast<uint64_t>(pn->lambda) : 1, 1, 1 << 20);
  o.finish();
  ojson out;
  out["tree"] = sim::tree_kind_name(tk);
  out["lambda"] = lambda;
  const std::string why = sim::tree_unsupported(f, tk);
  if (!why.empty()) {
    if (o.has("tree")) throw input_error("postal: " + why);
    out["skipped"] = why;
    r["postal"] = out;
    return;
  }
  sim::spanning_tree t;
  try {
    t = sim::make_tree(f, tk, tk == sim::tree_kind::bfs ? &ctx.graph() : nullptr);
  } catch (const std::invalid_argument& e) {
    out["skipped"] = e.what();
    r["postal"] = out;
    return;
  }
  const sim::postal_result res = sim::postal_model(ctx.backend, t, lambda);
  out["nodes"] = res.nodes;
  out["broadcast_time"] = res.broadcast_time;
  out["gather_time"] = res.gather_time;
  out["barrier_time"] = res.barrier_time;
  out["optimum"] = res.optimum;
  out["tree_height"] = t.height;
  r["postal"] = out;
}

// ---- multicast -------------------------------------------------------------------------

void run_multicast_check(check_context& ctx, ojson& r) {
  options o(ctx.options, "multicast");
  const auto* efc = std::get_if<families::enhanced_fibonacci_cube>(&ctx.inst.net);
  const auto names = o.list("scheme", {"eft_tree", "hamiltonian"});
  sim::multicast_options opt;
  opt.instances = o.num("instances", 1000, 1, uint64_t{1} << 26);
  opt.destinations = static_cast<uint32_t>(o.num("destinations", 8, 1, 64));
  opt.seed = o.num("seed", 1, 0, ~uint64_t{0} >> 1);
  std::vector<sim::multicast_scheme> schemes;
  for (const auto& s : names) schemes.push_back(o.parse("scheme", sim::parse_multicast_scheme, s));
  o.finish();
  if (!efc) {
    r["multicast"] = {{"skipped", "the multicast heuristics of papers/001 run on efc"}};
    return;
  }
  ojson list = ojson::array();
  for (auto s : schemes) {
    opt.scheme = s;
    ojson out;
    out["scheme"] = sim::multicast_scheme_name(s);
    const std::string why = sim::multicast_unsupported(*efc, opt);
    if (!why.empty()) {
      out["skipped"] = why;
      list.push_back(out);
      continue;
    }
    const sim::multicast_result m = sim::multicast(ctx.backend, *efc, opt);
    const double inst = static_cast<double>(m.instances);
    out["instances"] = m.instances;
    out["destinations"] = m.destinations;
    out["seed"] = opt.seed;
    out["delivered_all"] = m.delivered_all;
    out["undelivered"] = m.undelivered;
    out["time_mean"] = m.time_sum / inst;
    out["time_bound_mean"] = m.time_bound_sum / inst;
    out["time_max"] = m.time_max;
    out["time_at_bound"] = m.time_at_bound;
    out["max_time_gap"] = m.max_time_gap;
    out["traffic_mean"] = m.traffic_sum / inst;
    out["traffic_bound_mean"] = m.traffic_bound_sum / inst;
    out["traffic_max"] = m.traffic_max;
    out["traffic_at_bound"] = m.traffic_at_bound;
    out["max_traffic_gap"] = m.max_traffic_gap;
    list.push_back(out);
  }
  r["multicast"] = list.size() == 1 ? list[0] : list;
}

// ---- prefix ----------------------------------------------------------------------------

void run_prefix_check(check_context& ctx, ojson& r) {
  options o(ctx.options, "prefix");
  const families::family& f = ctx.inst.net;
  const bool mc = std::holds_alternative<families::metacube>(f);
  const auto alg = o.parse("algorithm", sim::parse_prefix_algorithm,
                           o.str("algorithm", mc ? "metacube" : "hypercube"));
  const auto ops = o.list("operator", {"add", "max", "xor", "affine"});
  const auto orders = o.list("order", {"printed", "address"});
  const auto partner = o.parse("partner", sim::parse_partner_reading, o.str("partner", "owner"));
  const auto input = o.parse("input", sim::parse_prefix_input, o.str("input", "index"));
  const uint64_t seed = o.num("seed", 1, 0, ~uint64_t{0} >> 1);
  std::vector<sim::prefix_operator> op_list;
  std::vector<sim::operand_order> order_list;
  for (const auto& s : ops) op_list.push_back(o.parse("operator", sim::parse_prefix_operator, s));
  for (const auto& s : orders) order_list.push_back(o.parse("order", sim::parse_operand_order, s));
  o.finish();
  const std::string why = sim::prefix_unsupported(f, alg);
  if (!why.empty()) {
    if (o.has("algorithm")) throw input_error("prefix: " + why);
    r["prefix"] = {{"algorithm", sim::prefix_algorithm_name(alg)}, {"skipped", why}};
    return;
  }
  const int w = families::bits_of(f);
  ojson list = ojson::array();
  for (auto op : op_list)
    for (auto order : order_list) {
      sim::prefix_options opt;
      opt.algorithm = alg;
      opt.op = op;
      opt.order = order;
      opt.partner = partner;
      opt.input = input;
      opt.seed = seed;
      const sim::prefix_result p = sim::prefix(ctx.backend, f, opt);
      ojson out;
      out["algorithm"] = sim::prefix_algorithm_name(alg);
      out["operator"] = sim::prefix_operator_name(op);
      out["order"] = sim::operand_order_name(order);
      if (alg == sim::prefix_algorithm::metacube) out["partner"] = sim::partner_reading_name(partner);
      out["input"] = sim::prefix_input_name(input);
      out["correct"] = p.correct;
      out["mismatches"] = p.mismatches;
      out["first_mismatch"] = p.first_mismatch ? ojson(bits_of_label(*p.first_mismatch, w)) : ojson(nullptr);
      out["comm_steps"] = p.comm_steps;
      out["comp_steps"] = p.comp_steps;
      out["messages"] = p.messages;
      out["non_edge_messages"] = p.non_edge_messages;
      if (p.first_non_edge)
        out["first_non_edge"] = {bits_of_label(p.first_non_edge->first, w),
                                 bits_of_label(p.first_non_edge->second, w)};
      if (alg == sim::prefix_algorithm::metacube) {
        out["text_condition_false"] = p.text_condition_false;
        out["text_condition_mismatches"] = p.text_condition_mismatches;
      }
      list.push_back(out);
    }
  r["prefix"] = list.size() == 1 ? list[0] : list;
}

}  // namespace tv::host
