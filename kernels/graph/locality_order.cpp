// Reverse Cuthill-McKee and relabelling (see locality_order.hpp).
#include "kernels/graph/locality_order.hpp"

#include <algorithm>
#include <stdexcept>

namespace tv::graph {

namespace {

/// Breadth-first search of one component from `root`, appending the nodes to `out` in the
/// order reached, each node's new neighbours by (degree, index) when `sorted`; `mark[v] ==
/// stamp` for the nodes it reaches.  Unsorted, it only lists the component (to find its
/// start) and skips the sorting, the larger part of a search.
void search_from(const csr_graph& g, uint32_t root, uint32_t stamp, std::vector<uint32_t>& mark,
                 std::vector<uint32_t>& out, std::vector<uint32_t>& scratch, bool sorted) {
  out.push_back(root);
  mark[root] = stamp;
  for (size_t i = out.size() - 1; i < out.size(); ++i) {  // out is the queue
    const uint32_t u = out[i];
    if (!sorted) {
      for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const uint32_t v = g.targets[e];
        if (mark[v] != stamp) {
          mark[v] = stamp;
          out.push_back(v);
        }
      }
      continue;
    }
    scratch.clear();
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const uint32_t v = g.targets[e];
      if (mark[v] != stamp) {
        mark[v] = stamp;
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

/// A node of largest degree among `nodes`, the smallest index among equals.
uint32_t largest_degree(const csr_graph& g, const std::vector<uint32_t>& nodes) {
  uint32_t best = nodes.front();
  for (const uint32_t v : nodes)
    if (g.degree(v) > g.degree(best) || (g.degree(v) == g.degree(best) && v < best)) best = v;
  return best;
}

}  // namespace

std::vector<uint32_t> reverse_cuthill_mckee(const csr_graph& g, std::vector<uint64_t>* component_starts) {
  if (g.directed) throw std::invalid_argument("reverse_cuthill_mckee: the graph is directed");
  const uint64_t n = g.nodes;
  std::vector<uint32_t> order;
  order.reserve(n);
  std::vector<uint32_t> mark(n, 0), scratch, probe;
  uint32_t stamp = 0;  // mark[v] != 0: v's component is placed
  std::vector<size_t> starts;  // where each component begins in order
  for (uint64_t s = 0; s < n; ++s) {
    if (mark[s] != 0) continue;
    // The component of s, and in it a node of largest degree to start from.  A
    // pseudo-peripheral start (repeated searches from a node of least degree, the classic
    // choice, which minimises a matrix's bandwidth) cost hep-th's call 1 ms of its 15 in
    // searches, and the all-pairs engine ran slower from the order it gave: from a hub the
    // levels are the component's shells around its centre, and the engine's batches took
    // 5-20% less CPU time on graph_tool.collection's networks (bench/RESULTS.md,
    // 2026-11-28).
    probe.clear();
    search_from(g, static_cast<uint32_t>(s), ++stamp, mark, probe, scratch, false);
    const uint32_t root = largest_degree(g, probe);
    const size_t begin = order.size();
    starts.push_back(begin);
    search_from(g, root, ++stamp, mark, order, scratch, true);
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
