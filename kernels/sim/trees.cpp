// Spanning trees from their papers' recursive definitions (see trees.hpp).
#include "kernels/sim/trees.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace tv::sim {

spanning_tree tree_from_parents(std::vector<uint32_t> parent, uint32_t root) {
  spanning_tree t;
  const uint64_t n = parent.size();
  t.nodes = n;
  t.root = root;
  if (root >= n || parent[root] != root)
    throw std::invalid_argument("tree: the root " + std::to_string(root) + " is not its own parent");
  t.child_offsets.assign(n + 1, 0);
  for (uint64_t v = 0; v < n; ++v) {
    if (parent[v] >= n) throw std::invalid_argument("tree: parent of " + std::to_string(v) + " out of range");
    if (v != root) ++t.child_offsets[parent[v] + 1];
  }
  for (uint64_t v = 0; v < n; ++v) t.child_offsets[v + 1] += t.child_offsets[v];
  t.children.assign(n ? n - 1 : 0, 0);
  std::vector<uint64_t> fill(t.child_offsets.begin(), t.child_offsets.end() - 1);
  for (uint64_t v = 0; v < n; ++v)
    if (v != root) t.children[fill[parent[v]]++] = static_cast<uint32_t>(v);
  // Pre-order DFS from the root, children in ascending rank; an explicit stack.
  t.preorder.assign(n, ~0u);
  t.order.assign(n, 0);
  t.depth.assign(n, 0);
  t.subtree.assign(n, 1);
  std::vector<uint32_t> stack{root};
  uint32_t next = 0;
  while (!stack.empty()) {
    const uint32_t v = stack.back();
    stack.pop_back();
    t.preorder[v] = next;
    t.order[next++] = v;
    for (uint64_t i = t.child_offsets[v + 1]; i > t.child_offsets[v]; --i) {
      const uint32_t c = t.children[i - 1];
      t.depth[c] = t.depth[v] + 1;
      if (t.depth[c] > t.height) t.height = t.depth[c];
      stack.push_back(c);
    }
  }
  if (next != n) {
    for (uint64_t v = 0; v < n; ++v)
      if (t.preorder[v] == ~0u)
        throw std::invalid_argument("tree: node " + std::to_string(v) +
                                    " does not reach the root (the parents form a cycle)");
  }
  for (uint64_t i = n; i-- > 1;) {
    const uint32_t v = t.order[i];
    t.subtree[parent[v]] += t.subtree[v];
  }
  t.parent = std::move(parent);
  return t;
}

uint64_t postal_tree_parent(int lambda, int n, uint64_t x) {
  // Descend Definition 1's blocks: 0||V(w-1) keeps the root; in 10^(lambda-1)||V(w-lambda)
  // the block's root 10^(w-1) hangs from the root of the 0-block (prefix||0^w).
  uint64_t prefix = 0;
  int w = n;
  while (w > lambda) {
    if (((x >> (w - 1)) & 1u) == 0) {
      --w;
      continue;
    }
    if ((x & core::low_mask(w - lambda)) == 0) return prefix;
    prefix |= uint64_t{1} << (w - 1);
    w -= lambda;
  }
  // Base PT(w) = PN(w), w <= lambda: the star 0^w with the weight-one strings.
  return prefix;
}

namespace {
/// Fibonacci tree on w-bit strings without adjacent 1s (the reading in trees.hpp).
uint64_t fibonacci_tree_parent(int w, uint64_t y) {
  uint64_t prefix = 0;
  while (w >= 2) {
    if (((y >> (w - 1)) & 1u) == 0) {
      --w;
      continue;
    }
    if ((y & core::low_mask(w - 2)) == 0) return prefix;
    prefix |= uint64_t{1} << (w - 1);
    w -= 2;
  }
  return prefix;  // w == 1: the tree 0 - 1
}
}  // namespace

uint64_t eft_parent(int order, uint64_t x, eft_reading reading) {
  uint64_t prefix = 0;
  int w = order - 2;  // label bits of the current block
  while (w > 4) {
    const unsigned top2 = static_cast<unsigned>((x >> (w - 2)) & 3u);
    if (top2 == 0) {  // 00||EFT_{n-2}: its root is the root
      w -= 2;
      continue;
    }
    if (top2 == 2) {  // 10||EFT_{n-2}: its root is a child of the root
      if ((x & core::low_mask(w - 2)) == 0) return prefix;
      prefix |= uint64_t{2} << (w - 2);
      w -= 2;
      continue;
    }
    const unsigned next2 = static_cast<unsigned>((x >> (w - 4)) & 3u);
    const bool rest_zero = (x & core::low_mask(w - 4)) == 0;
    if (next2 == 0) {  // 0100||EFT_{n-4}: its root is a child of the root
      if (rest_zero) return prefix;
      prefix |= uint64_t{4} << (w - 4);
    } else {  // 0101||EFT_{n-4}: its root is a child of the root of the 0100 block
      if (rest_zero)
        return reading == eft_reading::claims_md ? prefix | (uint64_t{4} << (w - 4)) : prefix;
      prefix |= uint64_t{5} << (w - 4);
    }
    w -= 4;
  }
  return prefix | fibonacci_tree_parent(w, x & core::low_mask(w));
}

