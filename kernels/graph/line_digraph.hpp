// A directed graph recognized as a line digraph, and the graph it is the line digraph of.
//
// G is the line digraph L(H) of H when G's nodes are H's arcs and u -> w in G exactly when
// the arc u ends where the arc w starts.  Heuchenne's condition tells one from the graph
// alone: any two out-neighbourhoods of G are equal or disjoint.  Then H's nodes are the
// distinct out-neighbourhoods, and node u of G is the arc tail(u) -> head(u) of H, with
// head(u) the class of u's out-neighbourhood and tail(u) the class of the out-neighbourhoods
// that hold u.  A walk of H from head(u) to tail(w) of length L is a path u, ..., w of
// G of length L + 1, so for u != w
//     d_G(u, w) = 1 + d_H(head(u), tail(w)),
// which turns the diameter of G into that of H, a graph with fewer nodes (de Bruijn and
// Kautz digraphs are line digraphs of their predecessors: kernels/distance/ line_digraph
// diameter).  Nothing here knows a family: the condition is checked on the arcs.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::graph {

struct line_digraph_root {
  csr_graph root;               // H: a node per distinct out-neighbourhood, repeated arcs once
  std::vector<uint32_t> head;   // per node u of G: the node of H its arc ends at
  std::vector<uint32_t> tail;   // per node u of G: the node of H its arc starts at
  /// Per node x of H: how many nodes of G have tail x (its out-neighbourhood's size) and
  /// head x (the arcs of H that end at x, repeats counted).
  std::vector<uint32_t> tails_at, heads_at;
};

/// @brief H with G = L(H), when G is directed, every node has an in- and an out-arc and
/// any two out-neighbourhoods are equal or disjoint; nullopt otherwise (also when H would
/// not be smaller than G).  H's labels are the smallest label of each class's nodes.
std::optional<line_digraph_root> line_digraph_root_of(const csr_graph& g);

}  // namespace tv::graph
