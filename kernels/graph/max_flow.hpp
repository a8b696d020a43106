// Maximum flow on the unit-capacity networks that connectivity is computed on
// (connectivity.hpp), by shortest augmenting paths: each path raises the flow by one, and
// connectivities are small (at most the minimum degree), so a flow costs a few BFS over
// the arcs.  Two networks over one graph: the arcs themselves (edge connectivity: each
// arc capacity 1, an undirected edge two arcs) and the graph with every node split into
// an in- and an out-node joined by an arc of capacity 1 (vertex connectivity; the graph's
// arcs get capacity N, never cut).  CPU only (host code).
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

class unit_flow_network {
 public:
  /// @brief Every arc u -> v of g with capacity 1; flows between g's nodes.
  static unit_flow_network for_edges(const csr_graph& g);
  /// @brief g's nodes split: in(v) -> out(v) capacity 1, and for every arc u -> v of g,
  /// out(u) -> in(v) capacity N; flows from out(s) to in(t).  Raises core::too_large past
  /// 2^31 nodes (network nodes are 32-bit indices).
  static unit_flow_network for_vertices(const csr_graph& g);

  /// @brief The maximum number of arc-disjoint (for_edges) or internally node-disjoint
  /// (for_vertices) paths from s to t, counted up to `limit` (the search stops there).
  uint32_t max_flow(uint32_t s, uint32_t t, uint32_t limit);

  /// @brief After a max_flow that stayed below its limit, a minimum cut: for_edges, the
  /// arcs (u, v) of g from the nodes s still reaches in the residual network to the rest;
  /// for_vertices, the nodes v whose in-node s reaches and whose out-node it does not.
  std::vector<std::pair<uint32_t, uint32_t>> cut_arcs() const;
  std::vector<uint32_t> cut_nodes() const;

 private:
  void add_arc(uint32_t from, uint32_t to, uint32_t capacity);
  void finish(uint64_t network_nodes);
  bool augment(uint32_t source, uint32_t sink);  // one shortest path, flow +1
  std::vector<char> reached_from(uint32_t source) const;

  bool split_ = false;
  uint64_t graph_nodes_ = 0;
  uint32_t source_ = 0;
  // Built as a list of (from, to, capacity), then as CSR rows with each arc's reverse.
  std::vector<uint32_t> from_, to_, capacity_;
  std::vector<uint64_t> first_;      // network node x's arcs: [first_[x], first_[x + 1])
  std::vector<uint32_t> head_;       // the arc's head
  std::vector<uint32_t> full_;       // its capacity (reverse arcs 0)
  std::vector<uint32_t> residual_;   // its capacity left
  std::vector<uint64_t> reverse_;    // the index of its reverse arc
  std::vector<uint64_t> via_;        // BFS: the arc that reached a node
};

}  // namespace tv::graph
