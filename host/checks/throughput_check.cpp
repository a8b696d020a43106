// The `throughput` check (throughput_check.hpp).
#include "host/checks/throughput_check.hpp"

#include <algorithm>
#include <random>

#include "host/checks/option_values.hpp"
#include "host/checks/throughput_sample.hpp"
#include "host/checks/topology_cost.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/records/labels.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/distance/split_link_loads.hpp"

namespace tv::host {

namespace {

const std::string check_name = "throughput";
const std::vector<std::string> known_patterns{"uniform", "shift", "random_permutation"};
const std::vector<std::string> known_routings{"minimal", "valiant"};

/// A list option: a string or an array of strings, each one of `known`.
std::vector<std::string> parse_names(const std::string& key, const nlohmann::json& v,
                                     const std::vector<std::string>& known) {
  std::vector<std::string> out;
  const nlohmann::json items = v.is_array() ? v : nlohmann::json::array({v});
  std::string listed;
  for (const auto& k : known) listed += (listed.empty() ? "" : ", ") + k;
  for (const auto& item : items) {
    if (!item.is_string() || std::find(known.begin(), known.end(), item.get<std::string>()) == known.end())
      throw input_error(check_name + ": option " + key + ": " + echo_value(item.dump()) + " is not one of " + listed);
    if (std::find(out.begin(), out.end(), item.get<std::string>()) == out.end()) out.push_back(item.get<std::string>());
  }
  if (out.empty()) throw input_error(check_name + ": option " + key + " names none of " + listed);
  return out;
}

uint64_t endpoint_total(const instance& inst) {
  return inst.topology ? inst.topology->endpoints.total(inst.nodes()) : inst.nodes();
}

/// The shift a pattern `shift` uses: the option, else a dragonfly's a p (every endpoint
/// to its place in the next group: each group's traffic on its one global link to the
/// next, the adversarial pattern of Kim et al.), else half the endpoints.
uint64_t shift_of(const throughput_settings& s, const instance& inst, uint64_t endpoints) {
  if (s.shift) return s.shift;
  if (inst.family == "dragonfly" && inst.params.contains("a") && inst.params.contains("p"))
    return inst.params["a"].get<uint64_t>() * inst.params["p"].get<uint64_t>();
  return endpoints / 2;
}

/// Endpoints numbered router by router (router 0's first): each endpoint's router.
std::vector<uint32_t> router_of_endpoints(const std::vector<uint32_t>& per_router) {
  std::vector<uint32_t> router;
  for (size_t v = 0; v < per_router.size(); ++v) router.insert(router.end(), per_router[v], static_cast<uint32_t>(v));
  return router;
}

/// Each endpoint e sending one unit to destination[e], summed per pair of routers.
distance::router_traffic permutation_traffic(const std::vector<uint32_t>& router, const std::vector<uint64_t>& destination,
                                             uint64_t routers) {
  std::vector<std::vector<std::pair<uint32_t, double>>> rows(routers);
  for (size_t e = 0; e < destination.size(); ++e) rows[router[e]].emplace_back(router[destination[e]], 1.0);
  for (auto& row : rows) {  // one entry per target
    std::sort(row.begin(), row.end());
    size_t kept = 0;
    for (size_t i = 0; i < row.size(); ++i) {
      if (kept > 0 && row[kept - 1].first == row[i].first) row[kept - 1].second += row[i].second;
      else row[kept++] = row[i];
    }
    row.resize(kept);
  }
  distance::router_traffic t;
  t.demands = std::move(rows);
  return t;
}

distance::router_traffic traffic_of(const std::string& pattern, const std::vector<uint32_t>& per_router,
                                    uint64_t shift, uint64_t seed) {
  const uint64_t n = per_router.size();
  uint64_t endpoints = 0;
  for (uint32_t c : per_router) endpoints += c;
  distance::router_traffic t;
  if (endpoints < 2) return t;
  if (pattern == "uniform") {  // each endpoint's unit spread over the E - 1 others
    t.out_weight.resize(n), t.in_weight.resize(n);
    for (uint64_t v = 0; v < n; ++v)
      t.out_weight[v] = per_router[v] / static_cast<double>(endpoints - 1), t.in_weight[v] = per_router[v];
    return t;
  }
  std::vector<uint64_t> destination(endpoints);
  if (pattern == "shift") {
    for (uint64_t e = 0; e < endpoints; ++e) destination[e] = (e + shift) % endpoints;
  } else {  // a Fisher-Yates shuffle of our own: std::shuffle's order is not fixed by the standard
    std::mt19937_64 rng(seed);
    for (uint64_t e = 0; e < endpoints; ++e) destination[e] = e;
    for (uint64_t i = endpoints - 1; i > 0; --i) std::swap(destination[i], destination[rng() % (i + 1)]);
  }
  return permutation_traffic(router_of_endpoints(per_router), destination, n);
}

/// Valiant's two phases of `direct`: s to every router r, out(s) / N each, then every r
/// to t, in(t) / N each, where out and in are what s sends and t receives from other routers.
std::pair<distance::router_traffic, distance::router_traffic> valiant_phases(const distance::router_traffic& direct,
                                                                             uint64_t n) {
  std::vector<double> out(n, 0), in(n, 0);
  if (!direct.out_weight.empty()) {
    double a_sum = 0, b_sum = 0;
    for (uint64_t v = 0; v < n; ++v) a_sum += direct.out_weight[v], b_sum += direct.in_weight[v];
    for (uint64_t v = 0; v < n; ++v) {
      out[v] += direct.out_weight[v] * (b_sum - direct.in_weight[v]);
      in[v] += direct.in_weight[v] * (a_sum - direct.out_weight[v]);
    }
  }
  for (uint64_t s = 0; s < direct.demands.size(); ++s)
    for (const auto& [t, amount] : direct.demands[s])
      if (t != s) out[s] += amount, in[t] += amount;
  distance::router_traffic first, second;
  first.out_weight.resize(n), first.in_weight.assign(n, 1.0);
  second.out_weight.assign(n, 1.0 / static_cast<double>(n)), second.in_weight = in;
  for (uint64_t v = 0; v < n; ++v) first.out_weight[v] = out[v] / static_cast<double>(n);
  return {first, second};
}

}  // namespace

throughput_settings parse_throughput_options(const nlohmann::json& o) {
  require_option_table(check_name, o);
  throughput_settings s;
  for (const auto& option : o.items()) {
    const std::string& key = option.key();
    if (key == "patterns") s.patterns = parse_names(key, option.value(), known_patterns);
    else if (key == "routing") s.routings = parse_names(key, option.value(), known_routings);
    else if (key == "shift")
      s.shift = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 1, int64_t{1} << 50));
    else if (key == "exact_max_work")
      s.exact_max_work = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 0, INT64_MAX));
    else if (key == "sources")
      s.sources = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 0, int64_t{1} << 32));
    else if (key == "sample_sources")
      s.sample_sources = static_cast<uint64_t>(parse_integer_option(check_name, key, option.value(), 0, int64_t{1} << 32));
    else unknown_option(check_name, key, "patterns, routing, shift, exact_max_work, sources, sample_sources");
  }
  return s;
}