std::string tree_unsupported(const families::family& f, tree_kind t) {
  switch (t) {
    case tree_kind::postal:
      return std::holds_alternative<families::postal_network>(f)
                 ? ""
                 : "the postal tree PT_lambda(n) is a spanning tree of postal networks only";
    case tree_kind::eft:
      return std::holds_alternative<families::enhanced_fibonacci_cube>(f)
                 ? ""
                 : "the enhanced Fibonacci tree EFT_n is a spanning tree of efc only";
    case tree_kind::binomial:
      if (!families::has_hamming_edges(f))
        return "the binomial tree (clear the rightmost 1) needs Hamming-1 edges";
      if (!families::contains(f, 0)) return "the binomial tree is rooted at 0^n, which is not a node";
      return "";
    case tree_kind::bfs:
      return "";
  }
  return "unknown tree";
}

spanning_tree make_tree(const families::family& f, tree_kind t, const graph::csr_graph* g) {
  const std::string why = tree_unsupported(f, t);
  if (!why.empty()) throw std::invalid_argument(why);
  const uint64_t n = families::size_of(f);
  if (n >= (uint64_t{1} << 32)) throw std::invalid_argument("tree: more than 2^32 nodes");
  std::vector<uint32_t> parent(n, 0);
  if (t == tree_kind::bfs) {
    if (!g || g->nodes != n) throw std::invalid_argument("tree: bfs needs the graph");
    std::vector<uint32_t> level(n, ~0u), frontier{0}, next;
    level[0] = 0;
    parent[0] = 0;
    while (!frontier.empty()) {
      next.clear();
      // Visiting the frontier in ascending rank gives each node its smallest-rank parent.
      std::sort(frontier.begin(), frontier.end());
      for (uint32_t u : frontier)
        for (uint64_t a = g->offsets[u]; a < g->offsets[u + 1]; ++a) {
          const uint32_t v = g->targets[a];
          if (level[v] != ~0u) continue;
          level[v] = level[u] + 1;
          parent[v] = u;
          next.push_back(v);
        }
      frontier.swap(next);
    }
    for (uint64_t v = 0; v < n; ++v)
      if (level[v] == ~0u)
        throw std::invalid_argument("tree: bfs from rank 0 does not reach rank " + std::to_string(v));
    return tree_from_parents(std::move(parent), 0);
  }
  std::visit(
      [&](const auto& fam) {
        for (uint64_t v = 1; v < n; ++v) {
          const uint64_t x = fam.unrank(v);
          uint64_t p = 0;
          if constexpr (std::is_same_v<std::decay_t<decltype(fam)>, families::postal_network>) {
            p = t == tree_kind::postal ? postal_tree_parent(fam.lambda, fam.n, x) : binomial_parent(x);
          } else if constexpr (std::is_same_v<std::decay_t<decltype(fam)>,
                                              families::enhanced_fibonacci_cube>) {
            p = t == tree_kind::eft ? eft_parent(fam.order, x) : binomial_parent(x);
          } else {
            p = binomial_parent(x);
          }
          if (core::popcount64(x ^ p) != 1 || !fam.contains(p))
            throw std::invalid_argument("tree: the parent that the tree's rule gives node " +
                                        std::to_string(x) + " is not one of its neighbors");
          if constexpr (std::is_same_v<std::decay_t<decltype(fam)>, families::metacube> ||
                        std::is_same_v<std::decay_t<decltype(fam)>, families::rule_family>) {
            // Metacube edges flip only the class's bits, a rule's edges what it says:
            // check adjacency, not membership.
            bool adjacent = false;
            fam.for_each_neighbor(x, [&](uint64_t y) { adjacent = adjacent || y == p; });
            if (!adjacent)
              throw std::invalid_argument("tree: the binomial parent of " + std::to_string(x) +
                                          " is not a Metacube neighbor");
          }
          parent[v] = static_cast<uint32_t>(fam.rank(p));
        }
      },
      f);
  return tree_from_parents(std::move(parent), 0);
}

}  // namespace tv::sim
