// The line-by-line half of reading an edge-list file (edge_list_file.hpp): the file's
// lines with their numbers, and each line to the edge it names or to "PATH:LINE: reason".
// Used twice by read_edge_list, once to validate and count, once to fill (see there),
// for the formats the parallel parse of plain lists (edge_list_chunks.hpp) leaves to it
// and for every file that parse finds a line it does not accept in: this one names the
// line and the reason.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "kernels/graph/edge_list_file.hpp"

namespace tv::graph::detail {

/// The lines of a file's text (edge_list_text.hpp), without their line ends ("\n" or
/// "\r\n"), numbered from 1: the same lines getline would give.
class numbered_lines {
 public:
  explicit numbered_lines(std::string_view text) : rest_(text) {}
  /// @brief The next line, or false at the end of the text.
  bool next(std::string_view& line);
  uint64_t number() const { return number_; }

 private:
  std::string_view rest_;
  uint64_t number_ = 0;
};

/// Reads lines as the file's format says: the first line decides Matrix Market
/// ("%%MatrixMarket ..."); otherwise an edge list of numbers, or of bit strings when
/// options.labels is set.
class entry_parser {
 public:
  explicit entry_parser(const edge_list_file_options& opt) : opt_(opt) {}
  /// @brief True when line `number` names an edge, then u -> v (Matrix Market: 0-based
  /// rows); false for comments, blank lines and headers; edge_list_error when malformed.
  bool parse(std::string_view line, uint64_t number, uint64_t& u, uint64_t& v);
  /// @brief At the end of the file: raises when a Matrix Market file lacks its size line
  /// or holds another number of entries than it promised.
  void finish(uint64_t last_line, uint64_t entries) const;

  edge_list_format format() const { return format_; }
  bool symmetric() const { return symmetric_; }
  uint64_t matrix_rows() const { return rows_; }  // Matrix Market: its N
  int label_bits() const { return width_; }

 private:
  [[noreturn]] void fail(uint64_t number, const std::string& reason) const;
  uint64_t node_id(std::string_view token, uint64_t number);
  void matrix_header(std::string_view line, uint64_t number);

  edge_list_file_options opt_;
  edge_list_format format_ = edge_list_format::plain;
  bool first_line_ = true;
  bool symmetric_ = false;
  bool has_values_ = false;  // Matrix Market integer / real: a third column
  bool size_seen_ = false;
  uint64_t rows_ = 0, promised_ = 0, size_line_ = 0;
  int width_ = 0;            // labelled: the first label's width ...
  uint64_t width_line_ = 0;  // ... and its line
};

}  // namespace tv::graph::detail
