// check_context's graph, built once on first use, its all-pairs call, and the counts
// fields of a record.
#include "host/checks/check.hpp"

#include <chrono>

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
  return all_pairs_by ? all_pairs_by->run(*this, g, opt) : distance::all_pairs(backend, g, opt);
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
