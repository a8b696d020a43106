// What an architects' family costs (issue 36, item 3): routers, their radix, links,
// endpoints and cables per endpoint, read off the built network with the counts.  Every
// figure says whether it counts routers or endpoints (docs/architects.md, "Cost").
#pragma once
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "host/families.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host {

/// @brief Adds the `topology` object of an instance built by host/topology_families.hpp.
void put_topology_cost(const graph::topologies::topology_facts& facts, const graph::csr_graph& g,
                       nlohmann::ordered_json& record);

/// @brief Endpoints at each of the instance's `nodes` routers: an architects' family's
/// layout, else one per node (a node of the other families is a processor).
std::vector<uint32_t> endpoints_per_router(const instance& inst, uint64_t nodes);

}  // namespace tv::host
