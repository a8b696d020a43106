// check_context's graph, built once on first use, its engine calls (in one call or through
// the runner's ranges), and the counts
// fields of a record.
#include "host/checks/check.hpp"

#include <chrono>

#include "host/checks/range_engines.hpp"

namespace tv::host {

const graph::csr_graph& check_context::graph() {
  if (!graph_ && inst.file) {
    graph_ = std::shared_ptr<const graph::csr_graph>(inst.file, &inst.file->graph);  // read with the instance
  } else if (!graph_) {
    const auto t0 = std::chrono::steady_clock::now();
    graph_ = std::make_shared<graph::csr_graph>(graph::build_csr(backend, inst.net));
    graph_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  return *graph_;
}

distance::all_pairs_result check_context::all_pairs(const graph::csr_graph& g,
                                                    const distance::all_pairs_options& opt) const {
  if (!ranges) return distance::all_pairs(backend, g, opt);
  const auto engine = all_pairs_engine(backend, g, opt);
  return finish_all_pairs(ranges->run(*engine));
}

sim::broadcast_result check_context::broadcast(const families::family& f, const graph::csr_graph& g,
                                               const sim::broadcast_options& opt) const {
  if (!ranges) return sim::broadcast(backend, f, g, opt);
  const auto engine = broadcast_engine(backend, f, g, opt);
  return finish_broadcast(ranges->run(*engine));
}

sim::routing_result check_context::route_all(const families::family& f, const sim::routing_options& opt) const {
  if (!ranges || opt.sample_pairs > 0) return sim::route_all(backend, f, opt);
  const auto engine = routing_engine(backend, f, opt);
  return finish_routing(ranges->run(*engine));
}

void put_counts(nlohmann::ordered_json& r, const graph::degree_summary& s, bool directed) {
  r["nodes"] = s.nodes;
  r["edges"] = s.edges;
  r["degree_min"] = s.degree_min;
  r["degree_max"] = s.degree_max;
  r["degree_histogram"] = s.degree_histogram;
  if (directed) {
    r["in_degree_min"] = s.in_degree_min;
    r["in_degree_max"] = s.in_degree_max;
    r["in_degree_histogram"] = s.in_degree_histogram;
  }
}

}  // namespace tv::host
