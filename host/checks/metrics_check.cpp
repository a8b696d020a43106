// The `metrics` check: its options, its memory, and the `metrics` object of the record
// (docs/checks.md, "Metrics check").  The arithmetic is kernels/distance/distance_metrics.hpp.
#include "host/checks/metrics_check.hpp"

#include <algorithm>
#include <string>

#include "host/checks/distance_checks.hpp"
#include "host/checks/option_values.hpp"
#include "host/errors.hpp"
#include "host/messages.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/distance/distance_metrics.hpp"

namespace tv::host {

namespace {

/// What the metrics need of the all-pairs statistics.
struct distance_summary {
  std::vector<uint64_t> counts;  // [d] = ordered pairs at distance d; [0] = the pairs (s, s)
  uint64_t unreachable = 0;
  uint32_t diameter = 0;
  const char* from = "";
};

distance_summary distances_of(check_context& ctx, const nlohmann::ordered_json& r,
                              const metrics_settings& s) {
  // `distances` runs before `metrics` (catalog order) and leaves these three in the record:
  // the same all-pairs statistics, not worth a second run.
  if (r.contains("distance_counts") && r.contains("unreachable_pairs") && r.contains("diameter"))
    return {r["distance_counts"].get<std::vector<uint64_t>>(), r["unreachable_pairs"].get<uint64_t>(),
            r["diameter"].get<uint32_t>(), "distances"};
  distance::all_pairs_options opt;
  opt.words = s.words;
  opt.locality_order = !ctx.inst.label_defined();  // as distances runs it
  opt.control = ctx.control;
  // Through the context, as `distances` runs: in ranges with checkpoints, and shared by
  // MPI ranks, when the batch runner runs it.
  const distance::all_pairs_result a = ctx.all_pairs(ctx.graph(), opt);
  return {a.distance_counts, a.unreachable_pairs, a.diameter, "all pairs"};
}

uint64_t max_out_degree(const graph::csr_graph& g) {
  uint64_t d = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) d = std::max<uint64_t>(d, g.offsets[v + 1] - g.offsets[v]);
  return d;
}

void put_moore(nlohmann::ordered_json& m, const graph::csr_graph& g, const distance_summary& s) {
  const uint64_t degree = max_out_degree(g);
  m["moore_degree"] = degree;
  if (s.unreachable != 0) {  // the engine's diameter is then the largest finite distance
    m["moore_diameter"] = nullptr;
    m["moore_bound"] = nullptr;
    m["moore_bound_saturated"] = false;
    m["moore_efficiency"] = nullptr;
    m["moore_note"] = std::string(g.directed ? "not strongly connected" : "not connected") +
                      ": the diameter is infinite, and so is the bound";
    return;
  }
  m["moore_diameter"] = s.diameter;
  const distance::moore_bound_value b = distance::moore_bound(degree, s.diameter, g.directed);
  m["moore_bound"] = b.bound;
  m["moore_bound_saturated"] = b.saturated;
  m["moore_efficiency"] = static_cast<double>(static_cast<long double>(g.nodes) / b.approx);
  if (b.saturated)
    m["moore_note"] = "the bound exceeds 2^64 - 1: moore_bound is saturated at that value; "
                      "moore_efficiency is N over the bound in long double";
}

/// A non-empty list of distinct integers 1..100, sorted.
std::vector<int> parse_percentiles(const nlohmann::json& v) {
  const std::string bad = "metrics: option percentiles = " + echo_value(v.dump());
  if (!v.is_array() || v.empty()) throw input_error(bad + " is not a non-empty list of integers 1..100");
  std::vector<int> percentiles;
  for (const auto& p : v) {
    if (!p.is_number_integer() || p.get<long long>() < 1 || p.get<long long>() > 100)
      throw input_error(bad + ": " + echo_value(p.dump()) + " is not an integer 1..100");
    if (std::find(percentiles.begin(), percentiles.end(), p.get<int>()) != percentiles.end())
      throw input_error(bad + ": " + p.dump() + " is listed twice");
    percentiles.push_back(p.get<int>());
  }
  std::sort(percentiles.begin(), percentiles.end());
  return percentiles;
}

}  // namespace

metrics_settings parse_metrics_options(const nlohmann::json& o) {
  if (!o.is_object()) throw input_error("metrics: options must be a table of key = value");
  metrics_settings s;
  for (const auto& option : o.items()) {
    if (option.key() == "percentiles") s.percentiles = parse_percentiles(option.value());
    else if (option.key() == "words") s.words = parse_words_option("metrics", option.value());
    else
      throw input_error("metrics: unknown option '" + echo_value(option.key()) +
                        "' (options: percentiles, words)");
  }
  return s;
}

void validate_metrics_options(const nlohmann::json& o) { (void)parse_metrics_options(o); }

uint64_t metrics_memory(const graph_shape& shape, const nlohmann::json& options, core::backend b) {
  return distances_memory(shape, {{"words", parse_metrics_options(options).words}}, b);
}

void run_metrics(check_context& ctx, nlohmann::ordered_json& r) {
  const metrics_settings settings = parse_metrics_options(ctx.options);
  const distance_summary s = distances_of(ctx, r, settings);
  const graph::csr_graph& g = ctx.graph();
  nlohmann::ordered_json m;
  uint64_t reachable = 0;  // ordered pairs s != t with a path
  for (size_t d = 1; d < s.counts.size(); ++d) reachable += s.counts[d];
  m["reachable_pairs"] = reachable;
  // Flat keys, so that the report's tables and CSV (one level of nesting) show them.
  for (int p : settings.percentiles)
    m["effective_diameter_" + std::to_string(p)] = distance::effective_diameter(s.counts, p);
  for (int p : settings.percentiles)
    m["effective_diameter_" + std::to_string(p) + "_interpolated"] =
        distance::interpolated_effective_diameter(s.counts, p);
  put_moore(m, g, s);
  m["distances_from"] = s.from;
  r["metrics"] = m;
}

}  // namespace tv::host
