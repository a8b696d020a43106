// Edge-list export of an instance's CSR graph (see export.hpp).
#include "host/export.hpp"

#include <charconv>
#include <stdexcept>
#include <vector>

namespace tv::host {

namespace {
// Buffered writer: graphs reach 10^8 arcs, and printf per edge would dominate.
class line_writer {
 public:
  explicit line_writer(std::FILE* out) : out_(out) { buf_.reserve(chunk + 64); }
  ~line_writer() { flush_nothrow(); }
  void pair(uint64_t u, uint64_t v) {
    put(u);
    buf_.push_back(' ');
    put(v);
    buf_.push_back('\n');
    if (buf_.size() >= chunk) flush();
  }
  void text(const std::string& s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), out_) != buf_.size())
      throw std::runtime_error("export: writing the edge list failed");
    buf_.clear();
  }

 private:
  static constexpr size_t chunk = 1 << 20;
  void put(uint64_t x) {
    char tmp[24];
    const auto r = std::to_chars(tmp, tmp + sizeof tmp, x);
    buf_.insert(buf_.end(), tmp, r.ptr);
  }
  void flush_nothrow() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), out_);
  }
  std::FILE* out_;
  std::vector<char> buf_;
};
}  // namespace

void write_edge_list(const graph::csr_graph& g, const instance& inst, std::FILE* out) {
  uint64_t edges = 0;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      edges += g.directed || u < g.targets[e];
  line_writer w(out);
  w.text("# topoverify export " + inst.label() + ": nodes " + std::to_string(g.nodes) +
         " edges " + std::to_string(edges) + " directed " + (g.directed ? "true" : "false") +
         "\n");
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
      if (g.directed || u < g.targets[e]) w.pair(u, g.targets[e]);
  w.flush();
  if (std::fflush(out) != 0) throw std::runtime_error("export: writing the edge list failed");
}

}  // namespace tv::host