throughput_sources throughput_plan(uint64_t n, uint64_t arcs, const throughput_settings& s, uint64_t seed) {
  uint64_t wanted = s.sources;
  // Over the bound the default sample costs what the bound allows, 64 sources at least.
  if (wanted == 0 && every_source_work(n, arcs) > s.exact_max_work)
    wanted = s.sample_sources ? s.sample_sources : std::max<uint64_t>(s.exact_max_work / (n + arcs), 64);
  return plan_throughput_sources(n, wanted ? wanted : n, seed);
}

uint64_t throughput_passes(const throughput_settings& s) {
  uint64_t passes = 0;
  for (const std::string& routing : s.routings) passes += s.patterns.size() * (routing == "minimal" ? 1 : 2);
  return passes;
}

void validate_throughput_for_instance(const nlohmann::json& o, const instance& inst) {
  const throughput_settings s = parse_throughput_options(o);
  const uint64_t endpoints = endpoint_total(inst);
  if (s.shift && std::find(s.patterns.begin(), s.patterns.end(), "shift") != s.patterns.end() && endpoints > 0 &&
      s.shift % endpoints == 0)
    throw input_error(check_name + ": option shift = " + std::to_string(s.shift) + " is a multiple of the " +
                      std::to_string(endpoints) + " endpoints of " + inst.label() + ": every endpoint would send to itself");
}

uint64_t throughput_memory(const graph_shape& shape, const nlohmann::json&, core::backend) {
  const uint64_t threads = static_cast<uint64_t>(std::max(1, core::cpu_threads()));
  return graph_bytes(shape) + (threads + 4) * 8 * shape.arcs + (threads + 2) * 40 * shape.nodes;
}

