// Spanning trees given as parent arrays: the spanning-tree check with its first violation,
// and the tree's diameter (see structure.hpp; children, depths and pre-order of a valid
// tree are sim::tree_from_parents's, kernels/sim/trees.hpp).
#include "host/claims/structure.hpp"

#include <algorithm>
#include <deque>

namespace tv::host::claims {

// ---- Spanning trees ---------------------------------------------------------------------

tree_report check_spanning_tree(const graph::csr_graph& g, const std::vector<uint64_t>& parent,
                                uint64_t root) {
  tree_report r;
  const uint64_t n = g.nodes;
  r.nodes = n;
  if (parent.size() != n) {
    r.problem = "the parent array has " + std::to_string(parent.size()) + " entries for " +
                std::to_string(n) + " nodes";
    return r;
  }
  if (root >= n) {
    r.problem = "the root is not a node";
    return r;
  }
  if (parent[root] != root) {
    r.problem = "the root's parent entry is not the root";
    r.node = root;
    r.parent = parent[root];
    return r;
  }
  // Pass 1: every non-root parent is a node and a graph neighbor.
  std::optional<uint64_t> bad1;
  std::string why1;
  for (uint64_t v = 0; v < n; ++v) {
    if (v == root) continue;
    const uint64_t p = parent[v];
    std::string why;
    if (p >= n) why = "its parent is not a node";
    else if (p == v) why = "it is its own parent (a second root)";
    else if (!has_arc(g, v, p)) why = "the tree edge to its parent is not an edge of the graph";
    else ++r.tree_edges;
    if (!why.empty() && !bad1) {
      bad1 = v;
      why1 = why;
    }
  }
  // Pass 2: every parent chain reaches the root (no cycle, connected).
  std::vector<uint8_t> state(n, 0);  // 0 unknown, 1 on the current walk, 2 reaches root, 3 not
  std::vector<uint32_t> depth(n, 0);
  state[root] = 2;
  std::optional<uint64_t> bad2;
  std::vector<uint64_t> walk;
  for (uint64_t v = 0; v < n; ++v) {
    if (state[v]) continue;
    walk.clear();
    uint64_t x = v;
    uint8_t outcome = 3;
    while (true) {
      if (x >= n) break;
      if (state[x] == 2) {
        outcome = 2;
        break;
      }
      if (state[x] == 1 || state[x] == 3) break;
      state[x] = 1;
      walk.push_back(x);
      if (parent[x] == x) break;  // a second root
      x = parent[x];
    }
    uint32_t d = outcome == 2 ? depth[x] : 0;
    for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
      state[*it] = outcome;
      if (outcome == 2) depth[*it] = ++d;
    }
    if (outcome != 2 && !bad2) bad2 = v;
  }
  for (uint64_t v = 0; v < n; ++v)
    if (state[v] == 2) r.height = std::max(r.height, depth[v]);
  if (bad1 && (!bad2 || *bad1 <= *bad2)) {
    r.problem = "node " + std::to_string(*bad1) + ": " + why1;
    r.node = bad1;
    r.parent = parent[*bad1];
  } else if (bad2) {
    r.problem = "node " + std::to_string(*bad2) + " does not reach the root through its parents";
    r.node = bad2;
    r.parent = parent[*bad2];
  } else if (r.tree_edges != n - 1) {
    r.problem = std::to_string(r.tree_edges) + " tree edges for " + std::to_string(n) + " nodes";
  }
  r.spanning_tree = r.problem.empty();
  return r;
}

namespace {
/// Children of every node in ascending rank order.
std::vector<std::vector<uint64_t>> tree_children(const std::vector<uint64_t>& parent, uint64_t root) {
  std::vector<std::vector<uint64_t>> ch(parent.size());
  for (uint64_t v = 0; v < parent.size(); ++v)
    if (v != root) ch[parent[v]].push_back(v);
  return ch;
}
}  // namespace

uint32_t tree_diameter(const std::vector<uint64_t>& parent, uint64_t root) {
  const uint64_t n = parent.size();
  const auto ch = tree_children(parent, root);
  auto farthest = [&](uint64_t s, uint32_t* dist) {
    std::vector<uint32_t> d(n, ~0u);
    std::deque<uint64_t> q{s};
    d[s] = 0;
    uint64_t last = s;
    while (!q.empty()) {
      const uint64_t u = q.front();
      q.pop_front();
      last = d[u] > d[last] ? u : last;
      auto visit = [&](uint64_t w) {
        if (d[w] == ~0u) {
          d[w] = d[u] + 1;
          q.push_back(w);
        }
      };
      if (u != root) visit(parent[u]);
      for (uint64_t w : ch[u]) visit(w);
    }
    *dist = d[last];
    return last;
  };
  uint32_t d1 = 0, d2 = 0;
  const uint64_t u = farthest(root, &d1);
  farthest(u, &d2);
  return d2;
}

}  // namespace tv::host::claims
