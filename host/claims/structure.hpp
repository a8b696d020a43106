// Structural checks the claims need, each a reusable function on explicit inputs (a CSR
// graph, a label set, a vertex order, a parent array), returning the first violation in
// index order so a failing claim can show the smallest witness:
//  - spanning-tree check of a parent array (tree edges are graph edges, N-1 edges,
//    connected to the root, height);
//  - Hamiltonian-cycle check and Gray-code check of an order;
//  - subgraph containment by papers/000 Section 5's conditions 1 and 2 (search over the
//    sets of deleted bit positions), and label-set containment alone;
//  - largest subcubes by search over sets of free coordinates;
//  - isomorphism of two graphs under an explicit node mapping;
//  - node-disjoint path counts by max-flow (vertex splitting) on small graphs.
// Host code only: these run on claim-sized instances, not at GPU scale.  One file per concern
// in host/claims/structure/; lookups by label and arc in lookups.hpp, and the small graphs
// the claims build come from kernels/graph/builders.hpp.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "host/claims/structure/lookups.hpp"
#include "kernels/graph/builders.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::host::claims {

// ---- Spanning trees ---------------------------------------------------------------------

struct tree_report {
  bool spanning_tree = false;
  uint64_t nodes = 0;
  uint64_t tree_edges = 0;  // non-root nodes with a valid parent that is a graph neighbor
  uint32_t height = 0;      // largest depth (when every node reaches the root)
  std::string problem;      // the first violation, in words ("" when a spanning tree)
  std::optional<uint64_t> node;    // the smallest node (rank) where it shows
  std::optional<uint64_t> parent;  // its parent entry
};

/// @brief Checks that parent[] (rank -> parent rank, parent[root] == root) is a spanning
/// tree of g: one entry per node, every non-root parent a node and a neighbor (tree edges
/// are graph edges), N-1 tree edges, every node's parent chain reaching the root (connected,
/// no cycle); reports the height.
tree_report check_spanning_tree(const graph::csr_graph& g, const std::vector<uint64_t>& parent,
                                uint64_t root);

/// @brief Number of edges on the longest path of a tree (its diameter), by two sweeps.
uint32_t tree_diameter(const std::vector<uint64_t>& parent, uint64_t root);

// ---- Orders -----------------------------------------------------------------------------

struct order_report {
  bool ok = false;
  std::string problem;               // the first violation ("" when ok)
  std::optional<uint64_t> position;  // index in the order where it shows
};

/// @brief Checks that `order` (ranks) visits every node of g exactly once and that
/// consecutive nodes, and the last and the first, are adjacent: a Hamiltonian cycle.
order_report check_hamiltonian_cycle(const graph::csr_graph& g, const std::vector<uint64_t>& order);

/// @brief Checks that consecutive labels differ in exactly one bit (and the last and the
/// first when `cyclic`), and that no label repeats: a Gray code of the listed set.
order_report check_gray_code(const std::vector<uint64_t>& labels, bool cyclic);

// ---- Containment (papers/000 Section 5) -------------------------------------------------

enum class containment_rule {
  conditions_1_or_2,  // V(G) in V(H), or in V'(H) = V(H) with some bit positions deleted
  condition_1_only,   // V(G) in V(H), labels compared as numbers (shorter ones zero-padded)
};

struct containment_report {
  std::optional<bool> contains;  // empty: the search did not fit the budget
  std::vector<int> deleted;      // positions deleted (1 = leftmost host bit), when it contains
  uint64_t candidates = 0;       // position sets examined
  std::string how;               // "condition 1", "condition 2 (delete positions 1, 4)", ...
};

/// @brief Whether H (labels of host_bits) contains G (labels of guest_bits) under a rule;
/// condition 2 tries the sets of host_bits - guest_bits deleted positions in lexicographic
/// order and stops at the first that works.  `budget` bounds sets x labels.
containment_report find_containment(const std::vector<uint64_t>& host, int host_bits,
                                    const std::vector<uint64_t>& guest, int guest_bits,
                                    containment_rule rule, double budget);

/// @brief Labels with the given positions (1 = leftmost of `bits`) removed.
uint64_t delete_positions(uint64_t x, int bits, const std::vector<int>& positions);

// ---- Subcubes ---------------------------------------------------------------------------

struct subcube {
  uint64_t base = 0;  // the fixed bits (0 at free positions)
  uint64_t free = 0;  // mask of the free coordinates
  bool operator==(const subcube& o) const { return base == o.base && free == o.free; }
};

/// @brief "*0000*": free coordinates as '*', the base's bits elsewhere.
std::string subcube_pattern(const subcube& c, int bits);

struct subcube_report {
  std::optional<int> dimension;   // largest dimension found; empty when over the budget
  std::vector<subcube> largest;   // every subcube of that dimension, sorted by pattern
  uint64_t examined = 0;          // subcubes generated
};

/// @brief Largest subcubes of a label set: level by level, a (d+1)-cube with highest free
/// coordinate b is a d-cube and its copy with bit b set, both inside the set.
subcube_report largest_subcubes(const std::vector<uint64_t>& labels, int bits, double budget);

// ---- Isomorphism under an explicit mapping ----------------------------------------------

struct mapping_report {
  bool isomorphic = false;
  std::string problem;  // the first violation ("" when isomorphic)
  std::optional<std::pair<uint64_t, uint64_t>> arc;  // (u, v) ranks in a
};

/// @brief Checks that map (rank in a -> rank in b) is a bijection that carries the arcs of
/// a exactly onto the arcs of b.
mapping_report check_mapped_isomorphism(const graph::csr_graph& a, const graph::csr_graph& b,
                                        const std::vector<uint64_t>& map);

// ---- Node-disjoint paths ----------------------------------------------------------------

/// Max-flow on the vertex-split graph of an undirected g (unit capacities), reused across
/// pairs.  By Menger's theorem the flow from s to t is the largest number of internally
/// node-disjoint s-t paths (the edge s-t, when present, is one of them).
class disjoint_paths {
 public:
  explicit disjoint_paths(const graph::csr_graph& g);
  uint32_t count(uint64_t s, uint64_t t);

 private:
  const graph::csr_graph& g_;
  // Split node v into in = 2v and out = 2v+1; arcs in a flat residual list.
  std::vector<uint64_t> head_, next_, to_;
  std::vector<int8_t> cap_;
  std::vector<int8_t> base_cap_;
  std::vector<uint64_t> prev_arc_;
  std::vector<uint64_t> queue_;
  void add_arc(uint64_t u, uint64_t v);
};

}  // namespace tv::host::claims