void run_throughput(check_context& ctx, nlohmann::ordered_json& r) {
  const throughput_settings s = parse_throughput_options(ctx.options);
  validate_throughput_for_instance(ctx.options, ctx.inst);
  nlohmann::ordered_json m;
  m["between"] = "endpoints";
  m["model"] = "every endpoint injects theta, a fraction of one link's bandwidth (each direction of a link carries 1); "
               "saturation theta = min(1, 1 / the most loaded link's load per unit theta)";
  const uint64_t n = ctx.inst.nodes();
  const uint64_t endpoints = endpoint_total(ctx.inst);
  m["endpoints"] = endpoints;
  const uint64_t shift = shift_of(s, ctx.inst, endpoints);
  if (std::find(s.patterns.begin(), s.patterns.end(), "shift") != s.patterns.end()) m["shift"] = shift;
  if (std::find(s.patterns.begin(), s.patterns.end(), "random_permutation") != s.patterns.end()) m["seed"] = ctx.seed;
  const graph::csr_graph& g = ctx.graph();
  if (g.directed) throw input_error(check_name + ": needs an undirected network");
  const uint64_t work = every_source_work(n, g.arcs());
  // Its own seed: the job's draws the random permutation, which the sample must not follow.
  const throughput_sources plan = throughput_plan(n, g.arcs(), s, ctx.seed + 1);
  m["exact"] = plan.exact;
  if (plan.exact) {
    m["method"] = "exact: every source router's demands routed";
  } else {
    const uint64_t k = plan.sample;
    m["method"] = "sample of " + std::to_string(k) + " source routers (of those that send) in " +
                  std::to_string(plan.batches) +
                  " batches (seed " + std::to_string(plan.seed) +
                  (s.sources ? ")" : "; N (N + arcs) = " + std::to_string(work) + " is over exact_max_work = " +
                                         std::to_string(s.exact_max_work) + ")") +
                  ": loads scaled by (routers that send) / " + std::to_string(k) +
                  "; max_load_ci95 is a 95% interval for the largest load (a pass with no more routers "
                  "that send runs from all of them)";
    m["sample_sources"] = k;
    m["sample_batches"] = plan.batches;
    m["sample_seed"] = plan.seed;
  }
  const std::vector<uint32_t> per_router = endpoints_per_router(ctx.inst, n);
  nlohmann::ordered_json results = nlohmann::ordered_json::array();
  const int width = ctx.inst.bits();
  staged_progress progress{ctx.control};
  progress.stages = throughput_calls(throughput_passes(s), plan);
  for (const std::string& pattern : s.patterns) {
    const distance::router_traffic direct = traffic_of(pattern, per_router, shift, ctx.seed);
    for (const std::string& routing : s.routings) {
      std::vector<distance::router_traffic> passes;
      if (routing == "minimal") {
        passes.push_back(direct);
      } else {
        auto [first, second] = valiant_phases(direct, n);
        passes.push_back(std::move(first));
        passes.push_back(std::move(second));
      }
      const throughput_loads loads = estimate_throughput_loads(g, passes, plan, progress);
      double most = 0, sum = 0;
      uint64_t from = 0, to = 0;
      for (uint64_t u = 0; u < g.nodes; ++u)
        for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) {
          sum += loads.per_arc[a];
          if (loads.per_arc[a] > most) most = loads.per_arc[a], from = u, to = g.targets[a];
        }
      nlohmann::ordered_json e;
      e["pattern"] = pattern;
      e["routing"] = routing;
      e["exact"] = loads.exact;
      // Sampled, the largest per-link estimate is no estimate of the largest load: a
      // sampled source's own links carry its injection scaled by N / (batch size), so
      // the record gives the interval alone (throughput_sample.cpp).
      const nlohmann::ordered_json none(nullptr);
      e["max_load"] = loads.exact ? nlohmann::ordered_json(most) : none;
      e["mean_load"] = g.arcs() ? sum / static_cast<double>(g.arcs()) : 0.0;
      e["throughput"] = loads.exact ? nlohmann::ordered_json(most > 1 ? 1 / most : 1.0) : none;
      e["limited_by"] = loads.exact ? nlohmann::ordered_json(most > 1 ? "links" : "injection") : none;
      e["max_load_link"] = loads.exact && most > 0 ? nlohmann::ordered_json::array({node_name(g.labels[from], width),
                                                                                     node_name(g.labels[to], width)})
                                                   : none;
      e["unroutable_demand"] = loads.unroutable;
      if (!loads.exact) {
        const auto [low, high] = loads.max_interval;
        e["max_load_ci95"] = {low, high};
        e["throughput_ci95"] = {high > 1 ? 1 / high : 1.0, low > 1 ? 1 / low : 1.0};
      } else {
        e["max_load_ci95"] = none;
        e["throughput_ci95"] = none;
      }
      results.push_back(e);
    }
  }
  // Sampled, a pass with no more routers that send than the sample still ran from all of
  // them: the check is exact when every result is.
  m["exact"] = std::all_of(results.begin(), results.end(), [](const auto& e) { return e["exact"] == true; });
  m["results"] = results;
  m["computed_on"] = "cpu";
  r["throughput"] = m;
}

}  // namespace tv::host
