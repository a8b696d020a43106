// Structural checks used by the claims (see structure.hpp).
#include "host/claims/structure.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>

#include "host/claims/claim.hpp"
#include "kernels/core/hd.hpp"

namespace tv::host::claims {

// ---- Graph construction helpers ---------------------------------------------------------

graph::csr_graph hamming_graph(std::vector<uint64_t> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  uint64_t all = 0;
  for (uint64_t x : labels) all |= x;
  const int width = all ? core::msb64(all) + 1 : 0;
  graph::csr_graph g;
  g.nodes = labels.size();
  g.offsets.reserve(labels.size() + 1);
  g.offsets.push_back(0);
  for (uint64_t x : labels) {
    std::vector<uint32_t> row;
    for (int b = 0; b < width; ++b) {
      const uint64_t y = x ^ (uint64_t{1} << b);
      auto it = std::lower_bound(labels.begin(), labels.end(), y);
      if (it != labels.end() && *it == y) row.push_back(static_cast<uint32_t>(it - labels.begin()));
    }
    std::sort(row.begin(), row.end());
    g.targets.insert(g.targets.end(), row.begin(), row.end());
    g.offsets.push_back(g.targets.size());
  }
  g.labels = std::move(labels);
  return g;
}

graph::csr_graph graph_from_edges(uint64_t n, const std::vector<std::pair<uint64_t, uint64_t>>& edges,
                                  std::vector<uint64_t> labels) {
  std::vector<std::vector<uint32_t>> rows(n);
  for (const auto& [u, v] : edges) {
    if (u >= n || v >= n) throw std::invalid_argument("graph_from_edges: edge names a node >= n");
    rows[u].push_back(static_cast<uint32_t>(v));
    if (u != v) rows[v].push_back(static_cast<uint32_t>(u));
  }
  graph::csr_graph g;
  g.nodes = n;
  g.offsets.push_back(0);
  for (auto& r : rows) {
    std::sort(r.begin(), r.end());
    g.targets.insert(g.targets.end(), r.begin(), r.end());
    g.offsets.push_back(g.targets.size());
  }
  if (labels.empty()) {
    labels.resize(n);
    for (uint64_t i = 0; i < n; ++i) labels[i] = i;
  }
  g.labels = std::move(labels);
  return g;
}

bool has_arc(const graph::csr_graph& g, uint64_t u, uint64_t v) {
  if (u >= g.nodes || v >= g.nodes) return false;
  const auto b = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u]);
  const auto e = g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[u + 1]);
  return std::binary_search(b, e, static_cast<uint32_t>(v));
}

uint64_t rank_of(const graph::csr_graph& g, uint64_t label) {
  auto it = std::lower_bound(g.labels.begin(), g.labels.end(), label);
  if (it == g.labels.end() || *it != label) return no_node;
  return static_cast<uint64_t>(it - g.labels.begin());
}

graph::csr_graph induced_subgraph(const graph::csr_graph& g, const std::vector<uint64_t>& ranks) {
  graph::csr_graph h;
  h.nodes = ranks.size();
  h.directed = g.directed;
  h.offsets.push_back(0);
  for (uint64_t u : ranks) {
    h.labels.push_back(g.labels[u]);
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      auto it = std::lower_bound(ranks.begin(), ranks.end(), static_cast<uint64_t>(g.targets[e]));
      if (it != ranks.end() && *it == g.targets[e])
        h.targets.push_back(static_cast<uint32_t>(it - ranks.begin()));
    }
    h.offsets.push_back(h.targets.size());
  }
  return h;
}

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

std::vector<uint32_t> tree_depths(const std::vector<uint64_t>& parent, uint64_t root) {
  const uint64_t n = parent.size();
  std::vector<uint32_t> depth(n, 0);
  std::vector<uint8_t> done(n, 0);
  done[root] = 1;
  std::vector<uint64_t> walk;
  for (uint64_t v = 0; v < n; ++v) {
    walk.clear();
    uint64_t x = v;
    while (!done[x]) {
      walk.push_back(x);
      x = parent[x];
      if (walk.size() > n) throw std::invalid_argument("tree_depths: the parent array has a cycle");
    }
    uint32_t d = depth[x];
    for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
      depth[*it] = ++d;
      done[*it] = 1;
    }
  }
  return depth;
}

std::vector<std::vector<uint64_t>> tree_children(const std::vector<uint64_t>& parent, uint64_t root) {
  std::vector<std::vector<uint64_t>> ch(parent.size());
  for (uint64_t v = 0; v < parent.size(); ++v)
    if (v != root) ch[parent[v]].push_back(v);
  return ch;
}

