// The plain edge-list format ("u v" per line, ids non-negative integers, '#' and '%'
// comment lines, blank lines, "\n" or "\r\n" ends) parsed in parallel over chunks of
// whole lines: the fast path of read_edge_list for the files SNAP, KONECT and
// `topoverify export` write.
//
// It accepts only lines it is sure of: any other line (a malformed one, but also an id
// of 20 digits or more) makes scan_plain answer "not accepted", and read_edge_list reads
// the file line by line instead (edge_list_lines.hpp), which accepts or names the line
// and the reason exactly as before.  So this file never words an error.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

namespace tv::graph::detail {

/// The text cut into chunks of whole lines, one or more per thread.
struct plain_chunks {
  std::vector<size_t> starts;        // byte offsets; starts.back() == text.size()
  std::vector<uint64_t> first_entry;  // per chunk, the index of its first entry; then the total
};

/// What scanning the text found.
struct plain_scan {
  bool accepted = false;  // every line is well-formed plain-list syntax that this parse reads
  uint64_t lines = 0, entries = 0;
  uint64_t max_id = 0;  // the largest id (0 without entries)
  plain_chunks chunks;
};

/// @brief Checks and counts every line in parallel.
plain_scan scan_plain(std::string_view text);

/// @brief Writes entry e's ids to pairs[2e] and pairs[2e + 1], in file order, in parallel;
/// `scan` is scan_plain's accepted answer for the same text.
void parse_plain(std::string_view text, const plain_scan& scan, uint64_t* pairs);

}  // namespace tv::graph::detail
