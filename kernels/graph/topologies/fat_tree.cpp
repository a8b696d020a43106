// The k-ary n-tree (constructions.hpp): Petrini & Vanneschi, "k-ary n-trees: High
// Performance Networks for Massively Parallel Architectures", IPPS 1997, Definition 2.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"
#include "kernels/graph/topologies/k_ary_levels.hpp"

namespace tv::graph::topologies {

topology_shape fat_tree_shape(uint64_t k, uint64_t n) { return k_ary_levels_shape("fattree", "level", k, n); }

topology fat_tree(uint64_t k, uint64_t n, uint32_t concentration) {
  // Level l's links down to level l+1 (and up from it) free digit l: it names the link.
  topology t = k_ary_levels_network(fat_tree_shape(k, n), k, n, [](uint64_t level) { return level; }, n - 1,
                                    concentration);
  t.facts.construction = "k-ary n-tree: " + std::to_string(concentration) +
                   " endpoints at each leaf switch (level n-1), none at the others";
  return t;
}

}  // namespace tv::graph::topologies
