// The k-ary n-tree (constructions.hpp): Petrini & Vanneschi, "k-ary n-trees: High
// Performance Networks for Massively Parallel Architectures", IPPS 1997, Definition 2.
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"

namespace tv::graph::topologies {

topology_shape fat_tree_shape(uint64_t k, uint64_t n) { return k_ary_levels_shape("fattree", "level", k, n); }

topology fat_tree(uint64_t k, uint64_t n, uint32_t concentration) {
  const topology_shape shape = fat_tree_shape(k, n);
  const uint64_t row = shape.routers / n;  // k^(n-1) switches per level
  std::vector<uint64_t> place(n, 1);       // k^i, digit i's place value
  for (uint64_t i = 1; i < n; ++i) place[i] = place[i - 1] * k;
  topology t;
  t.graph = build_from_rule(shape, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    const uint64_t level = v / row, w = v % row;
    // Down to level l+1 and up to level l-1: the digit that names the link is free.
    if (level + 1 < n) {
      const uint64_t base = w - (w / place[level]) % k * place[level];
      for (uint64_t d = 0; d < k; ++d) add(static_cast<uint32_t>((level + 1) * row + base + d * place[level]));
    }
    if (level > 0) {
      const uint64_t digit = level - 1;
      const uint64_t base = w - (w / place[digit]) % k * place[digit];
      for (uint64_t d = 0; d < k; ++d) add(static_cast<uint32_t>((level - 1) * row + base + d * place[digit]));
    }
  });
  t.facts.endpoints.at.assign(shape.routers, 0);
  for (uint64_t w = 0; w < row; ++w) t.facts.endpoints.at[(n - 1) * row + w] = concentration;
  t.facts.endpoints.per_router = concentration;
  t.facts.construction = "k-ary n-tree: " + std::to_string(concentration) +
                   " endpoints at each leaf switch (level n-1), none at the others";
  return t;
}

}  // namespace tv::graph::topologies
