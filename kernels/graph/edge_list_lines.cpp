// Lines of an edge-list file to edges (see edge_list_lines.hpp).  The formats:
//   edge list      "u v" per line, u and v non-negative integers (SNAP, KONECT, export)
//   labelled list  "x y" per line, bit strings of one width (export --format labelled)
//   Matrix Market  "%%MatrixMarket matrix coordinate pattern|integer|real general|symmetric",
//                  "%" comments, the size line "N N entries", then "i j [value]", 1-based
// Blanks and tabs separate fields; lines starting with '#' or '%' are comments.
#include "kernels/graph/edge_list_lines.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace tv::graph::detail {

namespace {

std::vector<std::string_view> fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

/// A token as a message quotes it: at most 40 characters, control bytes as '?'.
std::string quoted(std::string_view token) {
  std::string s(token.substr(0, 40));
  for (char& c : s)
    if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) c = '?';
  return "'" + s + (token.size() > 40 ? "...'" : "'");
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool is_number(std::string_view token) {
  const std::string s(token);
  char* end = nullptr;
  errno = 0;
  std::strtod(s.c_str(), &end);
  return !s.empty() && end == s.c_str() + s.size();
}

}  // namespace

bool numbered_lines::next(std::string_view& line) {
  if (rest_.empty()) return false;
  const size_t end = rest_.find('\n');
  size_t n = end == std::string_view::npos ? rest_.size() : end;
  line = rest_.substr(0, n);
  rest_.remove_prefix(end == std::string_view::npos ? rest_.size() : end + 1);
  ++number_;
  while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r')) --n;
  line = line.substr(0, n);
  return true;
}

void entry_parser::fail(uint64_t number, const std::string& reason) const {
  throw edge_list_error(opt_.path + ":" + std::to_string(number) + ": " + reason);
}

void entry_parser::matrix_header(std::string_view line, uint64_t number) {
  if (opt_.labels)
    fail(number, "a Matrix Market file numbers its rows; labels=true reads bit-string ids");
  const auto f = fields(line);
  const std::string object = f.size() > 1 ? lower(f[1]) : "", layout = f.size() > 2 ? lower(f[2]) : "",
                    field = f.size() > 3 ? lower(f[3]) : "", symmetry = f.size() > 4 ? lower(f[4]) : "";
  if (f.size() != 5 || object != "matrix" || layout != "coordinate" ||
      (field != "pattern" && field != "integer" && field != "real") ||
      (symmetry != "general" && symmetry != "symmetric"))
    fail(number, "the header is not '%%MatrixMarket matrix coordinate pattern|integer|real "
                 "general|symmetric' (other kinds of matrix are not graphs read here)");
  format_ = edge_list_format::matrix_market;
  has_values_ = field != "pattern";
  symmetric_ = symmetry == "symmetric";
}

uint64_t entry_parser::node_id(std::string_view token, uint64_t number) {
  if (format_ == edge_list_format::labelled) {
    if (token.size() > 64 || token.find_first_not_of("01") != std::string_view::npos)
      fail(number, quoted(token) + " is not a label (a bit string of at most 64 bits; the "
                   "file is read with labels=true)");
    const int width = static_cast<int>(token.size());
    if (width_ == 0) {
      width_ = width;
      width_line_ = number;
    } else if (width != width_) {
      fail(number, "label " + quoted(token) + " has " + std::to_string(width) +
                       " bits, the first label (line " + std::to_string(width_line_) + ") has " +
                       std::to_string(width_));
    }
    uint64_t x = 0;
    for (char c : token) x = (x << 1) | static_cast<uint64_t>(c == '1');
    return x;
  }
  uint64_t x = 0;
  const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), x);
  if (ec == std::errc::result_out_of_range)
    fail(number, "node id " + quoted(token) + " exceeds 2^64 - 1");
  if (ec != std::errc() || end != token.data() + token.size())
    fail(number, quoted(token) + " is not a node id (a non-negative integer)");
  return x;
}

bool entry_parser::parse(std::string_view line, uint64_t number, uint64_t& u, uint64_t& v) {
  const bool first = first_line_;
  first_line_ = false;
  if (first && line.rfind("%%MatrixMarket", 0) == 0) {
    matrix_header(line, number);
    return false;
  }
  if (first && opt_.labels) format_ = edge_list_format::labelled;
  const size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos) return false;  // blank
  if (line[start] == '%' || (line[start] == '#' && format_ != edge_list_format::matrix_market))
    return false;  // comment
  const auto f = fields(line);
  if (format_ != edge_list_format::matrix_market) {
    if (f.size() != 2)
      fail(number, "expected two node ids, found " + std::to_string(f.size()) + " field" +
                       (f.size() == 1 ? "" : "s"));
    u = node_id(f[0], number);
    v = node_id(f[1], number);
    return true;
  }
  if (!size_seen_) {
    if (f.size() != 3) fail(number, "expected the size line 'rows columns entries'");
    uint64_t size[3];
    for (int i = 0; i < 3; ++i) size[i] = node_id(f[i], number);
    if (size[0] != size[1])
      fail(number, "the matrix is " + std::to_string(size[0]) + " x " + std::to_string(size[1]) +
                       "; an adjacency matrix is square");
    size_seen_ = true;
    rows_ = size[0];
    promised_ = size[2];
    size_line_ = number;
    return false;
  }
  const size_t want = has_values_ ? 3 : 2;
  if (f.size() != want)
    fail(number, "expected " + std::string(has_values_ ? "'row column value'" : "'row column'") +
                     ", found " + std::to_string(f.size()) + " field" + (f.size() == 1 ? "" : "s"));
  if (has_values_ && !is_number(f[2])) fail(number, quoted(f[2]) + " is not a number");
  const uint64_t i = node_id(f[0], number), j = node_id(f[1], number);
  for (const uint64_t x : {i, j})
    if (x < 1 || x > rows_)
      fail(number, "index " + std::to_string(x) + " is outside 1.." + std::to_string(rows_));
  u = i - 1;
  v = j - 1;
  return true;
}

void entry_parser::finish(uint64_t last_line, uint64_t entries) const {
  if (format_ != edge_list_format::matrix_market) return;
  if (!size_seen_) fail(last_line, "the file ends before its size line 'rows columns entries'");
  if (entries != promised_)
    fail(last_line, "the size line (line " + std::to_string(size_line_) + ") promises " +
                        std::to_string(promised_) + " entries, the file holds " +
                        std::to_string(entries));
}

}  // namespace tv::graph::detail