std::vector<uint64_t> tree_preorder(const std::vector<uint64_t>& parent, uint64_t root) {
  const auto ch = tree_children(parent, root);
  std::vector<uint64_t> order, stack{root};
  order.reserve(parent.size());
  while (!stack.empty()) {
    const uint64_t v = stack.back();
    stack.pop_back();
    order.push_back(v);
    for (auto it = ch[v].rbegin(); it != ch[v].rend(); ++it) stack.push_back(*it);
  }
  return order;
}

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

// ---- Orders -----------------------------------------------------------------------------

order_report check_hamiltonian_cycle(const graph::csr_graph& g, const std::vector<uint64_t>& order) {
  order_report r;
  const uint64_t n = g.nodes;
  if (n < 3) {
    r.problem = "a cycle needs at least 3 nodes; the graph has " + std::to_string(n);
    return r;
  }
  if (order.size() != n) {
    r.problem = "the order lists " + std::to_string(order.size()) + " nodes; the graph has " +
                std::to_string(n);
    r.position = std::min<uint64_t>(order.size(), n);
    return r;
  }
  std::vector<uint8_t> seen(n, 0);
  for (uint64_t i = 0; i < n; ++i) {
    if (order[i] >= n) {
      r.problem = "position " + std::to_string(i) + " names no node";
      r.position = i;
      return r;
    }
    if (seen[order[i]]++) {
      r.problem = "position " + std::to_string(i) + " repeats a node";
      r.position = i;
      return r;
    }
  }
  for (uint64_t i = 0; i < n; ++i)
    if (!has_arc(g, order[i], order[(i + 1) % n])) {
      r.problem = "positions " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                  " are not adjacent";
      r.position = i;
      return r;
    }
  r.ok = true;
  return r;
}

order_report check_gray_code(const std::vector<uint64_t>& labels, bool cyclic) {
  order_report r;
  std::vector<uint64_t> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    std::vector<uint64_t> seen;
    for (uint64_t i = 0; i < labels.size(); ++i) {
      if (std::find(seen.begin(), seen.end(), labels[i]) != seen.end()) {
        r.problem = "position " + std::to_string(i) + " repeats a label";
        r.position = i;
        return r;
      }
      seen.push_back(labels[i]);
    }
  }
  const uint64_t n = labels.size();
  const uint64_t steps = cyclic ? (n > 2 ? n : n - (n > 0)) : (n ? n - 1 : 0);
  for (uint64_t i = 0; i < steps; ++i) {
    const uint64_t a = labels[i], b = labels[(i + 1) % n];
    if (core::popcount64(a ^ b) != 1) {
      r.problem = "positions " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                  " differ in " + std::to_string(core::popcount64(a ^ b)) + " bits";
      r.position = i;
      return r;
    }
  }
  r.ok = true;
  return r;
}

// ---- Containment ------------------------------------------------------------------------

uint64_t delete_positions(uint64_t x, int bits, const std::vector<int>& positions) {
  uint64_t out = 0;
  size_t k = 0;
  for (int pos = 1; pos <= bits; ++pos) {
    if (k < positions.size() && positions[k] == pos) {
      ++k;
      continue;
    }
    out = (out << 1) | ((x >> (bits - pos)) & 1u);
  }
  return out;
}

namespace {
double binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}
std::string positions_text(const std::vector<int>& p) {
  std::string s;
  for (int x : p) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}
}  // namespace

