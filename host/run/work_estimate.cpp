// Work model of the checks for the ETA (see work_estimate.hpp).
#include "host/run/work_estimate.hpp"

#include <algorithm>
#include <cmath>

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

double estimated_work(const instance& inst, const std::vector<std::string>& checks) {
  const double n = static_cast<double>(inst.nodes());
  const double log_n = std::max(1.0, std::log2(std::max(2.0, n)));
  // Edges as a BFS sees them: the degree bound is exact for the regular families and
  // within a small factor for the Fibonacci-like ones.
  const double edges = n * std::max(1, inst.max_degree());
  double work = overhead_units + linear_units * n;  // counts always runs
  for (const auto& c : checks) {
    if (c == "distances") work += n * edges;  // a BFS from every source
    else if (c == "diameter") work += 16 * n;  // eccentricity bounds: a few BFS in practice
    else if (c == "metrics" && std::find(checks.begin(), checks.end(), "distances") == checks.end())
      work += n * edges;  // all pairs, unless `distances` ran them
    else if (c == "routing") work += std::min(n * n, routing_pairs_cap) * log_n;
    else if (c == "broadcast") work += std::min(n, broadcast_sources_cap) * edges;
    else if (c == "claims") work += n <= claims_all_pairs_nodes ? n * edges : 64 * edges;
    else if (c == "prefix") work += linear_units * n * log_n;
    else if (c == "link_load") work += link_load_units * n * edges;  // a scalar BFS per target
    else if (c == "bisection") work += linear_units * n * log_n;     // 2 cuts per label field
    else if (c == "paths" || c == "endpoints") {  // a scalar BFS per source, as link loads walk
      // One pass serves both checks (path_diversity_check.cpp): counted once.
      if (c == "paths" || std::find(checks.begin(), checks.end(), "paths") == checks.end())
        work += link_load_units / 4 * std::min(n * (n + edges), 4.0 * (uint64_t{1} << 30));
    }
    else if (c == "throughput")  // a BFS per source for each pattern and routing phase
      work += link_load_units / 4 * 9 * std::min(n * (n + edges), 4.0 * (uint64_t{1} << 30));
    else if (c == "disjoint_paths")  // a few BFS per pair, up to the exact bound or 256 pairs
      work += link_load_units / 4 * std::min(n * n / 2 * (edges / std::max(n, 1.0) + 1) * (n + edges),
                                             4.0 * (uint64_t{1} << 30));
    else if (c != "counts") work += linear_units * n;  // postal, multicast, anything new
  }
  return work;
}

}  // namespace tv::host
