// The `connectivity` check: its options, its memory, and the `connectivity` object of the
// record (docs/checks.md, "Connectivity check").  The flows are kernels/graph/connectivity.cpp.
#include "host/checks/connectivity_check.hpp"

#include <string>

#include "host/checks/option_values.hpp"
#include "host/records/labels.hpp"
#include "kernels/graph/connectivity.hpp"

namespace tv::host {

connectivity_settings parse_connectivity_options(const nlohmann::json& o) {
  require_option_table("connectivity", o);
  connectivity_settings s;
  for (const auto& option : o.items()) {
    if (option.key() == "symmetry")
      s.symmetry = parse_bool_option("connectivity", "symmetry", option.value());
    else if (option.key() == "max_flows")
      s.max_flows = static_cast<uint64_t>(
          parse_integer_option("connectivity", "max_flows", option.value(), 1, int64_t{1} << 40));
    else
      unknown_option("connectivity", option.key(), "symmetry, max_flows");
  }
  return s;
}

void validate_connectivity_options(const nlohmann::json& o) { (void)parse_connectivity_options(o); }

uint64_t connectivity_memory(const graph_shape& shape, const nlohmann::json& options, core::backend) {
  (void)parse_connectivity_options(options);
  // The split network: 2N nodes, N + arcs arcs and as many reverse arcs, each with its
  // head, capacity, residual and reverse index (20 bytes), 12 bytes each while it is
  // built, and per network node its row start and BFS arc (16 bytes); orbits 16 per node.
  const uint64_t network_arcs = shape.nodes + shape.arcs;
  return graph_bytes(shape) + network_arcs * (2 * 20 + 12) + 2 * shape.nodes * 16 + 16 * shape.nodes;
}

void run_connectivity(check_context& ctx, nlohmann::ordered_json& r) {
  const connectivity_settings settings = parse_connectivity_options(ctx.options);
  const graph::csr_graph& g = ctx.graph();
  const graph::connectivity_result c =
      graph::connectivity(g, {settings.symmetry, settings.max_flows, ctx.control});
  nlohmann::ordered_json m;
  m["strong"] = g.directed;  // the strong versions on a directed network
  if (c.skipped) {
    m["vertex_connectivity"] = nullptr;
    m["edge_connectivity"] = nullptr;
    m["flows_planned"] = c.flows_planned;
    m["skipped"] = "up to " + std::to_string(c.flows_planned) + " max-flow runs planned, over max_flows = " +
                   std::to_string(settings.max_flows) + " (each a few BFS over the arcs; raise "
                   "connectivity.max_flows)";
    r["connectivity"] = m;
    return;
  }
  const int width = ctx.inst.bits();
  auto label = [&](uint32_t v) { return node_name(g.labels[v], width); };
  auto separated = [&](const graph::separating_set& s) -> nlohmann::ordered_json {
    if (!s.from_pair) return nullptr;
    return nlohmann::ordered_json::array({label(s.source), label(s.target)});
  };
  m["vertex_connectivity"] = c.vertex.value;
  m["edge_connectivity"] = c.edge.value;
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array(), arcs = nlohmann::ordered_json::array();
  for (uint32_t v : c.vertex.nodes) nodes.push_back(label(v));
  for (const auto& [u, v] : c.edge.arcs) arcs.push_back({label(u), label(v)});
  m["vertex_cut"] = nodes;
  m["vertex_cut_separates"] = separated(c.vertex);
  m["edge_cut"] = arcs;
  m["edge_cut_separates"] = separated(c.edge);
  if (c.complete)
    m["vertex_note"] = "complete graph: no two nodes can be separated; removing the N - 1 "
                       "nodes in vertex_cut leaves one";
  if (!c.edge.from_pair)
    m["edge_note"] = "edge_cut is the arcs of a node of least degree: removing them cuts it off";
  m["vertex_method"] = c.vertex_method;
  m["flows"] = {{"vertex", c.vertex.flows}, {"edge", c.edge.flows}};
  m["flows_planned"] = c.flows_planned;
  m["automorphisms"] = c.automorphisms;
  m["orbits"] = c.orbits;
  m["computed_on"] = "cpu";
  r["connectivity"] = m;
}

}  // namespace tv::host
