// Arrays in memory to CSR (see edge_arrays.hpp): checked, planned against the memory
// budget, then either copied straight (rows already in the graph's layout) or turned
// into the node-index pairs an edge list's entries become and filled into rows by the
// same code (edge_list_csr.hpp).
#include "kernels/graph/edge_arrays.hpp"

#include <algorithm>
#include <memory>
#include <string>

#include "kernels/core/memory.hpp"
#include "kernels/graph/edge_list_csr.hpp"

namespace tv::graph {

namespace {

void require_nodes(uint64_t nodes, const char* what) {
  if (nodes == 0) throw edge_list_error(std::string(what) + ": a graph of no node: nothing to measure");
  if (nodes >= (uint64_t{1} << 32))
    throw core::too_large(std::string(what) + ": N = " + std::to_string(nodes) +
                          " exceeds the 2^32 nodes that 32-bit node indices address");
}

/// The first e < count whose value lies outside 0 .. nodes-1, or count.
template <class I>
uint64_t first_outside(const I* values, uint64_t count, uint64_t nodes) {
  const int64_t n = static_cast<int64_t>(count);
  int64_t first = n;
#pragma omp parallel for schedule(static) reduction(min : first)
  for (int64_t e = 0; e < n; ++e)
    if (values[e] < 0 || static_cast<uint64_t>(values[e]) >= nodes) first = std::min(first, e);
  return static_cast<uint64_t>(first);
}

template <class I>
void require_indices(const I* values, uint64_t count, uint64_t nodes, const char* what) {
  const uint64_t bad = first_outside(values, count, nodes);
  if (bad < count)
    throw edge_list_error(std::string(what) + " " + std::to_string(bad) + ": node " +
                          std::to_string(static_cast<long long>(values[bad])) + " is not in 0 .. " +
                          std::to_string(nodes - 1));
}

/// The graph of node-index pairs (pairs[2e] -> pairs[2e+1]), counted as an edge list's.
edge_list_file from_pairs(uint64_t nodes, std::unique_ptr<uint64_t[]> pairs, uint64_t count, bool directed) {
  edge_list_file out;
  out.format = edge_list_format::arrays;
  out.entries = count;
  csr_graph& g = out.graph;
  g.nodes = nodes;
  g.directed = directed;
  g.labels.resize(nodes);
  for (uint64_t v = 0; v < nodes; ++v) g.labels[v] = v;
  const int64_t n = static_cast<int64_t>(count);
  uint64_t loops = 0;
#pragma omp parallel for schedule(static) reduction(+ : loops)
  for (int64_t e = 0; e < n; ++e) loops += pairs[2 * e] == pairs[2 * e + 1];
  out.self_loops = loops;
  detail::fill_rows(g, pairs.get(), count, !directed);
  const uint64_t distinct = directed ? g.arcs() : g.arcs() / 2;
  out.duplicate_edges = count - loops - distinct;
  out.checksum = graph_checksum(g);
  return out;
}

void require_memory(uint64_t nodes, uint64_t count, bool directed, const char* what) {
  const uint64_t arcs = directed ? count : 2 * count;
  core::require_bytes(core::backend::cpu,
                      16 * count + detail::mapping_bytes(2 * count, nodes, nodes) + csr_bytes(nodes, arcs, directed),
                      std::string(what) + " (" + std::to_string(nodes) + " nodes, " +
                          std::to_string(count) + " arcs)");
}

template <class I>
edge_list_file arcs_to_graph(uint64_t nodes, const I* sources, const I* targets, uint64_t count,
                             bool directed) {
  require_nodes(nodes, "arcs");
  require_indices(sources, count, nodes, "sources: arc");
  require_indices(targets, count, nodes, "targets: arc");
  require_memory(nodes, count, directed, "a graph from arrays");
  std::unique_ptr<uint64_t[]> pairs(new uint64_t[2 * count + 1]);
  const int64_t n = static_cast<int64_t>(count);
#pragma omp parallel for schedule(static)
  for (int64_t e = 0; e < n; ++e) {
    pairs[2 * e] = static_cast<uint64_t>(sources[e]);
    pairs[2 * e + 1] = static_cast<uint64_t>(targets[e]);
  }
  return from_pairs(nodes, std::move(pairs), count, directed);
}

/// Whether undirected rows hold the graph as it is: each row ascending without repeats
/// or loops, and every arc u -> v matched by v -> u.
template <class O>
bool rows_are_graph(uint64_t nodes, const O* offsets, const int32_t* targets) {
  const int64_t rows = static_cast<int64_t>(nodes);
  int ok = 1;
#pragma omp parallel for schedule(dynamic, 4096) reduction(min : ok)
  for (int64_t u = 0; u < rows; ++u) {
    if (!ok) continue;
    const int32_t* row = targets + offsets[u];
    const int64_t len = static_cast<int64_t>(offsets[u + 1] - offsets[u]);
    for (int64_t i = 0; i < len && ok; ++i) {
      const int32_t v = row[i];
      if (v == u || (i > 0 && row[i - 1] >= v)) {
        ok = 0;
        break;
      }
      const int32_t* back = targets + offsets[v];
      const int32_t* back_end = targets + offsets[v + 1];
      if (!std::binary_search(back, back_end, static_cast<int32_t>(u))) ok = 0;
    }
  }
  return ok != 0;
}

template <class O>
edge_list_file rows_to_graph(uint64_t nodes, const O* offsets, const int32_t* targets, bool directed,
                             bool* copied_straight) {
  require_nodes(nodes, "rows");
  if (offsets[0] != 0) throw edge_list_error("rows: offsets[0] is " + std::to_string(offsets[0]) + ", not 0");
  for (uint64_t v = 0; v < nodes; ++v)
    if (offsets[v + 1] < offsets[v])
      throw edge_list_error("rows: offsets fall at row " + std::to_string(v) + " (" +
                            std::to_string(offsets[v]) + " then " + std::to_string(offsets[v + 1]) + ")");
  const uint64_t count = static_cast<uint64_t>(offsets[nodes]);
  require_indices(targets, count, nodes, "targets: entry");
  if (copied_straight) *copied_straight = false;
  if (!directed && rows_are_graph(nodes, offsets, targets)) {
    core::require_bytes(core::backend::cpu, csr_bytes(nodes, count, false),
                        "a graph from rows (" + std::to_string(nodes) + " nodes, " + std::to_string(count) + " arcs)");
    edge_list_file out;
    out.format = edge_list_format::arrays;
    out.entries = count;
    out.duplicate_edges = count / 2;  // each edge given both ways, as in an edge list
    csr_graph& g = out.graph;
    g.nodes = nodes;
    g.labels.resize(nodes);
    g.offsets.resize(nodes + 1);
    g.targets.resize(count);
    const int64_t rows = static_cast<int64_t>(nodes), n = static_cast<int64_t>(count);
#pragma omp parallel for schedule(static)
    for (int64_t v = 0; v <= rows; ++v) {
      g.offsets[v] = static_cast<uint64_t>(offsets[v]);
      if (v < rows) g.labels[v] = static_cast<uint64_t>(v);
    }
#pragma omp parallel for schedule(static)
    for (int64_t e = 0; e < n; ++e) g.targets[e] = static_cast<uint32_t>(targets[e]);
    out.checksum = graph_checksum(g);
    if (copied_straight) *copied_straight = true;
    return out;
  }
  require_memory(nodes, count, directed, "a graph from rows");
  std::unique_ptr<uint64_t[]> pairs(new uint64_t[2 * count + 1]);
  const int64_t rows = static_cast<int64_t>(nodes);
#pragma omp parallel for schedule(dynamic, 4096)
  for (int64_t u = 0; u < rows; ++u)
    for (uint64_t e = static_cast<uint64_t>(offsets[u]); e < static_cast<uint64_t>(offsets[u + 1]); ++e) {
      pairs[2 * e] = static_cast<uint64_t>(u);
      pairs[2 * e + 1] = static_cast<uint64_t>(targets[e]);
    }
  return from_pairs(nodes, std::move(pairs), count, directed);
}

}  // namespace

edge_list_file graph_from_arcs(uint64_t nodes, const int64_t* sources, const int64_t* targets,
                               uint64_t count, bool directed) {
  return arcs_to_graph(nodes, sources, targets, count, directed);
}
edge_list_file graph_from_arcs(uint64_t nodes, const int32_t* sources, const int32_t* targets,
                               uint64_t count, bool directed) {
  return arcs_to_graph(nodes, sources, targets, count, directed);
}
edge_list_file graph_from_rows(uint64_t nodes, const int64_t* offsets, const int32_t* targets, bool directed,
                               bool* copied_straight) {
  return rows_to_graph(nodes, offsets, targets, directed, copied_straight);
}
edge_list_file graph_from_rows(uint64_t nodes, const int32_t* offsets, const int32_t* targets, bool directed,
                               bool* copied_straight) {
  return rows_to_graph(nodes, offsets, targets, directed, copied_straight);
}

}  // namespace tv::graph
