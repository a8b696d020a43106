// An edge-list file to CSR (see edge_list_file.hpp), in two passes over the file.
//
// Why twice: the first pass validates every line and counts the entries in constant
// memory, so a malformed file stops at its first bad line before anything is allocated,
// and the memory the graph needs is planned from exact counts (core::require_bytes, the
// usual too_large refusal) rather than guessed from the file's size; the second pass
// fills the arrays the plan allowed.  Reading a file twice costs far less than the
// all-pairs run that follows.
#include "kernels/graph/edge_list_file.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "kernels/core/memory.hpp"
#include "kernels/core/source_range.hpp"
#include "kernels/graph/edge_list_lines.hpp"

namespace tv::graph {

namespace {

/// What the first pass learns.
struct file_counts {
  edge_list_format format = edge_list_format::plain;
  bool symmetric = false;
  uint64_t lines = 0, entries = 0, matrix_rows = 0;
  int label_bits = 0;
};

/// Calls f(u, v) for each entry of the file; validates every line.
template <class F>
file_counts each_entry(const edge_list_file_options& opt, F&& f) {
  detail::numbered_lines lines(opt.path);
  detail::entry_parser parser(opt);
  file_counts c;
  std::string_view line;
  uint64_t u = 0, v = 0;
  while (lines.next(line))
    if (parser.parse(line, lines.number(), u, v)) {
      ++c.entries;
      f(u, v);
    }
  parser.finish(lines.number(), c.entries);
  c.lines = lines.number();
  c.format = parser.format();
  c.symmetric = parser.symmetric();
  c.matrix_rows = parser.matrix_rows();
  c.label_bits = parser.label_bits();
  return c;
}

/// Peak bytes of the second pass and the graph: the entries as id pairs, the sorted ids
/// (edge lists), the CSR at its largest (before repeated arcs are removed) and a cursor
/// per node.
uint64_t planned_bytes(const file_counts& c, bool directed) {
  const bool matrix = c.format == edge_list_format::matrix_market;
  const uint64_t nodes = matrix ? c.matrix_rows : 2 * c.entries;
  const bool both_ways = !directed || c.symmetric;
  const uint64_t arcs = both_ways ? 2 * c.entries : c.entries;
  return 16 * c.entries + (matrix ? 0 : 16 * c.entries) + csr_bytes(nodes, arcs, directed) + 8 * nodes;
}

/// Rows of `offsets` sorted and without repeats, compacted in place.
void sort_and_compact(std::vector<uint64_t>& offsets, std::vector<uint32_t>& targets) {
  uint64_t write = 0;
  for (uint64_t r = 0; r + 1 < offsets.size(); ++r) {
    const auto begin = targets.begin() + static_cast<std::ptrdiff_t>(offsets[r]);
    const auto end = targets.begin() + static_cast<std::ptrdiff_t>(offsets[r + 1]);
    std::sort(begin, end);
    const auto last = std::unique(begin, end);
    offsets[r] = write;
    for (auto it = begin; it != last; ++it) targets[write++] = *it;
  }
  offsets.back() = write;
  targets.resize(write);
  targets.shrink_to_fit();
}

/// Out-rows (and in-rows when directed) from node-index pairs, self-loops left out.
void fill_csr(csr_graph& g, const std::vector<std::pair<uint64_t, uint64_t>>& pairs, bool both_ways) {
  std::vector<uint64_t> cursor(g.nodes + 1, 0);
  for (const auto& [u, v] : pairs)
    if (u != v) {
      ++cursor[u + 1];
      if (both_ways) ++cursor[v + 1];
    }
  for (uint64_t i = 0; i < g.nodes; ++i) cursor[i + 1] += cursor[i];
  g.offsets = cursor;
  g.targets.resize(cursor[g.nodes]);
  for (const auto& [u, v] : pairs)
    if (u != v) {
      g.targets[cursor[u]++] = static_cast<uint32_t>(v);
      if (both_ways) g.targets[cursor[v]++] = static_cast<uint32_t>(u);
    }
  sort_and_compact(g.offsets, g.targets);
  if (!g.directed) return;
  // In-rows by transposing the out-rows in order of their sources: ascending by design.
  g.in_offsets.assign(g.nodes + 1, 0);
  for (uint32_t t : g.targets) ++g.in_offsets[t + 1];
  for (uint64_t i = 0; i < g.nodes; ++i) g.in_offsets[i + 1] += g.in_offsets[i];
  std::vector<uint64_t> next(g.in_offsets.begin(), g.in_offsets.end() - 1);
  g.in_sources.resize(g.targets.size());
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      g.in_sources[next[g.targets[e]]++] = static_cast<uint32_t>(u);
}

}  // namespace

const char* format_name(edge_list_format f) {
  static const char* const names[] = {"edge list", "labelled edge list", "Matrix Market"};  // enum order
  return names[static_cast<int>(f)];
}

edge_list_file read_edge_list(const edge_list_file_options& opt) {
  const file_counts c = each_entry(opt, [](uint64_t, uint64_t) {});
  const std::string what = "reading '" + opt.path + "' (" + std::to_string(c.entries) + " entries)";
  const bool matrix = c.format == edge_list_format::matrix_market;
  if (matrix && c.matrix_rows >= (uint64_t{1} << 32))
    throw core::too_large(what + ": N = " + std::to_string(c.matrix_rows) +
                          " exceeds the 2^32 nodes that 32-bit node indices address");
  core::require_bytes(core::backend::cpu, planned_bytes(c, opt.directed), what);

  std::vector<std::pair<uint64_t, uint64_t>> pairs;
  pairs.reserve(c.entries);
  const file_counts again = each_entry(opt, [&](uint64_t u, uint64_t v) { pairs.emplace_back(u, v); });
  if (again.entries != c.entries)
    throw edge_list_error(opt.path + ": the file changed while it was read");

  edge_list_file out;
  out.format = c.format;
  out.symmetric = c.symmetric;
  out.lines = c.lines;
  out.entries = c.entries;
  out.label_bits = c.label_bits;
  csr_graph& g = out.graph;
  g.directed = opt.directed;
  if (matrix) {
    g.nodes = c.matrix_rows;
    g.labels.resize(g.nodes);
    for (uint64_t i = 0; i < g.nodes; ++i) g.labels[i] = i + 1;
  } else {
    // The distinct ids, ascending, are the nodes; each pair becomes node indices.
    std::vector<uint64_t>& ids = g.labels;
    ids.reserve(2 * pairs.size());
    for (const auto& [u, v] : pairs) {
      ids.push_back(u);
      ids.push_back(v);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    ids.shrink_to_fit();
    g.nodes = ids.size();
    if (g.nodes >= (uint64_t{1} << 32))
      throw core::too_large(what + ": N = " + std::to_string(g.nodes) +
                            " exceeds the 2^32 nodes that 32-bit node indices address");
    auto index = [&](uint64_t id) {
      return static_cast<uint64_t>(std::lower_bound(ids.begin(), ids.end(), id) - ids.begin());
    };
    for (auto& [u, v] : pairs) {
      u = index(u);
      v = index(v);
    }
  }
  for (const auto& [u, v] : pairs) out.self_loops += u == v;
  const bool both_ways = !opt.directed || c.symmetric;
  fill_csr(g, pairs, both_ways);
  // A pair given both ways is one edge where edges have no direction, and in a symmetric
  // matrix each entry already stands for both arcs.
  const uint64_t distinct = both_ways ? g.arcs() / 2 : g.arcs();
  out.duplicate_edges = c.entries - out.self_loops - distinct;
  if (c.format == edge_list_format::labelled) {
    out.hamming_edges = true;
    for (uint64_t u = 0; u < g.nodes && out.hamming_edges; ++u)
      for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        if (__builtin_popcountll(g.labels[u] ^ g.labels[g.targets[e]]) != 1) out.hamming_edges = false;
  }
  // What the file means, not how it was written: comments or line order change nothing.
  uint64_t h = core::fnv1a(core::fnv1a_basis, g.directed);
  for (const auto* v : {&g.labels, &g.offsets})
    for (const uint64_t x : *v) h = core::fnv1a(h, x);
  for (const uint32_t t : g.targets) h = core::fnv1a(h, t);
  out.checksum = h;
  return out;
}

}  // namespace tv::graph
