// The simulation checks (see sim_checks.hpp).  Defaults follow the papers: each family's
// own broadcast scheme, every source while N <= 65,536 else a seeded sample of 1,024,
// every operator and both operand orders for prefix.  A check that does not apply to a
// family records {"skipped": reason}; a malformed option is an input_error.
#include "host/checks/sim_checks.hpp"

#include "host/checks/sim_names.hpp"
#include "host/checks/sim_options.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "kernels/sim/broadcast.hpp"
#include "kernels/sim/multicast.hpp"
#include "kernels/sim/postal.hpp"
#include "kernels/sim/prefix.hpp"
#include "kernels/sim/routing.hpp"

namespace tv::host {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

/// The simulators follow a family's rules on its labels; a network read from a file has
/// none, so the check records why it is skipped (true) instead of running.
bool skipped_without_family(const check_context& ctx, const std::string& check, ojson& r) {
  if (ctx.inst.label_defined()) return false;
  r[check] = {{"skipped", check + " follows the rules of a label-defined family; a network "
                                  "given as a graph (read from a file, or an architects' family) has none"}};
  return true;
}

/// The fields every broadcast writes, from its sources to its rounds; `node_of` names a
/// node by its rank.
template <class NodeName>
void put_broadcast(ojson& out, const sim::broadcast_result& res, const std::string& how, uint64_t seed,
                   NodeName node_of) {
  out["sources"] = res.sources;
  out["source_selection"] = how;
  if (how == "sample") out["seed"] = seed;
  using count = std::pair<const char*, uint64_t>;
  for (const auto& [key, value] :
       {count{"rounds_max", res.rounds_max}, count{"rounds_min", res.rounds_min},
        count{"messages", res.messages}, count{"duplicates", res.duplicates},
        count{"unreached", res.unreached}, count{"incomplete_sources", res.incomplete_sources}})
    out[key] = value;
  out["first_incomplete_source"] =
      res.first_incomplete_source ? ojson(node_of(*res.first_incomplete_source)) : ojson(nullptr);
  out["active_rounds"] = res.active_rounds;
  out["informed_per_round"] = res.informed_per_round;
  out["messages_per_round"] = res.messages_per_round;
}

/// Flooding on a network read from a file: the one scheme that needs only the graph.
void run_file_broadcast(check_context& ctx, ojson& r) {
  const broadcast_settings s = parse_file_broadcast_options(ctx.options, ctx.inst.nodes());
  const graph::csr_graph& g = ctx.graph();
  const sim::broadcast_result res = sim::flood(ctx.backend, g, s.opt);
  ojson out;
  out["scheme"] = sim_name(s.opt.scheme);
  put_broadcast(out, res, s.selection, s.seed, [&](uint64_t v) { return node_name(g.labels[v], ctx.inst.bits()); });
  r["broadcast"] = out;
}

}  // namespace

// ---- routing ---------------------------------------------------------------------------

