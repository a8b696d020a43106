// Graph export in four formats (see export.hpp), and writing a file whole.
#include "host/cli/export.hpp"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "host/errors.hpp"
#include "host/messages.hpp"
#include "host/records/checked_io.hpp"
#include "host/records/labels.hpp"

namespace tv::host {

namespace {

// Buffered writer: graphs reach 10^8 arcs, and printf per edge would dominate.
class line_writer {
 public:
  explicit line_writer(std::FILE* out) : out_(out) { buf_.reserve(chunk + 256); }
  ~line_writer() { flush_nothrow(); }
  void number(uint64_t x) {
    char tmp[24];
    const auto r = std::to_chars(tmp, tmp + sizeof tmp, x);
    buf_.insert(buf_.end(), tmp, r.ptr);
  }
  void text(const std::string& s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
  void text(const char* s) { buf_.insert(buf_.end(), s, s + std::strlen(s)); }
  void ch(char c) { buf_.push_back(c); }
  void end_line() {
    buf_.push_back('\n');
    if (buf_.size() >= chunk) flush();
  }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), out_) != buf_.size())
      throw std::runtime_error(std::string("export: writing the graph failed: ") + std::strerror(errno));
    buf_.clear();
  }

 private:
  static constexpr size_t chunk = 1 << 20;
  void flush_nothrow() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), out_);
  }
  std::FILE* out_;
  std::vector<char> buf_;
};

/// Calls f(u, v) for each edge once (undirected: u < v; directed: every arc), in CSR order.
template <class F>
void for_each_edge(const graph::csr_graph& g, F&& f) {
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.directed || u < g.targets[e]) f(u, static_cast<uint64_t>(g.targets[e]));
}

uint64_t edge_count(const graph::csr_graph& g) {
  uint64_t m = 0;
  for_each_edge(g, [&](uint64_t, uint64_t) { ++m; });
  return m;
}

/// Bit string of node i's label, as the papers write labels (most significant bit first);
/// a network read from a file without labels writes its file's ids.
std::string label_of(const graph::csr_graph& g, const instance& inst, uint64_t i) {
  const uint64_t x = g.labels.empty() ? families::unrank(inst.net, i) : g.labels[i];
  return node_name(x, inst.bits());
}

std::string description(const graph::csr_graph& g, const instance& inst, uint64_t edges) {
  return "topoverify export " + inst.label() + ": nodes " + std::to_string(g.nodes) + " edges " +
         std::to_string(edges) + " directed " + (g.directed ? "true" : "false");
}

/// Instance labels hold only [a-z0-9=,. ]; XML comments must not contain "--".
std::string xml_comment_safe(std::string s) {
  for (size_t i = s.find("--"); i != std::string::npos; i = s.find("--")) s.replace(i, 2, "- ");
  return s;
}

}  // namespace

export_format parse_export_format(const std::string& name) {
  if (name == "edgelist") return export_format::edgelist;
  if (name == "labelled" || name == "labeled") return export_format::labelled;
  if (name == "graphml") return export_format::graphml;
  if (name == "mtx") return export_format::mtx;
  throw input_error("export: format '" + name + "' is not one of: " + export_format_names());
}

std::string export_format_names() { return "edgelist, labelled, graphml, mtx"; }

void write_graph(const graph::csr_graph& g, const instance& inst, const export_options& opt,
                 std::FILE* out) {
  line_writer w(out);
  const uint64_t edges = edge_count(g);
  switch (opt.format) {
    case export_format::edgelist:
    case export_format::labelled: {
      if (opt.header) {
        w.text("# " + description(g, inst, edges));
        w.end_line();
      }
      const bool labelled = opt.format == export_format::labelled;
      for_each_edge(g, [&](uint64_t u, uint64_t v) {
        if (labelled) {
          w.text(label_of(g, inst, u));
          w.ch(' ');
          w.text(label_of(g, inst, v));
        } else {
          w.number(u);
          w.ch(' ');
          w.number(v);
        }
        w.end_line();
      });
      break;
    }
    case export_format::graphml: {
      w.text("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
      w.text("<!-- " + xml_comment_safe(description(g, inst, edges)) + " -->\n");
      w.text(
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
          "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
          "xsi:schemaLocation=\"http://graphml.graphdrawing.org/xmlns "
          "http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd\">\n");
      w.text("  <key id=\"label\" for=\"node\" attr.name=\"label\" attr.type=\"string\"/>\n");
      w.text(std::string("  <graph id=\"G\" edgedefault=\"") +
             (g.directed ? "directed" : "undirected") + "\">");
      w.end_line();
      for (uint64_t u = 0; u < g.nodes; ++u) {
        w.text("    <node id=\"n");
        w.number(u);
        w.text("\"><data key=\"label\">");
        w.text(label_of(g, inst, u));
        w.text("</data></node>");
        w.end_line();
      }
      for_each_edge(g, [&](uint64_t u, uint64_t v) {
        w.text("    <edge source=\"n");
        w.number(u);
        w.text("\" target=\"n");
        w.number(v);
        w.text("\"/>");
        w.end_line();
      });
      w.text("  </graph>\n</graphml>\n");
      break;
    }
    case export_format::mtx: {
      // Symmetric files hold the lower triangle (row >= column), as the format requires.
      w.text(std::string("%%MatrixMarket matrix coordinate pattern ") +
             (g.directed ? "general" : "symmetric") + "\n");
      w.text("% " + description(g, inst, edges) + "\n");
      w.number(g.nodes);
      w.ch(' ');
      w.number(g.nodes);
      w.ch(' ');
      w.number(edges);
      w.end_line();
      for_each_edge(g, [&](uint64_t u, uint64_t v) {
        w.number((g.directed ? u : v) + 1);
        w.ch(' ');
        w.number((g.directed ? v : u) + 1);
        w.end_line();
      });
      break;
    }
  }
  w.flush();
  if (std::fflush(out) != 0)
    throw std::runtime_error(std::string("export: writing the graph failed: ") + std::strerror(errno));
}

void check_export_target(const std::string& path, bool force) {
  namespace fs = std::filesystem;
  if (path.empty()) throw input_error("export: --output is empty: name a file");
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(path, ec);
  if (ec || !fs::exists(st)) return;  // nothing there: the write itself names any error
  const char* kind = fs::is_directory(st)          ? "a folder"
                     : fs::is_character_file(st) ? "a character device"
                     : fs::is_block_file(st)     ? "a block device"
                     : fs::is_fifo(st)           ? "a FIFO"
                     : fs::is_socket(st)         ? "a socket"
                                                 : nullptr;
  if (kind)
    throw input_error("export: '" + echo_value(path) + "' is " + kind +
                      ", not a file: --output writes a regular file (for a device or a pipe, leave "
                      "--output out and redirect standard output)");
  if (!force) throw input_error("export: '" + echo_value(path) + "' exists; --force replaces it");
}

void write_graph_file(const graph::csr_graph& g, const instance& inst, const export_options& opt,
                      const std::string& path, bool force) {
  check_export_target(path, force);
  const std::string exists = "export: '" + echo_value(path) + "' exists; --force replaces it";
  try {
    write_file_whole(path, [&](std::FILE* f) { write_graph(g, inst, opt, f); },
                     force ? existing_file::replace : existing_file::refuse);
  } catch (const file_exists_error&) {
    throw input_error(exists);  // it appeared while the graph was written
  }
}

}  // namespace tv::host
