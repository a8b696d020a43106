// The `link_load` check: its options, its memory, and the `link_load` object of the
// record (docs/checks.md, "Link load check").  The loads are kernels/sim/link_load.cpp.
#include "host/checks/link_load_check.hpp"

#include <string>

#include "host/checks/link_load_sample.hpp"
#include "host/checks/option_values.hpp"
#include "host/checks/sim_names.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/records/labels.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::host {

namespace {

const std::string check_name = "link_load";
constexpr const char* shortest_path_name = "shortest_path";
constexpr int64_t largest_seed = int64_t{1} << 62;

/// The string value of an option naming one of a table's values, as input_error.
template <class E>
E parse_named(const std::string& key, const nlohmann::json& v, const std::string& extra = "") {
  if (v.is_string()) {
    try {
      return parse_sim_name<E>(v.get<std::string>());
    } catch (const std::invalid_argument& e) {
      throw input_error(check_name + ": option " + key + ": " + e.what() + extra);
    }
  }
  throw input_error(check_name + ": option " + key + " = " + echo_value(v.dump()) + " must be a string");
}

/// An option only a routing algorithm (or only `algorithm`) takes.
void require_algorithm(const link_load_settings& s, const std::string& key, bool applies, const std::string& to) {
  if (s.shortest_path || !applies)
    throw input_error(check_name + ": option " + key + " applies to " + to + ", not to algorithm = " +
                      (s.shortest_path ? shortest_path_name : sim_name(s.rule.algorithm)));
}

/// The record of a sample of targets (shortest paths) or sources (an algorithm)
/// (link_load_sample.hpp): the estimates and intervals that hold, null for what a sample
/// cannot say (the largest load's value and link, the histogram of loads whose per-link
/// estimates are noisy).
void run_sampled(check_context& ctx, const link_load_settings& s, const link_load_sample_plan& plan,
                 nlohmann::ordered_json& m) {
  const graph::csr_graph& g = ctx.graph();
  const uint64_t n = g.nodes, k = plan.units, pairs = n * (n - 1);
  const core::backend b = ctx.backend;
  const families::family& net = ctx.inst.net;
  const loads_of_parts loads_of = [&](const sim::unit_parts& parts, const sim::part_loads_sink& sink,
                                      const core::run_control& c) {
    if (s.shortest_path) sim::shortest_path_loads_toward_parts(b, g, s.shortest, parts, sink, c);
    else sim::routing_loads_from_parts(b, net, g, s.rule, parts, sink, c);
  };
  const link_load_estimate e = estimate_link_loads(g, plan, loads_of, ctx.control);
  const std::string units = s.shortest_path ? "target" : "source";
  const nlohmann::ordered_json none(nullptr);
  m["exact"] = false;
  const std::string batch = std::to_string(k / link_load_sample_batches);
  m["method"] = "sample of " + std::to_string(k) + " " + units + " routers in " + std::to_string(link_load_sample_batches) +
                " batches (seed " + std::to_string(plan.seed) +
                (s.sample_size ? ")" : "; N (N - 1) = " + std::to_string(pairs) + " is over max_pairs = " +
                                           std::to_string(s.max_pairs) + ")") +
                (s.shortest_path ? ": every source's route to each target; a link's load estimated by N / " + batch +
                                       " times its load toward a batch"
                                 : ": each source's route to every target; a link's load estimated by N / " + batch +
                                       " times its load from a batch") +
                ", averaged over the batches; mean_load_ci95 and max_load_ci95 are 95% intervals, and no value of the "
                "largest load is given (a sampled " + units + "'s own links carry its " +
                (s.shortest_path ? "incoming" : "outgoing") + " routes scaled up)";
  m[s.shortest_path ? "sample_targets" : "sample_sources"] = k;
  m["sample_batches"] = link_load_sample_batches;
  m["sample_seed"] = plan.seed;
  m["pairs"] = pairs;
  m["sampled_pairs"] = e.sampled_pairs;
  m["routed_pairs"] = none;
  m["unrouted_pairs"] = none;
  m["unrouted_pairs_estimate"] = e.unrouted_pairs;
  m["first_unrouted"] = none;
  m["links"] = g.arcs();
  m["load_sum"] = none;
  m["max_load"] = none;
  m["max_load_ci95"] = {e.max_load_ci95.first, e.max_load_ci95.second};
  m["mean_load"] = e.mean_load;
  m["mean_load_ci95"] = {e.mean_load_ci95.first, e.mean_load_ci95.second};
  m["max_load_link"] = none;
  m["max_load_links"] = none;
  m["histogram_bin_width"] = none;
  m["histogram"] = none;
  m["computed_on"] = core::backend_name(ctx.backend);
}

}  // namespace

