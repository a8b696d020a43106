// The `disjoint_paths` check (disjoint_paths_check.hpp).
#include "host/checks/disjoint_paths_check.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <utility>

#include "host/checks/option_values.hpp"
#include "host/checks/seeded_sample.hpp"
#include "host/errors.hpp"
#include "host/records/labels.hpp"
#include "kernels/core/backend.hpp"
#include "kernels/graph/edge_disjoint_paths.hpp"

namespace tv::host {

namespace {

const std::string check_name = "disjoint_paths";

/// Every unordered pair, or a seeded sample of distinct ones, and how the record says so.
struct pair_plan {
  std::vector<std::pair<uint32_t, uint32_t>> pairs;  // empty: every pair
  bool exact = true;
  std::string method;
};

/// The work bound as a whole number, or in exponent form past 10^18 (it reaches 10^20 at
/// 10^6 routers, where a cast to uint64_t would be undefined).
std::string work_text(double work) {
  if (work < 1e18) return std::to_string(static_cast<uint64_t>(work));
  std::ostringstream out;
  out << std::setprecision(3) << work;
  return out.str();
}

pair_plan plan_pairs(const graph::csr_graph& g, const disjoint_path_settings& s, uint64_t seed) {
  pair_plan p;
  const uint64_t n = g.nodes;
  const auto [wanted, work] = disjoint_path_sample(n, g.arcs(), s);
  if (wanted == 0) {
    p.method = "exact: every unordered pair of routers";
    return p;
  }
  p.pairs = seeded_pair_sample(n, wanted, seed);
  p.exact = false;
  p.method = "sample of " + std::to_string(wanted) + " distinct unordered router pairs (seed " + std::to_string(seed) +
             (s.pairs ? ")" : "; the work bound " + work_text(work) +
                                  " is over exact_max_work = " + std::to_string(s.exact_max_work) + ")") +
             ": the mean is an estimate, the minimum an upper bound";
  return p;
}

}  // namespace

disjoint_path_settings parse_disjoint_path_options(const nlohmann::json& o) {
  disjoint_path_settings s;
  parse_exact_or_sampled_options(check_name, o, "pairs", "sample_pairs", s.pairs, s.exact_max_work, s.sample_pairs);
  return s;
}

disjoint_path_pairs disjoint_path_sample(uint64_t n, uint64_t arcs, const disjoint_path_settings& s) {
  // Saturated past 2^32 routers, which no graph holds but the ETA's work model may ask about.
  const uint64_t all = n < 2 ? 0 : n > (uint64_t{1} << 32) ? UINT64_MAX : n * (n - 1) / 2;
  // Each flow: a BFS over the arcs per path found, and at most the mean degree + 1 of them.
  const double work = static_cast<double>(all) * (static_cast<double>(arcs) / std::max<uint64_t>(n, 1) + 1) *
                      static_cast<double>(n + arcs);
  uint64_t wanted = s.pairs;
  if (wanted == 0 && work > static_cast<double>(s.exact_max_work)) wanted = s.sample_pairs;
  return {wanted >= all ? 0 : wanted, work};
}

uint64_t disjoint_path_memory(const graph_shape& shape, const nlohmann::json& options, core::backend) {
  const disjoint_path_settings s = options.is_object() ? parse_disjoint_path_options(options) : disjoint_path_settings{};
  return graph_bytes(shape) + (1 + static_cast<uint64_t>(std::max(1, core::cpu_threads()))) * 40 * shape.arcs +
         seeded_pair_sample_bytes(disjoint_path_sample(shape.nodes, shape.arcs, s).sampled);
}

void run_disjoint_paths(check_context& ctx, nlohmann::ordered_json& r) {
  const disjoint_path_settings s = parse_disjoint_path_options(ctx.options);
  const graph::csr_graph& g = ctx.graph();
  if (g.directed) throw input_error(check_name + ": needs an undirected network");
  pair_plan plan = plan_pairs(g, s, ctx.seed);
  graph::disjoint_path_options opt;
  opt.pairs = std::move(plan.pairs);
  opt.control = ctx.control;
  const graph::disjoint_path_result d = graph::edge_disjoint_paths(g, opt);
  nlohmann::ordered_json m;
  m["between"] = "routers";
  m["method"] = plan.method;
  m["exact"] = plan.exact;
  m["pairs"] = d.pairs;
  m["min"] = d.min;
  m["max"] = d.max;
  m["mean"] = d.mean;
  if (!plan.exact && d.pairs > 1) {  // Student's interval for the mean over the sample
    double squares = 0;
    for (const auto& [paths, n] : d.histogram) squares += static_cast<double>(n) * (paths - d.mean) * (paths - d.mean);
    const auto [low, high] = mean_interval(d.mean, squares, d.pairs, student_t_quantile(normal_q975, d.pairs - 1));
    m["mean_ci95"] = {low, high};
  } else {
    m["mean_ci95"] = nullptr;
  }
  nlohmann::ordered_json histogram = nlohmann::ordered_json::array();
  for (const auto& [paths, n] : d.histogram) histogram.push_back({paths, n});
  m["histogram"] = histogram;  // [edge-disjoint paths, unordered router pairs]
  const int width = ctx.inst.bits();
  m["min_pair"] = d.pairs ? nlohmann::ordered_json::array({node_name(g.labels[d.min_pair.first], width),
                                                           node_name(g.labels[d.min_pair.second], width)})
                          : nlohmann::ordered_json(nullptr);
  m["below_degree_bound"] = d.below_degree_bound;
  m["computed_on"] = "cpu";
  r["edge_disjoint_paths"] = m;
}

}  // namespace tv::host