containment_report find_containment(const std::vector<uint64_t>& host_in, int host_bits,
                                    const std::vector<uint64_t>& guest_in, int guest_bits,
                                    containment_rule rule, double budget) {
  containment_report r;
  std::vector<uint64_t> host = host_in, guest = guest_in;
  std::sort(host.begin(), host.end());
  host.erase(std::unique(host.begin(), host.end()), host.end());
  std::sort(guest.begin(), guest.end());
  guest.erase(std::unique(guest.begin(), guest.end()), guest.end());
  const int d = host_bits - guest_bits;
  if (d < 0) {
    r.contains = false;
    r.how = "the guest's labels are longer than the host's: no positions to delete";
    return r;
  }
  if (rule == containment_rule::condition_1_only) {
    r.candidates = 1;
    for (uint64_t x : guest)
      if (!std::binary_search(host.begin(), host.end(), x)) {
        r.contains = false;
        r.how = "condition 1 fails: guest label " + bit_string(x, guest_bits) + " is not a host label";
        return r;
      }
    r.contains = true;
    r.how = "condition 1";
    return r;
  }
  if (guest.size() > host.size()) {
    r.contains = false;
    r.how = "the guest has more nodes than the host (deleting positions never adds labels)";
    return r;
  }
  const double work = binomial(host_bits, d) * static_cast<double>(host.size() + guest.size());
  if (work > budget) return r;  // contains stays empty: over the budget
  std::vector<int> pos(d);
  for (int i = 0; i < d; ++i) pos[i] = i + 1;
  const bool use_bitmap = guest_bits <= 26;
  std::vector<uint64_t> bitmap(use_bitmap ? ((uint64_t{1} << guest_bits) + 63) / 64 : 0);
  std::vector<uint64_t> projected;
  while (true) {
    ++r.candidates;
    bool all = true;
    if (use_bitmap) {
      std::fill(bitmap.begin(), bitmap.end(), 0);
      for (uint64_t h : host) {
        const uint64_t y = delete_positions(h, host_bits, pos);
        bitmap[y >> 6] |= uint64_t{1} << (y & 63);
      }
      for (uint64_t x : guest)
        if (!((bitmap[x >> 6] >> (x & 63)) & 1u)) {
          all = false;
          break;
        }
    } else {
      projected.clear();
      for (uint64_t h : host) projected.push_back(delete_positions(h, host_bits, pos));
      std::sort(projected.begin(), projected.end());
      all = std::includes(projected.begin(), projected.end(), guest.begin(), guest.end());
    }
    if (all) {
      r.contains = true;
      r.deleted = pos;
      r.how = d == 0 ? "condition 1" : "condition 2 (delete positions " + positions_text(pos) + ")";
      return r;
    }
    // Next combination in lexicographic order.
    int i = d - 1;
    while (i >= 0 && pos[i] == host_bits - d + i + 1) --i;
    if (i < 0) break;
    ++pos[i];
    for (int j = i + 1; j < d; ++j) pos[j] = pos[j - 1] + 1;
  }
  r.contains = false;
  r.how = d == 0 ? "condition 1 fails (same width, no positions to delete)"
                 : "no set of " + std::to_string(d) + " deleted positions works (" +
                       std::to_string(r.candidates) + " tried)";
  return r;
}

// ---- Subcubes ---------------------------------------------------------------------------

std::string subcube_pattern(const subcube& c, int bits) {
  std::string s(static_cast<size_t>(bits), '0');
  for (int i = 0; i < bits; ++i) {
    const int b = bits - 1 - i;
    if ((c.free >> b) & 1u) s[static_cast<size_t>(i)] = '*';
    else if ((c.base >> b) & 1u) s[static_cast<size_t>(i)] = '1';
  }
  return s;
}

subcube_report largest_subcubes(const std::vector<uint64_t>& labels, int bits, double budget) {
  subcube_report r;
  auto key_less = [](const subcube& a, const subcube& b) {
    return a.free != b.free ? a.free < b.free : a.base < b.base;
  };
  std::vector<subcube> level;
  for (uint64_t x : labels) level.push_back({x, 0});
  std::sort(level.begin(), level.end(), key_less);
  level.erase(std::unique(level.begin(), level.end()), level.end());
  if (level.empty()) return r;
  int dim = 0;
  double work = 0;
  while (true) {
    std::vector<subcube> next;
    for (const subcube& c : level) {
      const int lo = c.free ? core::msb64(c.free) + 1 : 0;
      for (int b = lo; b < bits; ++b) {
        const uint64_t bit = uint64_t{1} << b;
        if (c.base & bit) continue;
        const subcube up{c.base | bit, c.free};
        if (std::binary_search(level.begin(), level.end(), up, key_less))
          next.push_back({c.base, c.free | bit});
      }
      work += bits;
    }
    r.examined += level.size();
    if (work > budget) return r;  // dimension stays empty: over the budget
    if (next.empty()) break;
    std::sort(next.begin(), next.end(), key_less);
    level.swap(next);
    ++dim;
  }
  r.dimension = dim;
  std::sort(level.begin(), level.end(), [bits](const subcube& a, const subcube& b) {
    return subcube_pattern(a, bits) < subcube_pattern(b, bits);
  });
  r.largest = std::move(level);
  return r;
}

// ---- Isomorphism under an explicit mapping ----------------------------------------------