link_load_settings parse_link_load_options(const nlohmann::json& o) {
  require_option_table(check_name, o);
  link_load_settings s;
  if (o.contains("algorithm")) {
    const nlohmann::json& a = o["algorithm"];
    s.shortest_path = a.is_string() && a.get<std::string>() == shortest_path_name;
    if (!s.shortest_path)
      s.rule.algorithm = parse_named<sim::routing_algorithm>("algorithm", a, ", or shortest_path");
  }
  const bool ecube = s.rule.algorithm == sim::routing_algorithm::ecube;
  s.rule.choice = ecube ? sim::choice_rule::lowest : sim::choice_rule::random;  // as the routing check
  for (const auto& option : o.items()) {
    const std::string& key = option.key();
    if (key == "algorithm") continue;
    if (key == "choice") {
      require_algorithm(s, key, true, "a routing algorithm");
      s.rule.choice = parse_named<sim::choice_rule>(key, option.value());
    } else if (key == "tie_break") {
      if (!s.shortest_path) require_algorithm(s, key, false, "shortest_path");
      const nlohmann::json& v = option.value();
      if (!v.is_string() || (v.get<std::string>() != "lowest" && v.get<std::string>() != "hashed"))
        throw input_error(check_name + ": option tie_break = " + echo_value(v.dump()) + " must be \"lowest\" or \"hashed\"");
      s.shortest.tie = v.get<std::string>() == "hashed" ? sim::tie_break::hashed : sim::tie_break::lowest;
    } else if (key == "seed") {
      s.rule.seed = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 0, largest_seed));
    } else if (key == "spare_limit") {
      require_algorithm(s, key, s.rule.algorithm == sim::routing_algorithm::pn_nonminimal, "pn_nonminimal");
      s.rule.spare_limit = static_cast<int>(parse_integer_option(check_name, key, option.value(), 0, 15));
    } else if (key == "max_pairs") {
      s.max_pairs = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 1, largest_seed));
    } else if (key == "sample_targets" || key == "sample_sources") {
      // Shortest paths sample targets (a tree per target), an algorithm sources (its routes per source).
      if (key == "sample_targets" && !s.shortest_path) require_algorithm(s, key, false, "shortest_path");
      if (key == "sample_sources") require_algorithm(s, key, true, "a routing algorithm");
      s.sample_size = static_cast<uint64_t>(parse_integer_option(
          check_name, key, option.value(), static_cast<int64_t>(link_load_sample_batches), largest_seed));
    } else if (key == "sample_seed") {
      s.sample_seed = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 0, largest_seed));
    } else {
      unknown_option(check_name, key,
                     "algorithm, tie_break, choice, seed, spare_limit, max_pairs, sample_targets, sample_sources, "
                     "sample_seed");
    }
  }
  // The seed drives random choices of an algorithm, or the hashed tie-break.
  const bool seeded = s.shortest_path ? s.shortest.tie == sim::tie_break::hashed
                                      : s.rule.choice == sim::choice_rule::random;
  if (o.contains("seed") && !seeded)
    throw input_error(check_name + ": option seed applies to choice = random or tie_break = hashed");
  s.shortest.seed = s.rule.seed;
  return s;
}

void validate_link_load_options(const nlohmann::json& o) { (void)parse_link_load_options(o); }

link_load_sample_plan link_load_plan(uint64_t n, const link_load_settings& s) {
  // Up to the bound every pair, unless a sample is asked for: the bound's own sample
  // (max_pairs / (N - 1) rounded down to the batches) can fall just below N there.
  const bool over_bound = n >= 2 && (n > (uint64_t{1} << 32) || n * (n - 1) > s.max_pairs);
  if (!over_bound && !s.sample_size) return {0, s.sample_seed};
  return plan_link_load_sample(n, s.max_pairs, s.sample_size, s.sample_seed);
}