void run_routing_check(check_context& ctx, ojson& r) {
  if (skipped_without_family(ctx, "routing", r)) return;
  const families::family& f = ctx.inst.net;
  const routing_settings settings = parse_routing_options(ctx.options, f);
  sim::routing_options opt = settings.opt;
  ojson out;
  out["algorithm"] = sim_name(opt.rule.algorithm);
  out["choice"] = sim_name(opt.rule.choice);
  const std::string why = sim::routing_unsupported(f, opt.rule);
  if (!why.empty()) {
    if (settings.rule_given) throw input_error("routing: " + why);
    out["skipped"] = why;
    r["routing"] = out;
    return;
  }
  const uint64_t sample = opt.sample_pairs;
  const sim::routing_result res = ctx.route_all(f, opt);
  const int w = families::bits_of(f);
  out["pairs"] = res.pairs;
  out["sampled"] = sample != 0;
  out["stuck"] = res.stuck;
  if (res.first_stuck)
    out["first_stuck"] = {{"source", label_bits(res.first_stuck->source, w)},
                          {"target", label_bits(res.first_stuck->target, w)},
                          {"at", label_bits(res.first_stuck->at, w)},
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
  if (!ctx.inst.label_defined()) {
    run_file_broadcast(ctx, r);
    return;
  }
  const families::family& f = ctx.inst.net;
  const broadcast_settings settings = parse_broadcast_options(ctx.options, f);
  sim::broadcast_options opt = settings.opt;
  const uint64_t seed = settings.seed;
  std::string how = settings.selection;
  opt.sources = broadcast_sources(settings, f);
  ojson out;
  out["scheme"] = sim_name(opt.scheme);
  const std::string why = sim::broadcast_unsupported(f, opt.scheme, opt.mode);
  if (!why.empty()) {
    if (settings.scheme_given) throw input_error("broadcast: " + why);
    out["skipped"] = why;
    r["broadcast"] = out;
    return;
  }
  if (opt.scheme == sim::broadcast_scheme::debruijn_all_to_all) {
    opt.sources.clear();  // every node broadcasts
    how = "all";
  }
  const sim::broadcast_result res = ctx.broadcast(f, ctx.graph(), opt);
  const int w = families::bits_of(f);
  const sim::tree_mode mode = sim::resolve_tree_mode(f, opt.scheme, opt.mode);
  if (mode != sim::tree_mode::automatic) out["mode"] = sim_name(mode);
  put_broadcast(out, res, how, seed, [&](uint64_t rank) { return label_bits(families::unrank(f, rank), w); });
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
  if (skipped_without_family(ctx, "postal", r)) return;
  const families::family& f = ctx.inst.net;
  const postal_settings settings = parse_postal_options(ctx.options, f);
  const sim::tree_kind tk = settings.tree;
  const uint64_t lambda = settings.lambda;
  ojson out;
  out["tree"] = sim_name(tk);
  out["lambda"] = lambda;
  const std::string why = sim::tree_unsupported(f, tk);
  if (!why.empty()) {
    if (settings.tree_given) throw input_error("postal: " + why);
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
  if (skipped_without_family(ctx, "multicast", r)) return;
  const auto* efc = std::get_if<families::enhanced_fibonacci_cube>(&ctx.inst.net);
  const multicast_settings settings = parse_multicast_options(ctx.options, ctx.inst.net);
  sim::multicast_options opt = settings.opt;
  const std::vector<sim::multicast_scheme>& schemes = settings.schemes;
  if (!efc) {
    r["multicast"] = {{"skipped", "the multicast heuristics of papers/001 run on efc"}};
    return;
  }
  ojson list = ojson::array();
  for (auto s : schemes) {
    opt.scheme = s;
    ojson out;
    out["scheme"] = sim_name(s);
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
  if (skipped_without_family(ctx, "prefix", r)) return;
  const families::family& f = ctx.inst.net;
  const prefix_settings settings = parse_prefix_options(ctx.options, f);
  sim::prefix_options opt = settings.opt;
  const sim::prefix_algorithm alg = opt.algorithm;
  const std::string why = sim::prefix_unsupported(f, alg);
  if (!why.empty()) {
    if (settings.algorithm_given) throw input_error("prefix: " + why);
    r["prefix"] = {{"algorithm", sim_name(alg)}, {"skipped", why}};
    return;
  }
  const int w = families::bits_of(f);
  ojson list = ojson::array();
  for (auto op : settings.operators)
    for (auto order : settings.orders) {
      opt.op = op;
      opt.order = order;
      const sim::prefix_result p = sim::prefix(ctx.backend, f, opt);
      ojson out;
      out["algorithm"] = sim_name(alg);
      out["operator"] = sim_name(op);
      out["order"] = sim_name(order);
      if (alg == sim::prefix_algorithm::metacube) out["partner"] = sim_name(opt.partner);
      out["input"] = sim_name(opt.input);
      out["correct"] = p.correct;
      out["mismatches"] = p.mismatches;
      out["first_mismatch"] = p.first_mismatch ? ojson(label_bits(*p.first_mismatch, w)) : ojson(nullptr);
      out["comm_steps"] = p.comm_steps;
      out["comp_steps"] = p.comp_steps;
      out["messages"] = p.messages;
      out["non_edge_messages"] = p.non_edge_messages;
      if (p.first_non_edge)
        out["first_non_edge"] = {label_bits(p.first_non_edge->first, w),
                                 label_bits(p.first_non_edge->second, w)};
      if (alg == sim::prefix_algorithm::metacube) {
        out["text_condition_false"] = p.text_condition_false;
        out["text_condition_mismatches"] = p.text_condition_mismatches;
      }
      list.push_back(out);
    }
  r["prefix"] = list.size() == 1 ? list[0] : list;
}

}  // namespace tv::host