mapping_report check_mapped_isomorphism(const graph::csr_graph& a, const graph::csr_graph& b,
                                        const std::vector<uint64_t>& map) {
  mapping_report r;
  if (a.nodes != b.nodes) {
    r.problem = "the graphs have " + std::to_string(a.nodes) + " and " + std::to_string(b.nodes) +
                " nodes";
    return r;
  }
  if (map.size() != a.nodes) {
    r.problem = "the mapping has " + std::to_string(map.size()) + " entries for " +
                std::to_string(a.nodes) + " nodes";
    return r;
  }
  std::vector<uint64_t> inverse(b.nodes, no_node);
  for (uint64_t u = 0; u < a.nodes; ++u) {
    if (map[u] >= b.nodes) {
      r.problem = "node " + std::to_string(u) + " maps to no node";
      r.arc = std::make_pair(u, u);
      return r;
    }
    if (inverse[map[u]] != no_node) {
      r.problem = "nodes " + std::to_string(inverse[map[u]]) + " and " + std::to_string(u) +
                  " map to the same node";
      r.arc = std::make_pair(inverse[map[u]], u);
      return r;
    }
    inverse[map[u]] = u;
  }
  for (uint64_t u = 0; u < a.nodes; ++u)
    for (uint64_t e = a.offsets[u]; e < a.offsets[u + 1]; ++e) {
      const uint64_t v = a.targets[e];
      if (!has_arc(b, map[u], map[v])) {
        r.problem = "the arc " + std::to_string(u) + " -> " + std::to_string(v) +
                    " maps to a non-arc";
        r.arc = std::make_pair(u, v);
        return r;
      }
    }
  for (uint64_t x = 0; x < b.nodes; ++x)
    for (uint64_t e = b.offsets[x]; e < b.offsets[x + 1]; ++e) {
      const uint64_t y = b.targets[e];
      if (!has_arc(a, inverse[x], inverse[y])) {
        r.problem = "the arc " + std::to_string(inverse[x]) + " -> " + std::to_string(inverse[y]) +
                    " is missing (its image is an arc of the second graph)";
        r.arc = std::make_pair(inverse[x], inverse[y]);
        return r;
      }
    }
  if (a.arcs() != b.arcs()) {
    r.problem = "the graphs have " + std::to_string(a.arcs()) + " and " +
                std::to_string(b.arcs()) + " arcs (repeated arcs)";
    return r;
  }
  r.isomorphic = true;
  return r;
}

// ---- Node-disjoint paths ----------------------------------------------------------------

disjoint_paths::disjoint_paths(const graph::csr_graph& g) : g_(g) {
  if (g.directed) throw std::invalid_argument("disjoint_paths: the graph must be undirected");
  head_.assign(2 * g.nodes, no_node);
  for (uint64_t v = 0; v < g.nodes; ++v) add_arc(2 * v, 2 * v + 1);  // in -> out, capacity 1
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.targets[e] != u) add_arc(2 * u + 1, 2 * static_cast<uint64_t>(g.targets[e]));
  base_cap_ = cap_;
}

void disjoint_paths::add_arc(uint64_t u, uint64_t v) {
  for (int dir = 0; dir < 2; ++dir) {
    const uint64_t from = dir ? v : u, to = dir ? u : v;
    to_.push_back(to);
    cap_.push_back(dir ? 0 : 1);
    next_.push_back(head_[from]);
    head_[from] = to_.size() - 1;
  }
}

uint32_t disjoint_paths::count(uint64_t s, uint64_t t) {
  if (s == t) throw std::invalid_argument("disjoint_paths: s == t");
  cap_ = base_cap_;
  const uint64_t source = 2 * s + 1, sink = 2 * t;
  const uint64_t m = head_.size();
  uint32_t flow = 0;
  while (true) {
    prev_arc_.assign(m, no_node);
    queue_.clear();
    queue_.push_back(source);
    bool found = false;
    for (size_t qi = 0; qi < queue_.size() && !found; ++qi) {
      const uint64_t u = queue_[qi];
      for (uint64_t e = head_[u]; e != no_node; e = next_[e]) {
        const uint64_t w = to_[e];
        if (cap_[e] <= 0 || w == source || prev_arc_[w] != no_node) continue;
        prev_arc_[w] = e;
        if (w == sink) {
          found = true;
          break;
        }
        queue_.push_back(w);
      }
    }
    if (!found) break;
    for (uint64_t w = sink; w != source;) {
      const uint64_t e = prev_arc_[w];
      --cap_[e];
      ++cap_[e ^ 1];
      w = to_[e ^ 1];
    }
    ++flow;
  }
  return flow;
}

}  // namespace tv::host::claims
