// Parallel parse of plain edge lists (see edge_list_chunks.hpp).  One grammar, walked by
// both passes: a line is blanks, then a comment ('#' or '%' to the line end), or nothing,
// or two ids of 1 to 19 digits (below 10^19, so no overflow) separated by blanks; then
// blanks, any '\r', and '\n' or the end of the text.  That is exactly the lines the line
// reader (edge_list_lines.cpp) turns into entries, comments and blank lines, less those
// with 20-digit ids, which it reads.
#include "kernels/graph/edge_list_chunks.hpp"

#include <algorithm>
#include <cstring>

#include "kernels/core/backend.hpp"

namespace tv::graph::detail {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

/// Reads 1 to 19 digits at p into id; false when there are none or more.
bool read_id(const char*& p, const char* end, uint64_t& id) {
  const char* start = p;
  uint64_t x = 0;
  while (p < end && static_cast<unsigned>(*p - '0') < 10u) {
    x = x * 10 + static_cast<unsigned>(*p - '0');
    ++p;
  }
  id = x;
  return p > start && p - start <= 19;
}

/// Walks the lines of [p, end), which starts at a line's start and ends after a '\n' or
/// at the end of the text, calling entry(u, v) for each edge; false at the first line it
/// does not accept.  Counts the lines.
template <class Entry>
bool walk(const char* p, const char* end, uint64_t& lines, Entry&& entry) {
  while (p < end) {
    ++lines;
    while (p < end && blank(*p)) ++p;
    if (p < end && (*p == '#' || *p == '%')) {  // a comment, whatever follows
      const void* nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
      p = nl ? static_cast<const char*>(nl) + 1 : end;
      continue;
    }
    if (p < end && static_cast<unsigned>(*p - '0') < 10u) {
      uint64_t u = 0, v = 0;
      if (!read_id(p, end, u) || p == end || !blank(*p)) return false;
      while (p < end && blank(*p)) ++p;
      if (!read_id(p, end, v)) return false;
      while (p < end && blank(*p)) ++p;
      entry(u, v);
    }
    while (p < end && *p == '\r') ++p;  // blank line or line end: only '\r's may be left
    if (p < end && *p != '\n') return false;
    if (p < end) ++p;
  }
  return true;
}

/// Chunk boundaries just after a '\n', about `parts` of them.
std::vector<size_t> cut(std::string_view text, size_t parts) {
  std::vector<size_t> starts{0};
  for (size_t k = 1; k < parts; ++k) {
    size_t at = text.size() / parts * k;
    if (at <= starts.back()) continue;
    const void* nl = std::memchr(text.data() + at, '\n', text.size() - at);
    if (!nl) break;
    at = static_cast<size_t>(static_cast<const char*>(nl) - text.data()) + 1;
    if (at > starts.back() && at < text.size()) starts.push_back(at);
  }
  starts.push_back(text.size());
  return starts;
}

struct chunk_count {
  bool ok = true;
  uint64_t lines = 0, entries = 0, max_id = 0;
};

}  // namespace

plain_scan scan_plain(std::string_view text) {
  plain_scan s;
  // Chunks of about 1 MiB, at least 4 per thread, so that uneven lines balance.
  const size_t threads = static_cast<size_t>(std::max(1, core::cpu_threads()));
  const size_t parts = std::max<size_t>(1, std::min(4 * threads + text.size() / (size_t{1} << 20),
                                                    64 * threads));
  s.chunks.starts = cut(text, parts);
  const int64_t chunks = static_cast<int64_t>(s.chunks.starts.size()) - 1;
  std::vector<chunk_count> counts(static_cast<size_t>(chunks));
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t c = 0; c < chunks; ++c) {
    chunk_count& k = counts[static_cast<size_t>(c)];
    k.ok = walk(text.data() + s.chunks.starts[c], text.data() + s.chunks.starts[c + 1], k.lines,
                [&k](uint64_t u, uint64_t v) {
                  ++k.entries;
                  k.max_id = std::max(k.max_id, std::max(u, v));
                });
  }
  s.accepted = true;
  s.chunks.first_entry.assign(1, 0);
  for (const chunk_count& k : counts) {
    s.accepted = s.accepted && k.ok;
    s.lines += k.lines;
    s.entries += k.entries;
    s.max_id = std::max(s.max_id, k.max_id);
    s.chunks.first_entry.push_back(s.entries);
  }
  return s;
}

void parse_plain(std::string_view text, const plain_scan& scan, uint64_t* pairs) {
  const plain_chunks& ch = scan.chunks;
  const int64_t chunks = static_cast<int64_t>(ch.starts.size()) - 1;
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t c = 0; c < chunks; ++c) {
    uint64_t* out = pairs + 2 * ch.first_entry[c];
    uint64_t lines = 0;
    walk(text.data() + ch.starts[c], text.data() + ch.starts[c + 1], lines, [&out](uint64_t u, uint64_t v) {
      out[0] = u;
      out[1] = v;
      out += 2;
    });
  }
}

}  // namespace tv::graph::detail
