// The `paths` and `endpoints` checks (path_diversity_check.hpp).
#include "host/checks/path_diversity_check.hpp"

#include <algorithm>
#include <memory>

#include "host/checks/option_values.hpp"
#include "host/checks/seeded_sample.hpp"
#include "host/checks/topology_cost.hpp"
#include "host/errors.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/distance/shortest_path_counts.hpp"

namespace tv::host {

namespace {

/// The sources to run from and how the record names that choice.
struct source_plan {
  std::vector<uint32_t> sources;  // empty: every router
  bool exact = true;
  std::string method;
};

source_plan plan_sources(const check_context& ctx, const graph::csr_graph& g, const path_count_settings& s) {
  source_plan p;
  const uint64_t n = g.nodes, work = every_source_work(n, g.arcs());
  const uint64_t wanted = path_count_sample(n, g.arcs(), s);
  if (wanted == 0) {
    p.method = "exact: every router a source";
    return p;
  }
  p.sources = seeded_sample(n, wanted, ctx.seed);
  std::sort(p.sources.begin(), p.sources.end());
  p.exact = false;
  p.method = "sample of " + std::to_string(wanted) + " source routers (seed " + std::to_string(ctx.seed) +
             (s.sources ? ")" : "; N (N + arcs) = " + std::to_string(work) + " is over exact_max_work = " +
                                    std::to_string(s.exact_max_work) + ")") +
             ": means are estimates, maxima lower bounds";
  return p;
}

/// One pass gives both checks' figures (the path counts and the endpoints' distances), so
/// the first of them to run on an instance keeps it for the other when their sources
/// agree: the architects' batch spent as long on `endpoints` as on `paths` at 10^6 nodes.
const distance::path_count_result& count(check_context& ctx, const std::string& check, const source_plan& plan) {
  const graph::csr_graph& g = ctx.graph();
  if (g.directed) throw input_error(check + ": needs an undirected network");
  if (ctx.path_counts_kept && ctx.path_count_sources == plan.sources) return *ctx.path_counts_kept;
  distance::path_count_options opt;
  opt.sources = plan.sources;
  opt.endpoints = endpoints_per_router(ctx.inst, g.nodes);
  opt.control = ctx.control;
  ctx.path_counts_kept = std::make_shared<const distance::path_count_result>(distance::count_shortest_paths(g, opt));
  ctx.path_count_sources = plan.sources;
  return *ctx.path_counts_kept;
}

}  // namespace

path_count_settings parse_path_count_options(const std::string& check, const nlohmann::json& o) {
  path_count_settings s;
  parse_exact_or_sampled_options(check, o, "sources", "sample_sources", s.sources, s.exact_max_work, s.sample_sources);
  return s;
}

uint64_t path_count_sample(uint64_t n, uint64_t arcs, const path_count_settings& s) {
  uint64_t wanted = s.sources;
  if (wanted == 0 && every_source_work(n, arcs) > s.exact_max_work) wanted = s.sample_sources;
  return wanted >= n ? 0 : wanted;
}

uint64_t path_count_memory(const graph_shape& shape, const nlohmann::json&, core::backend) {
  return graph_bytes(shape) + 4 * shape.nodes + 16 * shape.nodes * std::max(1, core::cpu_threads());
}

void run_paths(check_context& ctx, nlohmann::ordered_json& r) {
  const path_count_settings s = parse_path_count_options("paths", ctx.options);
  const source_plan plan = plan_sources(ctx, ctx.graph(), s);
  const distance::path_count_result& c = count(ctx, "paths", plan);
  nlohmann::ordered_json m;
  m["between"] = "routers";
  m["method"] = plan.method;
  m["exact"] = plan.exact;
  m["sources"] = c.sources;
  uint64_t pairs = 0;
  double sum = 0;
  uint64_t least = UINT64_MAX, most = 0;
  nlohmann::ordered_json by_distance = nlohmann::ordered_json::array();
  for (size_t d = 1; d < c.by_distance.size(); ++d) {
    const auto& a = c.by_distance[d];
    if (a.pairs == 0) continue;
    pairs += a.pairs, sum += a.sum, least = std::min(least, a.min), most = std::max(most, a.max);
    by_distance.push_back({{"distance", d}, {"pairs", a.pairs}, {"min", a.min}, {"max", a.max},
                           {"mean", a.sum / static_cast<double>(a.pairs)}});
  }
  m["pairs"] = pairs;
  m["min"] = pairs ? least : 0;
  m["max"] = most;
  m["mean"] = pairs ? sum / static_cast<double>(pairs) : 0.0;
  nlohmann::ordered_json histogram = nlohmann::ordered_json::array();
  for (const auto& [paths, n] : c.path_histogram) histogram.push_back({paths, n});
  m["histogram"] = histogram;  // [shortest paths, ordered router pairs]
  m["by_distance"] = by_distance;
  m["unreachable_pairs"] = c.unreachable_pairs;
  m["saturated"] = c.saturated;
  m["computed_on"] = "cpu";
  r["path_diversity"] = m;
}

void run_endpoints(check_context& ctx, nlohmann::ordered_json& r) {
  const path_count_settings s = parse_path_count_options("endpoints", ctx.options);
  const source_plan plan = plan_sources(ctx, ctx.graph(), s);
  const distance::path_count_result& c = count(ctx, "endpoints", plan);
  const graph::csr_graph& g = ctx.graph();
  nlohmann::ordered_json m;
  m["between"] = "endpoints";
  m["distance_in"] = "router-to-router links between the endpoints' routers (0: the same router)";
  if (ctx.inst.topology) {
    const auto& e = ctx.inst.topology->endpoints;
    m["concentration"] = e.uniform() ? nlohmann::ordered_json(e.per_router) : nlohmann::ordered_json(nullptr);
    m["endpoints"] = e.total(g.nodes);
  } else {
    m["concentration"] = 1;  // a node of these families is a processor
    m["endpoints"] = g.nodes;
  }
  m["method"] = plan.method;
  m["exact"] = plan.exact;
  m["sources"] = c.sources;
  uint64_t pairs = 0;
  double weighted = 0;
  size_t diameter = 0;
  for (size_t d = 0; d < c.endpoint_distance_counts.size(); ++d) {
    pairs += c.endpoint_distance_counts[d];
    weighted += static_cast<double>(d) * static_cast<double>(c.endpoint_distance_counts[d]);
    if (c.endpoint_distance_counts[d]) diameter = d;
  }
  m["pairs"] = pairs;
  m["distance_counts"] = c.endpoint_distance_counts;
  m["diameter"] = pairs ? nlohmann::ordered_json(diameter) : nlohmann::ordered_json(nullptr);
  m["average_distance"] = pairs ? nlohmann::ordered_json(weighted / static_cast<double>(pairs))
                                : nlohmann::ordered_json(nullptr);
  m["unreachable_pairs"] = c.endpoint_unreachable_pairs;
  m["computed_on"] = "cpu";
  r["endpoints"] = m;
}

}  // namespace tv::host
