// An edge-list file's bytes, read into memory whole with large parallel reads: both
// passes of read_edge_list (edge_list_file.cpp) and the parallel parse of plain lists
// (edge_list_chunks.hpp) work on this one copy, so the file is read from disk once.
#pragma once
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace tv::graph::detail {

/// The bytes of one file.
class file_text {
 public:
  /// @brief Reads the file; raises edge_list_error "PATH: cannot open (reason)", "PATH:
  /// not a regular file ..." for a folder, a pipe or a device, "PATH: cannot read
  /// (reason)", "PATH: the file changed while it was read" when it shrinks meanwhile, and
  /// core::too_large when its bytes do not fit this machine's memory.
  explicit file_text(const std::string& path);
  std::string_view view() const { return {bytes_.get(), size_}; }

 private:
  std::unique_ptr<char[]> bytes_;  // uninitialized before the read: no pass zeroing it
  size_t size_ = 0;
};

}  // namespace tv::graph::detail
