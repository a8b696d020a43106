// The dragonfly (constructions.hpp): Kim, Dally, Scott & Abts, "Technology-Driven,
// Highly-Scalable Dragonfly Topology", ISCA 2008, Section 3; its global links laid out
// as the palm-tree arrangement of Camarero, Vallejo & Beivide, "Topological
// Characterization of Hamming and Dragonfly Networks and Its Implications on Routing",
// ACM TACO 2014.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"

namespace tv::graph::topologies {

topology_shape dragonfly_shape(uint64_t a, uint64_t h) {
  if (a < 1) throw std::invalid_argument("dragonfly: a = " + std::to_string(a) + " must be at least 1");
  if (h < 1) throw std::invalid_argument("dragonfly: h = " + std::to_string(h) + " must be at least 1");
  if (a > (1u << 16) || h > (1u << 16)) throw std::invalid_argument("dragonfly: a and h must be at most 65536");
  const uint64_t g = a * h + 1;
  return {a * g, g * (a * (a - 1) + a * h) / 2};
}

topology dragonfly(uint64_t a, uint64_t p, uint64_t h) {
  const topology_shape shape = dragonfly_shape(a, h);
  const uint64_t g = a * h + 1;
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    const uint64_t group = v / a, r = v % a;
    for (uint64_t s = 0; s < a; ++s)  // the group is complete
      if (s != r) add(static_cast<uint32_t>(group * a + s));
    for (uint64_t tport = 0; tport < h; ++tport) {
      const uint64_t j = r * h + tport;          // the group's global port
      const uint64_t to = (group + j + 1) % g;   // the group it reaches
      const uint64_t back = a * h - 1 - j;       // its port there
      add(static_cast<uint32_t>(to * a + back / h));
    }
  });
  t.facts.endpoints.per_router = static_cast<uint32_t>(p);
  t.facts.construction = "g = a h + 1 = " + std::to_string(g) +
                   " groups, one global link per pair of groups: group i's port j (router j / h) "
                   "to group (i + j + 1) mod g, port a h - 1 - j (palm tree)";
  return t;
}

}  // namespace tv::graph::topologies
