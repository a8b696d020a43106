// The k-ary n-fly (constructions.hpp): Dally & Towles, "Principles and Practices of
// Interconnection Networks", 2004, Section 4.1, unwrapped, its channels taken as links.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"
#include "kernels/graph/topologies/k_ary_levels.hpp"

namespace tv::graph::topologies {

topology_shape butterfly_shape(uint64_t k, uint64_t n) { return k_ary_levels_shape("butterfly", "stage", k, n); }

topology butterfly(uint64_t k, uint64_t n, uint32_t concentration) {
  // The channel from stage i to stage i+1 leaving by output port j sets digit n-2-i of
  // the row to j: destination-tag routing reads the destination's digits from the most
  // significant down, one per stage.
  topology t = k_ary_levels_network(butterfly_shape(k, n), k, n, [n](uint64_t stage) { return n - 2 - stage; }, 0,
                                    concentration);
  t.facts.construction = "k-ary n-fly, unwrapped, channels as links: " + std::to_string(concentration) +
                         " terminals at each stage-0 switch, none at the others; stage i's port j "
                         "sets row digit n-2-i to j";
  return t;
}

}  // namespace tv::graph::topologies
