// The architects' families (issue 36; docs/architects.md): fat tree, dragonfly, HyperX,
// flattened butterfly, Slim Fly, PolarFly, Jellyfish as users name them, their parameters
// as their papers name them, and the instance each builds: the router graph, built once
// when the instance is made (kernels/graph/topologies/constructions.hpp), held as a
// file's graph is, with its endpoints per router.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "host/families.hpp"

namespace tv::host {

/// @brief The specs of the architects' families, appended to family_specs().
std::vector<family_spec> topology_family_specs();

/// @brief True for a family this file builds.
bool is_topology_family(const std::string& family);

/// @brief True for a parameter that may be left out, its default computed from the
/// others (a family's published concentration).
bool topology_parameter_optional(const std::string& family, const std::string& parameter);

/// @brief Builds the network into inst.file and inst.topology, and fills in the
/// parameters left to their defaults; std::invalid_argument (one line) for parameters the
/// construction refuses.
void build_topology(instance& inst, const std::map<std::string, long long>& ints,
                    const std::map<std::string, std::string>& texts);

}  // namespace tv::host
