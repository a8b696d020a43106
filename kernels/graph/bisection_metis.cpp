// METIS's bisection, balanced exactly (bisection_metis.hpp).
#include "kernels/graph/bisection_metis.hpp"

#include <algorithm>
#include <queue>
#include <stdexcept>
#include <string>

#include "kernels/core/memory.hpp"
#include "kernels/graph/bisection.hpp"

#if TOPOVERIFY_HAVE_METIS
#include <metis.h>
constexpr bool have_metis = true;
#else
constexpr bool have_metis = false;
#endif

namespace tv::graph {

namespace {

/// The underlying undirected graph without loops, rows sorted and repeats dropped.
void undirected_rows(const csr_graph& g, std::vector<uint64_t>& offsets, std::vector<uint32_t>& targets) {
  offsets.assign(g.nodes + 1, 0);
  targets.clear();
  std::vector<uint32_t> row;
  for (uint64_t v = 0; v < g.nodes; ++v) {
    row.assign(g.targets.begin() + static_cast<int64_t>(g.offsets[v]),
               g.targets.begin() + static_cast<int64_t>(g.offsets[v + 1]));
    if (g.directed)
      row.insert(row.end(), g.in_sources.begin() + static_cast<int64_t>(g.in_offsets[v]),
                 g.in_sources.begin() + static_cast<int64_t>(g.in_offsets[v + 1]));
    std::sort(row.begin(), row.end());
    row.erase(std::unique(row.begin(), row.end()), row.end());
    for (uint32_t u : row)
      if (u != v) targets.push_back(u);
    offsets[v + 1] = targets.size();
  }
}

/// Moves nodes from the larger side until it holds ceil(N/2) and the other floor(N/2),
/// each time the node whose move adds the fewest crossing edges (a heap with stale
/// entries skipped).  Returns the moves.
uint64_t balance(const std::vector<uint64_t>& offsets, const std::vector<uint32_t>& targets,
                 std::vector<char>& in_first) {
  const uint64_t n = in_first.size();
  uint64_t first = 0;
  for (char c : in_first) first += c != 0;
  const uint64_t want = n / 2;
  if (first == want) return 0;
  const char from = first > want ? 1 : 0;  // move nodes off the side with too many
  uint64_t moves = first > want ? first - want : want - first;
  auto added = [&](uint32_t v) {  // crossing edges added by moving v to the other side
    int64_t same = 0, other = 0;
    for (uint64_t i = offsets[v]; i < offsets[v + 1]; ++i) (in_first[targets[i]] == in_first[v] ? same : other)++;
    return same - other;
  };
  using entry = std::pair<int64_t, uint32_t>;
  std::priority_queue<entry, std::vector<entry>, std::greater<entry>> heap;
  for (uint64_t v = 0; v < n; ++v)
    if (in_first[v] == from) heap.push({added(static_cast<uint32_t>(v)), static_cast<uint32_t>(v)});
  const uint64_t total = moves;
  while (moves > 0) {
    const auto [cost, v] = heap.top();
    heap.pop();
    if (in_first[v] != from || cost != added(v)) {  // moved, or its cost changed: stale
      if (in_first[v] == from) heap.push({added(v), v});
      continue;
    }
    in_first[v] = !from;
    --moves;
    for (uint64_t i = offsets[v]; i < offsets[v + 1]; ++i)
      if (in_first[targets[i]] == from) heap.push({added(targets[i]), targets[i]});
  }
  return total;
}

}  // namespace

bool metis_available() { return have_metis; }

std::optional<multilevel_cut> metis_bisection(const csr_graph& g, uint64_t seed) {
#if TOPOVERIFY_HAVE_METIS
  if (g.nodes < 2) return std::nullopt;
  std::vector<uint64_t> offsets;
  std::vector<uint32_t> targets;
  undirected_rows(g, offsets, targets);
  constexpr uint64_t most = (uint64_t{1} << 31) - 1;
  if (g.nodes > most || targets.size() > most)
    throw core::too_large("METIS takes at most 2^31 - 1 nodes and arcs; this graph has " +
                          std::to_string(g.nodes) + " nodes and " + std::to_string(targets.size()) + " arcs");
  core::require_bytes(core::backend::cpu, 8 * (g.nodes + targets.size()) + 64 * g.nodes, "METIS's bisection");
  std::vector<idx_t> xadj(offsets.begin(), offsets.end()), adjncy(targets.begin(), targets.end());
  std::vector<idx_t> part(g.nodes);
  idx_t nvtxs = static_cast<idx_t>(g.nodes), ncon = 1, nparts = 2, edgecut = 0;
  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = static_cast<idx_t>(seed % 2147483647);
  options[METIS_OPTION_NUMBERING] = 0;
  const int status = METIS_PartGraphRecursive(&nvtxs, &ncon, xadj.data(), adjncy.data(), nullptr, nullptr, nullptr,
                                              &nparts, nullptr, nullptr, options, &edgecut, part.data());
  if (status != METIS_OK) throw std::runtime_error("METIS_PartGraphRecursive failed (status " + std::to_string(status) + ")");
  multilevel_cut c;
  c.in_first.resize(g.nodes);
  for (uint64_t v = 0; v < g.nodes; ++v) c.in_first[v] = part[v] == 0;
  c.moved = balance(offsets, targets, c.in_first);
  c.width = cut_width(g, c.in_first);
  return c;
#else
  (void)g, (void)seed;
  return std::nullopt;
#endif
}

}  // namespace tv::graph
