// An edge-list file to CSR (see edge_list_file.hpp): the file read into memory once
// (edge_list_text.hpp), its entries checked and counted, the memory planned, the entries
// parsed into id pairs, the ids mapped to nodes and the rows filled (edge_list_csr.hpp).
//
// Why two passes over the text: the first validates every line and counts the entries,
// so a malformed file stops at its first bad line before the graph's memory is
// allocated, and that memory is planned from exact counts (core::require_bytes, the
// usual too_large refusal) rather than guessed from the file's size; the second fills
// the arrays the plan allowed.  Plain lists, the common case, take both passes in
// parallel (edge_list_chunks.hpp); the other formats, and any file that parse does not
// accept, go line by line (edge_list_lines.hpp), which words the errors.
#include "kernels/graph/edge_list_file.hpp"

#include <algorithm>
#include <memory>
#include <string_view>
#include <vector>

#include "kernels/core/memory.hpp"
#include "kernels/core/source_range.hpp"
#include "kernels/graph/edge_list_chunks.hpp"
#include "kernels/graph/edge_list_csr.hpp"
#include "kernels/graph/edge_list_lines.hpp"
#include "kernels/graph/edge_list_text.hpp"

namespace tv::graph {

namespace {

/// What the first pass learns.
struct file_counts {
  edge_list_format format = edge_list_format::plain;
  bool symmetric = false;
  uint64_t lines = 0, entries = 0, matrix_rows = 0, max_id = 0;
  int label_bits = 0;
};

/// Calls f(u, v) for each entry of the text, line by line; validates every line.
template <class F>
file_counts each_entry(const edge_list_file_options& opt, std::string_view text, F&& f) {
  detail::numbered_lines lines(text);
  detail::entry_parser parser(opt);
  file_counts c;
  std::string_view line;
  uint64_t u = 0, v = 0;
  while (lines.next(line))
    if (parser.parse(line, lines.number(), u, v)) {
      ++c.entries;
      c.max_id = std::max(c.max_id, std::max(u, v));
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

/// Peak bytes beside the text: the entries as id pairs, the ids' mapping to nodes and the
/// rows' counters (edge lists), the CSR at its largest (before repeated arcs are removed).
uint64_t planned_bytes(const file_counts& c, bool directed) {
  const bool matrix = c.format == edge_list_format::matrix_market;
  const uint64_t nodes = matrix ? c.matrix_rows : std::min(2 * c.entries, c.max_id + 1);
  const bool both_ways = !directed || c.symmetric;
  const uint64_t arcs = both_ways ? 2 * c.entries : c.entries;
  return 16 * c.entries + detail::mapping_bytes(matrix ? 0 : 2 * c.entries, c.max_id, nodes) +
         csr_bytes(nodes, arcs, directed);
}

}  // namespace

uint64_t graph_checksum(const csr_graph& g) {
  uint64_t h = core::fnv1a(core::fnv1a_basis, g.directed);
  for (const auto* v : {&g.labels, &g.offsets})
    for (const uint64_t x : *v) h = core::fnv1a(h, x);
  for (const uint32_t t : g.targets) h = core::fnv1a(h, t);
  return h;
}

const char* format_name(edge_list_format f) {
  static const char* const names[] = {"edge list", "labelled edge list", "Matrix Market",
                                      "arrays"};  // enum order
  return names[static_cast<int>(f)];
}

namespace {

/// A compressed file named by its magic bytes, or nullptr: read as text, its bytes would
/// be "bad ids" on line 1.
const char* compression_of(std::string_view text) {
  if (text.substr(0, 2) == "\x1f\x8b") return "gzip (gunzip -k FILE)";
  if (text.substr(0, 4) == std::string_view("\x28\xb5\x2f\xfd", 4)) return "zstd (unzstd FILE)";
  if (text.substr(0, 3) == "BZh") return "bzip2 (bunzip2 -k FILE)";
  if (text.substr(0, 6) == std::string_view("\xfd" "7zXZ\0", 6)) return "xz (unxz -k FILE)";
  if (text.substr(0, 4) == std::string_view("PK\x03\x04", 4)) return "zip (unzip FILE)";
  return nullptr;
}

}  // namespace

edge_list_file read_edge_list(const edge_list_file_options& opt) {
  const detail::file_text file(opt.path);
  std::string_view text = file.view();
  if (const char* kind = compression_of(text))
    throw edge_list_error(opt.path + ": a compressed file, " + std::string(kind) +
                          " first: edge lists and Matrix Market files are read as text");
  // A UTF-8 byte order mark (as some editors save text) is not part of the first id.
  if (text.substr(0, 3) == "\xef\xbb\xbf") text.remove_prefix(3);
  // The first line decides Matrix Market; labelled lists are read line by line too.
  detail::plain_scan plain;
  if (!opt.labels && text.substr(0, 14) != "%%MatrixMarket") plain = detail::scan_plain(text);
  file_counts c;
  if (plain.accepted) {
    c.lines = plain.lines;
    c.entries = plain.entries;
    c.max_id = plain.max_id;
  } else {
    c = each_entry(opt, text, [](uint64_t, uint64_t) {});
  }
  const std::string what = "reading '" + opt.path + "' (" + std::to_string(c.entries) + " entries)";
  const bool matrix = c.format == edge_list_format::matrix_market;
  // Nothing to measure: a 0-node graph would read "connected, diameter 0".  (A Matrix
  // Market file of N rows and no entries is N isolated nodes, a graph.)
  if (matrix ? c.matrix_rows == 0 : c.entries == 0)
    throw edge_list_error(opt.path + ": no " + (matrix ? "node" : "edge") + " in its " + std::to_string(c.lines) +
                          " line(s) (" + (c.lines ? "comments and blank lines only" : "the file is empty") +
                          "): nothing to measure");
  if (matrix && c.matrix_rows >= (uint64_t{1} << 32))
    throw core::too_large(what + ": N = " + std::to_string(c.matrix_rows) +
                          " exceeds the 2^32 nodes that 32-bit node indices address");
  core::require_bytes(core::backend::cpu, planned_bytes(c, opt.directed), what);

  // pairs[2e], pairs[2e + 1]: entry e's ids, then its node indices.  Not zeroed first:
  // every element is written below.
  std::unique_ptr<uint64_t[]> pairs(new uint64_t[2 * c.entries + 1]);
  if (plain.accepted) {
    detail::parse_plain(text, plain, pairs.get());
  } else {
    uint64_t* out = pairs.get();
    each_entry(opt, text, [&out](uint64_t u, uint64_t v) {
      out[0] = u;
      out[1] = v;
      out += 2;
    });
  }

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
    g.labels = detail::ids_to_nodes(pairs.get(), 2 * c.entries, c.max_id);
    g.nodes = g.labels.size();
    if (g.nodes >= (uint64_t{1} << 32))
      throw core::too_large(what + ": N = " + std::to_string(g.nodes) +
                            " exceeds the 2^32 nodes that 32-bit node indices address");
  }
  const int64_t entries = static_cast<int64_t>(c.entries);
  uint64_t self_loops = 0;
#pragma omp parallel for schedule(static) reduction(+ : self_loops)
  for (int64_t e = 0; e < entries; ++e) self_loops += pairs[2 * e] == pairs[2 * e + 1];
  out.self_loops = self_loops;
  const bool both_ways = !opt.directed || c.symmetric;
  detail::fill_rows(g, pairs.get(), c.entries, both_ways);
  pairs.reset();
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
  out.checksum = graph_checksum(g);
  return out;
}

}  // namespace tv::graph
