// Networks as architects build them today (issue 36): fat trees, dragonflies, HyperX and
// flattened butterflies, Slim Fly, PolarFly, Jellyfish.  Each family's published
// construction (constructions.hpp) makes a graph of routers, as CSR, and says how many
// endpoints (compute nodes, terminals) each router serves.  Unlike the label-defined
// families of kernels/families/, these are built once on the host, as a graph read from a
// file is, and every graph check runs on them unchanged.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph::topologies {

/// How many endpoints each router serves: `per_router` for every router, or, where the
/// construction attaches endpoints to some routers only (a fat tree's leaves), the count
/// of each router in `at`.
struct endpoint_layout {
  uint32_t per_router = 0;
  std::vector<uint32_t> at;  // empty: per_router at every router
  bool uniform() const { return at.empty(); }
  uint32_t of(uint64_t router) const { return at.empty() ? per_router : at[router]; }
  uint64_t total(uint64_t routers) const;
};

/// What a constructed network is beside its graph: the endpoints its routers serve, and
/// how the construction chose what the family leaves open (one sentence for the record).
struct topology_facts {
  endpoint_layout endpoints;
  std::string construction;
};

/// A constructed network: its routers and their links, and its facts.
struct topology {
  csr_graph graph;
  topology_facts facts;
};

/// Routers and undirected links a construction makes, known before it makes them.
struct topology_shape {
  uint64_t routers = 0;
  uint64_t links = 0;
};

/// Appends router v's neighbours through `add`.
using neighbour_rule = std::function<void(uint32_t v, const std::function<void(uint32_t)>& add)>;

/// @brief The undirected CSR of `shape.routers` routers whose rows `rule` gives (each
/// row sorted here).  Refuses before allocating when the graph cannot fit this machine
/// (core::too_large) or has more than 2^32 routers; raises std::logic_error if the rule
/// names a router out of range, itself, a neighbour twice, or an arc without its reverse:
/// a construction's bug, never the user's input.
csr_graph build_from_rule(const topology_shape& shape, const neighbour_rule& rule);

}  // namespace tv::graph::topologies
