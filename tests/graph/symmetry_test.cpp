// Label-map automorphisms against brute force: a map is an automorphism exactly when it
// carries the label set and the set of labelled arcs onto themselves, checked here with
// std::set on labels (independent of the CSR search the finder uses); the orbits must be
// the closure of the node set under every map that passes.
#include "kernels/graph/symmetry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <set>

#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"
#include "tests/support.hpp"

namespace {

using namespace tv;
using graph::label_map;

int width_of(const graph::csr_graph& g) {
  uint64_t all = 0;
  for (uint64_t x : g.labels) all |= x;
  int w = 0;
  while (w < 64 && (all >> w)) ++w;
  return w;
}


// The map on labels, bit by bit from its definition.
uint64_t apply_by_hand(const label_map& m, uint64_t x, int width) {
  std::vector<int> bit(width);
  for (int b = 0; b < width; ++b) bit[b] = (x >> b) & 1;
  std::vector<int> out = bit;
  switch (m.op) {
    case label_map::kind::reverse:
      for (int b = 0; b < width; ++b) out[b] = bit[width - 1 - b];
      break;
    case label_map::kind::complement:
      for (int b = 0; b < width; ++b) out[b] = 1 - bit[b];
      break;
    case label_map::kind::reverse_complement:
      for (int b = 0; b < width; ++b) out[b] = 1 - bit[width - 1 - b];
      break;
    case label_map::kind::flip_bit: out[m.arg] = 1 - bit[m.arg]; break;
    case label_map::kind::swap_bits: std::swap(out[m.arg], out[m.arg + 1]); break;
  }
  uint64_t y = 0;
  for (int b = 0; b < width; ++b) y |= uint64_t(out[b]) << b;
  return y;
}

bool is_automorphism_by_sets(const graph::csr_graph& g, const label_map& m, int width) {
  std::set<uint64_t> labels(g.labels.begin(), g.labels.end()), mapped;
  std::set<std::pair<uint64_t, uint64_t>> arcs, mapped_arcs;
  for (uint64_t u = 0; u < g.nodes; ++u) {
    mapped.insert(apply_by_hand(m, g.labels[u], width));
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint64_t a = g.labels[u], b = g.labels[g.targets[e]];
      arcs.insert({a, b});
      mapped_arcs.insert({apply_by_hand(m, a, width), apply_by_hand(m, b, width)});
    }
  }
  return labels == mapped && arcs == mapped_arcs;
}

TEST(Symmetry, AutomorphismImageAgreesWithSetsOfLabelsAndArcs) {
  for (const auto& fam : test::small_instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const int width = width_of(g);
    for (const label_map& m : graph::candidate_label_maps(width)) {
      const bool truth = is_automorphism_by_sets(g, m, width);
      const std::vector<uint32_t> image = graph::automorphism_image(g, m, width);
      EXPECT_EQ(!image.empty(), truth) << "N=" << g.nodes << " " << m.name();
      if (image.empty()) continue;
      for (uint64_t v = 0; v < g.nodes; ++v)
        ASSERT_EQ(g.labels[image[v]], apply_by_hand(m, g.labels[v], width)) << m.name();
    }
  }
}

// The row-by-row proof of x -> x xor mask agrees with the sets of labels and arcs, for
// the complement and every bit flip, on every small instance whose labels are 0 .. n-1
// (hypercubes, Metacubes, de Bruijn), and declines the others.
TEST(Symmetry, XorMapCheckerAgreesWithSetsOfLabelsAndArcs) {
  int dense = 0;
  for (const auto& fam : test::small_instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const int width = width_of(g);
    const graph::xor_map_checker x(g);
    const bool labels_are_indices =
        (g.nodes & (g.nodes - 1)) == 0 && g.labels.front() == 0 && g.labels.back() == g.nodes - 1;
    EXPECT_EQ(x.applies(), labels_are_indices && g.nodes >= 2) << "N=" << g.nodes;
    if (!x.applies()) continue;
    ++dense;
    for (const label_map& m : graph::candidate_label_maps(width)) {
      if (m.op != label_map::kind::complement && m.op != label_map::kind::flip_bit) continue;
      const uint64_t mask = m.op == label_map::kind::complement ? g.nodes - 1 : uint64_t{1} << m.arg;
      EXPECT_EQ(x.is_automorphism(mask), is_automorphism_by_sets(g, m, width))
          << "N=" << g.nodes << " " << m.name();
    }
    EXPECT_FALSE(x.is_automorphism(g.nodes)) << "a mask beyond the labels";
  }
  EXPECT_GE(dense, 3);
}

