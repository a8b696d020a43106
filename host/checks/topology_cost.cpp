// The `topology` object of a record (topology_cost.hpp).
#include "host/checks/topology_cost.hpp"

#include <algorithm>

namespace tv::host {

void put_topology_cost(const graph::topologies::topology_facts& facts, const graph::csr_graph& g,
                       nlohmann::ordered_json& r) {
  const auto& e = facts.endpoints;
  uint32_t radix = 0, attached_min = UINT32_MAX, attached_max = 0;
  uint64_t serving = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    radix = std::max(radix, g.degree(v) + e.of(v));
    attached_min = std::min(attached_min, e.of(v));
    attached_max = std::max(attached_max, e.of(v));
    serving += e.of(v) > 0;
  }
  const uint64_t endpoints = e.total(g.nodes), links = g.arcs() / 2;
  nlohmann::ordered_json t;
  t["routers"] = g.nodes;
  t["routers_with_endpoints"] = serving;
  t["endpoints"] = endpoints;
  t["concentration"] = e.uniform() ? nlohmann::ordered_json(e.per_router) : nlohmann::ordered_json(nullptr);
  t["concentration_min"] = g.nodes ? attached_min : 0;
  t["concentration_max"] = attached_max;
  t["links"] = links;  // router to router; each endpoint adds one more cable
  t["radix"] = radix;  // the most ports a router uses: links plus endpoints
  t["cables_per_endpoint"] = endpoints ? nlohmann::ordered_json(static_cast<double>(links) / endpoints)
                                       : nlohmann::ordered_json(nullptr);
  t["construction"] = facts.construction;
  // Nodes are routers: every figure of the record outside `topology` and `endpoints`
  // (nodes, edges, degrees, distances, link loads, bisection, paths) counts routers.
  t["other_figures_between"] = "routers";
  r["topology"] = t;
}

std::vector<uint32_t> endpoints_per_router(const instance& inst, uint64_t nodes) {
  if (!inst.topology) return std::vector<uint32_t>(nodes, 1);
  const auto& e = inst.topology->endpoints;
  std::vector<uint32_t> w(nodes);
  for (uint64_t v = 0; v < nodes; ++v) w[v] = e.of(v);
  return w;
}

}  // namespace tv::host
