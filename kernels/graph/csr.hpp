// A family materialized as a compressed sparse row graph, built in parallel on either
// backend with identical results: node i is the i-th label in increasing order, each
// row's targets are sorted.  Directed families also get their in-arcs.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/families/family.hpp"

namespace tv::graph {

struct csr_graph {
  uint64_t nodes = 0;
  bool directed = false;
  std::vector<uint64_t> labels;      // labels[i] = unrank(i)
  std::vector<uint64_t> offsets;     // nodes + 1 entries
  std::vector<uint32_t> targets;     // out-neighbors, ascending within a row
  std::vector<uint64_t> in_offsets;  // directed only
  std::vector<uint32_t> in_sources;  // directed only, ascending within a row

  uint64_t arcs() const { return targets.size(); }
  uint32_t degree(uint64_t v) const { return static_cast<uint32_t>(offsets[v + 1] - offsets[v]); }
};

/// Raised when a graph does not fit the backend's memory (or 32-bit node indices); the
/// message gives N and the bytes it would need (core/memory.hpp).
using graph_too_large = core::too_large;

/// Degree statistics of a family, from enumeration alone (no graph in memory).
struct degree_summary {
  uint64_t nodes = 0;
  uint64_t arcs = 0;   // sum of out-degrees (undirected: twice the edges)
  uint64_t edges = 0;  // undirected edges, or arcs for a directed network
  uint32_t degree_min = 0, degree_max = 0;        // out-degree for directed networks
  std::vector<uint64_t> degree_histogram;         // [d] = nodes of (out-)degree d
  uint32_t in_degree_min = 0, in_degree_max = 0;  // directed only
  std::vector<uint64_t> in_degree_histogram;      // directed only
};

/// @brief All labels in increasing order (labels[i] = unrank(i)).
std::vector<uint64_t> enumerate_labels(core::backend b, const families::family& f);

/// @brief Sum (mod 2^64) of all labels, computed by unranking every index in parallel
/// without storing them: measures unrank throughput, and compares backends cheaply.
uint64_t label_checksum(core::backend b, const families::family& f);

/// @brief Counts nodes, edges and degrees by enumerating labels in parallel.
degree_summary count_degrees(core::backend b, const families::family& f);

/// @brief Materializes the family as CSR; raises graph_too_large before allocating when
/// it cannot fit.
csr_graph build_csr(core::backend b, const families::family& f);

/// @brief Degree statistics of a materialized graph (host side).
degree_summary summarize(const csr_graph& g);

/// @brief Bytes a CSR of this many nodes and arcs occupies.
uint64_t csr_bytes(uint64_t nodes, uint64_t arcs, bool directed);

namespace detail {
/// One backend's entry points (core/dispatch.hpp): defined in csr_impl.inl, instantiated
/// by csr_cpu.cpp and csr_cuda.cu, called by csr.cpp; use the functions above instead.
template <core::backend B>
struct csr_backend {
  static std::vector<uint64_t> enumerate_labels(const families::family& f);
  static uint64_t label_checksum(const families::family& f);
  static degree_summary count_degrees(const families::family& f);
  static csr_graph build_csr(const families::family& f);
};
}  // namespace detail

}  // namespace tv::graph