TEST(Symmetry, OrbitsAreTheClosureUnderEveryAutomorphismFound) {
  for (const auto& fam : test::small_instances()) {
    const auto g = graph::build_csr(core::backend::cpu, fam);
    const int width = width_of(g);
    std::vector<label_map> autos;
    for (const label_map& m : graph::candidate_label_maps(width))
      if (is_automorphism_by_sets(g, m, width)) autos.push_back(m);
    // Closure by breadth-first search over the maps, labels looked up by rank.
    std::vector<int64_t> orbit(g.nodes, -1);
    uint64_t orbits = 0;
    for (uint64_t s = 0; s < g.nodes; ++s) {
      if (orbit[s] >= 0) continue;
      std::deque<uint64_t> q{s};
      orbit[s] = static_cast<int64_t>(s);
      while (!q.empty()) {
        const uint64_t v = q.front();
        q.pop_front();
        for (const auto& m : autos) {
          const uint64_t y = apply_by_hand(m, g.labels[v], width);
          const uint64_t w = static_cast<uint64_t>(
              std::lower_bound(g.labels.begin(), g.labels.end(), y) - g.labels.begin());
          if (orbit[w] < 0) {
            orbit[w] = static_cast<int64_t>(s);
            q.push_back(w);
          }
        }
      }
      ++orbits;
    }
    const graph::label_orbits o = graph::find_label_orbits(g);
    EXPECT_EQ(o.orbits, orbits) << "N=" << g.nodes;
    std::vector<uint32_t> size(g.nodes, 0);
    for (uint64_t v = 0; v < g.nodes; ++v) ++size[orbit[v]];
    for (uint64_t v = 0; v < g.nodes; ++v) {
      ASSERT_EQ(o.rep[v], uint32_t(orbit[v])) << "N=" << g.nodes << " node " << v;
      ASSERT_EQ(o.orbit_size[v], size[orbit[v]]);
    }
    for (const std::string& name : o.automorphisms) {
      bool listed = false;
      for (const auto& m : autos) listed |= m.name() == name;
      EXPECT_TRUE(listed) << name;
    }
    EXPECT_EQ(o.automorphisms.empty(), orbits == g.nodes);
  }
}

// The hypercube is vertex-transitive (x -> x xor a is an automorphism): one orbit.
TEST(Symmetry, HypercubeIsOneOrbit) {
  for (int n : {1, 4, 9}) {
    const auto g = graph::build_csr(core::backend::cpu, families::hypercube::make(n));
    const graph::label_orbits o = graph::find_label_orbits(g);
    EXPECT_EQ(o.orbits, 1u) << "Q(" << n << ")";
    for (uint64_t v = 0; v < g.nodes; ++v) EXPECT_EQ(o.orbit_size[v], g.nodes);
  }
}

// The path 000-001-011-111-110 as a Hamming graph: no map of the list carries its label
// set onto itself with its arcs (checked by sets), so every node is its own orbit.
TEST(Symmetry, AsymmetricGraphKeepsEveryNode) {
  const auto g = graph::hamming_graph({0b000, 0b001, 0b011, 0b110, 0b111});
  for (const label_map& m : graph::candidate_label_maps(3)) {
    ASSERT_FALSE(is_automorphism_by_sets(g, m, 3)) << m.name();
    EXPECT_TRUE(graph::automorphism_image(g, m, 3).empty()) << m.name();
  }
  const graph::label_orbits o = graph::find_label_orbits(g);
  EXPECT_EQ(o.orbits, g.nodes);
  EXPECT_TRUE(o.automorphisms.empty());
  for (uint64_t v = 0; v < g.nodes; ++v) EXPECT_EQ(o.rep[v], v);
}

}  // namespace
