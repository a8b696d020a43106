// Proved label-map automorphisms kept as maps, and orbits under those fixing a node
// (host code).
#include "kernels/graph/label_automorphisms.hpp"

#include <algorithm>
#include <numeric>

namespace tv::graph {

std::vector<std::string> proved_automorphisms::names() const {
  std::vector<std::string> out;
  for (const auto& m : maps) out.push_back(m.name());
  return out;
}

proved_automorphisms find_label_automorphisms(const csr_graph& g) {
  proved_automorphisms a;
  a.width = label_width(g);
  if (g.nodes < 2 || a.width == 0) return a;
  const uint64_t width_mask = a.width >= 64 ? ~uint64_t{0} : (uint64_t{1} << a.width) - 1;
  const xor_map_checker xor_maps(g);
  for (const label_map& m : candidate_label_maps(a.width)) {
    const bool is_xor = m.op == label_map::kind::complement || m.op == label_map::kind::flip_bit;
    if (is_xor && xor_maps.applies()) {
      const uint64_t mask = m.op == label_map::kind::complement ? width_mask : uint64_t{1} << m.arg;
      if (xor_maps.is_automorphism(mask)) a.maps.push_back(m);
      continue;
    }
    const std::vector<uint32_t> image = automorphism_image(g, m, a.width);
    if (image.empty()) continue;
    bool identity = true;
    for (uint64_t v = 0; v < g.nodes && identity; ++v) identity = image[v] == v;
    if (!identity) a.maps.push_back(m);
  }
  return a;
}

uint32_t image_of_node(const csr_graph& g, const proved_automorphisms& a, const label_map& m,
                       uint32_t v) {
  const uint64_t y = m.apply(g.labels[v], a.width);
  // Labels are ascending; on labels 0 .. n-1 a label is its own index.
  if (g.labels.back() == g.nodes - 1) return static_cast<uint32_t>(y);
  return static_cast<uint32_t>(std::lower_bound(g.labels.begin(), g.labels.end(), y) -
                               g.labels.begin());
}

std::vector<uint32_t> orbits_fixing(const csr_graph& g, const proved_automorphisms& a,
                                    uint32_t fixed) {
  const uint64_t n = g.nodes;
  std::vector<uint32_t> parent(n);
  std::iota(parent.begin(), parent.end(), uint32_t{0});
  auto find = [&](uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (const label_map& m : a.maps) {
    if (image_of_node(g, a, m, fixed) != fixed) continue;
    for (uint64_t v = 0; v < n; ++v) {
      uint32_t x = find(static_cast<uint32_t>(v)), y = find(image_of_node(g, a, m, static_cast<uint32_t>(v)));
      if (x == y) continue;
      if (y < x) std::swap(x, y);
      parent[y] = x;  // a root stays the smallest node of its set
    }
  }
  for (uint64_t v = 0; v < n; ++v) parent[v] = find(static_cast<uint32_t>(v));
  return parent;
}

}  // namespace tv::graph
