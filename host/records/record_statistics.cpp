// The table of a record's statistics (see record_statistics.hpp).
#include "host/records/record_statistics.hpp"

namespace tv::host {

namespace {

using kind = record_statistic::kind;

std::vector<record_statistic> make_statistics() {
  const kind I = kind::integer, R = kind::real, B = kind::boolean;
  std::vector<record_statistic> f = {
      {"nodes", I, {"counts"}, "N, the number of nodes"},
      {"edges", I, {"counts"}, "edges (arcs of a directed network)"},
      {"degree_min", I, {"counts"}, "the least (out-)degree"},
      {"degree_max", I, {"counts"}, "the largest (out-)degree"},
      {"in_degree_min", I, {"counts"}, "the least in-degree (directed networks)"},
      {"in_degree_max", I, {"counts"}, "the largest in-degree (directed networks)"},
      {"diameter", I, {"diameter", "distances"}, "the largest finite distance"},
      {"radius", I, {"diameter", "distances"}, "the least eccentricity"},
      {"connected", B, {"diameter", "distances"}, "every node reaches every other"},
      {"wiener", I, {"distances"}, "the Wiener index: the sum of the distances over pairs"},
      {"average_distance", R, {"distances"}, "the mean distance over reachable ordered pairs"},
      {"unreachable_pairs", I, {"distances"}, "ordered pairs without a path"},
      {"hamming_paths", B, {"distances"}, "every pair at distance equal to its labels' Hamming distance"},
      {"metrics.reachable_pairs", I, {"metrics"}, "ordered pairs s != t with a path"},
      {"metrics.moore_degree", I, {"metrics"}, "the degree the Moore bound is taken for"},
      {"metrics.moore_diameter", I, {"metrics"}, "the diameter the Moore bound is taken for"},
      {"metrics.moore_bound", I, {"metrics"}, "the Moore bound"},
      {"metrics.moore_bound_saturated", B, {"metrics"}, "the Moore bound exceeds 2^64 - 1"},
      {"metrics.moore_efficiency", R, {"metrics"}, "N / the Moore bound"},
      {"connectivity.vertex_connectivity", I, {"connectivity"}, "the least nodes whose removal disconnects"},
      {"connectivity.edge_connectivity", I, {"connectivity"}, "the least edges whose removal disconnects"},
      {"fault_diameter.diameter", I, {"fault_diameter"}, "the largest diameter after removing any 1 (or 2) nodes"},
      {"fault_diameter.failures", I, {"fault_diameter"}, "nodes removed at once"},
      {"fault_diameter.connected", B, {"fault_diameter"}, "every failed set leaves the graph connected"},
      {"fault_diameter.failed_sets", I, {"fault_diameter"}, "the failed sets there are"},
      {"link_load.max_load", I, {"link_load"}, "routes through the most loaded link"},
      {"link_load.mean_load", R, {"link_load"}, "routes per link on average"},
      {"link_load.load_sum", I, {"link_load"}, "the sum of the loads"},
      {"link_load.links", I, {"link_load"}, "directed links"},
      {"link_load.routed_pairs", I, {"link_load"}, "ordered pairs whose route arrived"},
      {"link_load.unrouted_pairs", I, {"link_load"}, "ordered pairs without a route"},
      {"link_load.max_load_links", I, {"link_load"}, "links carrying the largest load"},
      {"bisection.width", I, {"bisection"}, "the bisection width (exact, or the best coordinate cut)"},
      {"bisection.exact_width", I, {"bisection"}, "the exact bisection width (small graphs)"},
      {"bisection.coordinate_cut_width", I, {"bisection"}, "the best balanced cut along label coordinates"},
      {"routing.pairs", I, {"routing"}, "ordered pairs routed"},
      {"routing.delivered", I, {"routing"}, "routes that arrived"},
      {"routing.stuck", I, {"routing"}, "routes that got stuck"},
      {"routing.max_excess", I, {"routing"}, "the largest hop excess over the Hamming distance"},
      {"routing.hops_sum", I, {"routing"}, "the sum of the routes' hops"},
      {"routing.excess_sum", I, {"routing"}, "the sum of the hop excesses"},
      {"broadcast.sources", I, {"broadcast"}, "sources broadcast from"},
      {"broadcast.rounds_max", I, {"broadcast"}, "the most rounds a broadcast took"},
      {"broadcast.rounds_min", I, {"broadcast"}, "the fewest rounds a broadcast took"},
      {"broadcast.messages", I, {"broadcast"}, "messages sent over all sources"},
      {"broadcast.duplicates", I, {"broadcast"}, "messages to nodes already informed"},
      {"broadcast.unreached", I, {"broadcast"}, "nodes never informed, over all sources"},
      {"broadcast.incomplete_sources", I, {"broadcast"}, "sources whose broadcast missed a node"},
      {"postal.broadcast_time", I, {"postal"}, "postal-model broadcast time on the tree"},
      {"postal.gather_time", I, {"postal"}, "postal-model gather time on the tree"},
      {"postal.barrier_time", I, {"postal"}, "postal-model barrier time on the tree"},
      {"postal.optimum", I, {"postal"}, "the optimum broadcast time f_lambda"},
      {"postal.tree_height", I, {"postal"}, "the spanning tree's height"},
  };
  for (int p = 1; p <= 100; ++p) {
    const std::string path = "metrics.effective_diameter_" + std::to_string(p);
    f.push_back({path, I, {"metrics"}, "hops covering " + std::to_string(p) + "% of the reachable ordered pairs"});
    f.push_back({path + "_interpolated", R, {"metrics"}, "the same, interpolated as SNAP and KONECT report it"});
  }
  return f;
}

}  // namespace

const std::vector<record_statistic>& record_statistics() {
  static const std::vector<record_statistic> fields = make_statistics();
  return fields;
}

const record_statistic* find_record_statistic(const std::string& path) {
  for (const auto& f : record_statistics())
    if (f.path == path) return &f;
  return nullptr;
}

int effective_diameter_percentile(const std::string& path) {
  const std::string prefix = "metrics.effective_diameter_";
  if (path.rfind(prefix, 0) != 0) return 0;
  std::string rest = path.substr(prefix.size());
  const std::string suffix = "_interpolated";
  if (rest.size() > suffix.size() && rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0)
    rest.resize(rest.size() - suffix.size());
  if (rest.empty() || rest.size() > 3 || rest.find_first_not_of("0123456789") != std::string::npos) return 0;
  const int p = std::stoi(rest);
  return p >= 1 && p <= 100 ? p : 0;
}

}  // namespace tv::host