void validate_link_load_for_instance(const nlohmann::json& o, const instance& inst) {
  const link_load_settings s = parse_link_load_options(o);
  if (s.shortest_path) return;
  if (!inst.label_defined())
    throw input_error(check_name + ": algorithm = " + sim_name(s.rule.algorithm) +
                      " routes by labels; a network given as a graph (a file, an architects' family) takes algorithm = shortest_path");
  if (const std::string why = sim::routing_unsupported(inst.net, s.rule); !why.empty())
    throw input_error(check_name + ": " + why);
}

uint64_t link_load_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b) {
  const link_load_settings s = parse_link_load_options(options);
  // The CPU's shortest paths: what the kernel plans (its batches where they fit).
  // A sample adds each link's sum and squares over the batches, and its estimate.
  const uint64_t sample = link_load_plan(shape.nodes, s).units ? 24 * shape.arcs : 0;
  if (s.shortest_path && b == core::backend::cpu)
    return graph_bytes(shape) + sim::shortest_path_loads_bytes(b, shape.nodes, shape.arcs, shape.directed) + sample;
  // Otherwise the run's copy of the rows (both ways on a directed graph) and the loads,
  // on the host whatever the backend (a GPU run brings the loads back).
  const uint64_t rows = 8 * (shape.nodes + 1) + 4 * shape.arcs;
  return graph_bytes(shape) + (shape.directed ? 2 * rows : rows) + 8 * shape.arcs + sample;
}

void run_link_load(check_context& ctx, nlohmann::ordered_json& r) {
  const link_load_settings s = parse_link_load_options(ctx.options);
  validate_link_load_for_instance(ctx.options, ctx.inst);
  nlohmann::ordered_json m;
  if (s.shortest_path) {
    m["algorithm"] = shortest_path_name;
    const bool hashed = s.shortest.tie == sim::tie_break::hashed;
    m["tie_break"] = hashed ? "hashed" : "lowest";
    m["next_hop"] = hashed ? "the (hash4(seed, node, target) mod count)-th out-neighbour one step closer to the target"
                           : "the lowest-index (label order) out-neighbour one step closer to the target";
    if (hashed) m["seed"] = s.shortest.seed;
  } else {
    m["algorithm"] = sim_name(s.rule.algorithm);
    m["choice"] = sim_name(s.rule.choice);
    if (s.rule.choice == sim::choice_rule::random) m["seed"] = s.rule.seed;
    if (s.rule.algorithm == sim::routing_algorithm::pn_nonminimal) m["spare_limit"] = s.rule.spare_limit;
  }
  const uint64_t n = ctx.inst.nodes();
  if (n > (uint64_t{1} << 32)) {
    m["pairs"] = nullptr;
    m["max_load"] = nullptr;
    m["skipped"] = "N = " + std::to_string(n) + " is over 2^32 nodes, whose node indices a sample draws";
    r["link_load"] = m;
    return;
  }
  if (const link_load_sample_plan plan = link_load_plan(n, s); plan.units) {
    run_sampled(ctx, s, plan, m);
    r["link_load"] = m;
    return;
  }
  m["exact"] = true;
  const graph::csr_graph& g = ctx.graph();
  const sim::link_loads loads = s.shortest_path
                                    ? sim::shortest_path_loads(ctx.backend, g, s.shortest, ctx.control)
                                    : sim::routing_loads(ctx.backend, ctx.inst.net, g, s.rule, ctx.control);
  const sim::link_load_summary sum = sim::summarize_loads(g, loads.per_arc);
  const int width = ctx.inst.bits();
  auto pair = [&](uint64_t u, uint64_t v) {
    return nlohmann::ordered_json::array({node_name(g.labels[u], width), node_name(g.labels[v], width)});
  };
  m["pairs"] = loads.pairs;
  m["routed_pairs"] = loads.routed;
  m["unrouted_pairs"] = loads.unrouted;
  m["first_unrouted"] = loads.first_unrouted ? pair(loads.first_unrouted->first, loads.first_unrouted->second)
                                             : nlohmann::ordered_json(nullptr);
  m["links"] = sum.links;
  m["load_sum"] = sum.load_sum;  // = the routed routes' total length
  m["max_load"] = sum.max_load;
  m["mean_load"] = sum.mean_load;
  m["max_load_link"] = sum.links ? pair(sum.max_from, sum.max_to) : nlohmann::ordered_json(nullptr);
  m["max_load_links"] = sum.max_links;
  m["histogram_bin_width"] = sum.bin_width;
  m["histogram"] = sum.histogram;
  m["computed_on"] = core::backend_name(ctx.backend);
  r["link_load"] = m;
}

}  // namespace tv::host
