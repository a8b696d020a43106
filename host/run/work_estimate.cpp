// Work model of the checks for the ETA (see work_estimate.hpp).
#include "host/run/work_estimate.hpp"

#include <algorithm>
#include <cmath>

#include "host/checks/disjoint_paths_check.hpp"
#include "host/checks/link_load_check.hpp"
#include "host/checks/path_diversity_check.hpp"
#include "host/checks/throughput_check.hpp"

namespace tv::host {

namespace {
// One unit is about one edge looked at by a BFS, which the engine does for 64 sources
// at once: about 20 ps on a CPU core (PN_2(22): N * edges bound 4.7e10 units in 0.93 s on
// 2 cores).  A small instance costs about half a millisecond whatever its size (graph
// set-up, the record), and the linear checks some 10 ns per node.
constexpr double overhead_units = 2e7;
constexpr double linear_units = 500;
// The all-pairs claims run up to 2^16 nodes on the CPU; larger ones check structure.
constexpr double claims_all_pairs_nodes = 65536;
// Simulations over every pair / source stop at these counts and sample beyond them.
constexpr double routing_pairs_cap = 67108864;  // 2^26 ordered pairs
constexpr double broadcast_sources_cap = 65536;
// Link loads walk each target's BFS (or each source's routes) one node at a time, with an
// atomic per arc: about 64 times the engine's cost per edge.
constexpr double link_load_units = 64;
}  // namespace

double estimated_check_work(const instance& inst, const std::string& c, const std::vector<std::string>& checks,
                            const nlohmann::json& check_options) {
  const double n = static_cast<double>(inst.nodes());
  const double log_n = std::max(1.0, std::log2(std::max(2.0, n)));
  // Edges as a BFS sees them: the degree bound is exact for the regular families and
  // within a small factor for the Fibonacci-like ones.
  const double edges = n * std::max(1, inst.max_degree());
  auto runs = [&](const char* name) { return std::find(checks.begin(), checks.end(), name) != checks.end(); };
  // The sampling checks run a BFS (N + arcs) per source (paths, endpoints, throughput) or a
  // few per pair (disjoint_paths): from every one up to a work bound, from a sample above
  // it, as each check plans from its options (a user's sample, sources or bound).
  const double pass = n + edges;
  const uint64_t arcs = static_cast<uint64_t>(std::min(edges, 0x1p63));  // no graph is near 2^63 arcs
  const nlohmann::json none = nlohmann::json::object();
  auto options_of = [&](const char* check) -> const nlohmann::json& {
    return check_options.contains(check) ? check_options.at(check) : none;
  };
  if (c == "counts") return overhead_units + linear_units * n;
  if (c == "distances") return n * edges;  // a BFS from every source
  if (c == "diameter") return 16 * n;      // eccentricity bounds: a few BFS in practice
  if (c == "metrics") return runs("distances") ? 0 : n * edges;  // all pairs, unless `distances` ran them
  if (c == "routing") return std::min(n * n, routing_pairs_cap) * log_n;
  if (c == "broadcast") return std::min(n, broadcast_sources_cap) * edges;
  if (c == "claims") return n <= claims_all_pairs_nodes ? n * edges : 64 * edges;
  if (c == "prefix") return linear_units * n * log_n;
  if (c == "link_load") {  // a scalar BFS per target (or source): every one, or the
    // sample the check plans from its options (link_load_plan), a user's max_pairs or
    // sample size and a compare's lower bound included.
    const uint64_t sample = link_load_plan(inst.nodes(), parse_link_load_options(options_of("link_load"))).units;
    return link_load_units * (sample ? static_cast<double>(sample) : n) * edges;
  }
  if (c == "bisection") return linear_units * n * log_n;     // 2 cuts per label field
  if (c == "paths" || c == "endpoints") {  // a scalar BFS per source, as link loads walk
    auto sources = [&](const char* check) {
      return path_count_sample(inst.nodes(), arcs, parse_path_count_options(check, options_of(check)));
    };
    const uint64_t sample = sources(c.c_str());
    // One pass serves both checks when their sources agree (path_diversity_check.cpp):
    // the same count is the same draw, from the job's seed.
    if (c == "endpoints" && runs("paths") && sources("paths") == sample) return 0;
    return link_load_units / 4 * (sample ? static_cast<double>(sample) : n) * pass;
  }
  if (c == "throughput") {  // a BFS per source for each pattern and routing phase
    const throughput_settings s = parse_throughput_options(options_of("throughput"));
    const throughput_sources plan = throughput_plan(inst.nodes(), arcs, s, 1);  // a seed picks which, not how many
    return link_load_units / 4 * static_cast<double>(throughput_passes(s)) *
           (plan.exact ? n : static_cast<double>(plan.sample)) * pass;
  }
  if (c == "disjoint_paths") {  // a few BFS per pair: every pair or the check's sample
    const disjoint_path_pairs plan =
        disjoint_path_sample(inst.nodes(), arcs, parse_disjoint_path_options(options_of("disjoint_paths")));
    const double per_pair = (edges / std::max(n, 1.0) + 1) * pass;
    const double pairs = plan.sampled ? static_cast<double>(plan.sampled) : n * (n - 1) / 2;
    return link_load_units / 4 * pairs * per_pair;
  }
  return linear_units * n;  // postal, multicast, anything new
}

double estimated_work(const instance& inst, const std::vector<std::string>& checks,
                      const nlohmann::json& check_options) {
  double work = estimated_check_work(inst, "counts", checks, check_options);  // counts always runs
  for (const auto& c : checks)
    if (c != "counts") work += estimated_check_work(inst, c, checks, check_options);
  return work;
}

}  // namespace tv::host
