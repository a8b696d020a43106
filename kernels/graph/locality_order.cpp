// Reverse Cuthill-McKee and relabelling (see locality_order.hpp).
#include "kernels/graph/locality_order.hpp"

#include <algorithm>
#include <stdexcept>

namespace tv::graph {

namespace {

/// Breadth-first search of one component from `root`, appending the nodes to `out` in the
/// order reached, each node's new neighbours by (degree, index); marks them `placed`.
void search_from(const csr_graph& g, uint32_t root, std::vector<uint8_t>& placed, std::vector<uint32_t>& out,
                 std::vector<uint32_t>& scratch) {
  out.push_back(root);
  placed[root] = 1;
  for (size_t i = out.size() - 1; i < out.size(); ++i) {  // out is the queue
    const uint32_t u = out[i];
    scratch.clear();
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t v = g.targets[e];
      if (!placed[v]) {
        placed[v] = 1;
        scratch.push_back(v);
      }
    }
    std::sort(scratch.begin(), scratch.end(), [&](uint32_t a, uint32_t b) {
      const uint32_t da = g.degree(a), db = g.degree(b);
      return da != db ? da < db : a < b;
    });
    out.insert(out.end(), scratch.begin(), scratch.end());
  }
}

/// The nodes by decreasing degree, the smaller index first among equals (a counting sort).
std::vector<uint32_t> by_decreasing_degree(const csr_graph& g) {
  uint32_t most = 0;
  for (uint64_t v = 0; v < g.nodes; ++v) most = std::max(most, g.degree(v));
  std::vector<uint64_t> next(uint64_t{most} + 2, 0);  // where each degree's nodes go
  for (uint64_t v = 0; v < g.nodes; ++v) ++next[most - g.degree(v) + 1];
  for (size_t d = 1; d < next.size(); ++d) next[d] += next[d - 1];
  std::vector<uint32_t> nodes(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) nodes[next[most - g.degree(v)]++] = static_cast<uint32_t>(v);
  return nodes;
}

}  // namespace

std::vector<uint32_t> reverse_cuthill_mckee(const csr_graph& g, std::vector<uint64_t>* component_starts) {
  if (g.directed) throw std::invalid_argument("reverse_cuthill_mckee: the graph is directed");
  const uint64_t n = g.nodes;
  std::vector<uint32_t> order;
  order.reserve(n);
  std::vector<uint8_t> placed(n, 0);
  std::vector<uint32_t> scratch;
  std::vector<size_t> starts;  // where each component begins in order
  // Each component searched from its node of largest degree: taking the nodes by
  // decreasing degree, the first of a component not yet placed is that node, with no
  // search to find it.  A pseudo-peripheral start (repeated searches from a node of least
  // degree, the classic choice, which minimises a matrix's bandwidth) cost hep-th's call
  // 1 ms of its 15 in searches, and the all-pairs engine ran slower from the order it
  // gave: from a hub the levels are the component's shells around its centre, and the
  // engine's batches took 5-20% less CPU time on graph_tool.collection's networks
  // (bench/RESULTS.md, 2026-11-28).
  for (const uint32_t root : by_decreasing_degree(g)) {
    if (placed[root]) continue;
    starts.push_back(order.size());
    search_from(g, root, placed, order, scratch);
  }
  // Reversed: each component's nodes, and the components too, except that a larger
  // component comes before a smaller one.  All pairs cuts the order into batches of
  // 64 W sources, and a batch costs about as much as the largest component its sources
  // are in, however few they are: with the largest component first its sources fill
  // whole batches (hep-th: 5,835 of 8,361 nodes took 7 batches at W = 16 where 6 hold
  // them), and the small components' cheap batches come last, when threads that run
  // whole batches are evening out.
  starts.push_back(order.size());
  std::vector<size_t> by_size(starts.size() - 1);
  for (size_t c = 0; c < by_size.size(); ++c) by_size[c] = by_size.size() - 1 - c;  // last found first
  std::stable_sort(by_size.begin(), by_size.end(), [&](size_t a, size_t b) {
    return starts[a + 1] - starts[a] > starts[b + 1] - starts[b];
  });
  std::vector<uint32_t> reversed;
  reversed.reserve(n);
  if (component_starts) component_starts->clear();
  for (const size_t c : by_size) {
    if (component_starts) component_starts->push_back(reversed.size());
    reversed.insert(reversed.end(), order.rbegin() + static_cast<std::ptrdiff_t>(n - starts[c + 1]),
                    order.rbegin() + static_cast<std::ptrdiff_t>(n - starts[c]));
  }
  if (component_starts) component_starts->push_back(reversed.size());
  return reversed;
}

csr_graph relabelled(const csr_graph& g, const std::vector<uint32_t>& order) {
  const uint64_t n = g.nodes;
  if (order.size() != n) throw std::invalid_argument("relabelled: the order does not list every node");
  std::vector<uint32_t> position(n);
  for (uint64_t i = 0; i < n; ++i) position[order[i]] = static_cast<uint32_t>(i);
  csr_graph r;
  r.nodes = n;
  r.directed = g.directed;
  r.labels.resize(g.labels.size() == n ? n : 0);
  r.offsets.resize(n + 1);
  r.targets.resize(g.targets.size());
  r.offsets[0] = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t v = order[i];
    if (!r.labels.empty()) r.labels[i] = g.labels[v];
    r.offsets[i + 1] = r.offsets[i] + (g.offsets[v + 1] - g.offsets[v]);
  }
  if (!g.directed) {
    // An undirected graph's rows hold each edge both ways, so row i lists the nodes j
    // whose rows hold i: taking the nodes j in increasing order and appending j to the
    // row of each of their neighbours fills every row in ascending order, without a sort
    // (a fifth of the power grid's relabelling, a third of cond-mat's).
    std::vector<uint64_t> end(r.offsets.begin(), r.offsets.end() - 1);
    for (uint64_t j = 0; j < n; ++j) {
      const uint32_t v = order[j];
      for (uint64_t k = g.offsets[v]; k < g.offsets[v + 1]; ++k)
        r.targets[end[position[g.targets[k]]]++] = static_cast<uint32_t>(j);
    }
    return r;
  }
  for (uint64_t i = 0; i < n; ++i) {
    const uint32_t v = order[i];
    uint32_t* row = r.targets.data() + r.offsets[i];
    const uint64_t b = g.offsets[v], e = g.offsets[v + 1];
    for (uint64_t k = b; k < e; ++k) row[k - b] = position[g.targets[k]];
    std::sort(row, row + (e - b));
  }
  return r;
}

}  // namespace tv::graph
