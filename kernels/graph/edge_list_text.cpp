// Reading an edge-list file into memory (see edge_list_text.hpp).  The threads read
// slices of it with pread, so the pages of the buffer are touched (and the copy from the
// page cache made) by every core rather than one.
#include "kernels/graph/edge_list_text.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include "kernels/core/memory.hpp"
#include "kernels/graph/edge_list_file.hpp"

namespace tv::graph::detail {

namespace {

/// Closes the descriptor on every way out.
struct descriptor {
  int fd;
  ~descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

constexpr size_t slice_bytes = size_t{8} << 20;

}  // namespace

file_text::file_text(const std::string& path) {
  // A pipe could be read only once (and opening a FIFO would wait for a writer).
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw edge_list_error(path + ": not a regular file (it is read twice: to check it, then to "
                                 "fill the graph)");
  const descriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) throw edge_list_error(path + ": cannot open (" + std::strerror(errno) + ")");
  if (::fstat(file.fd, &st) != 0)
    throw edge_list_error(path + ": cannot read (" + std::strerror(errno) + ")");
  size_ = static_cast<size_t>(st.st_size);
  core::require_bytes(core::backend::cpu, size_, "reading '" + path + "' into memory");
  bytes_.reset(new char[size_ == 0 ? 1 : size_]);
  const int64_t slices = static_cast<int64_t>((size_ + slice_bytes - 1) / slice_bytes);
  int failed = 0;        // errno of a failed read, else 0
  bool shrank = false;  // a read found the end before the size fstat gave
#pragma omp parallel for schedule(dynamic, 1)
  for (int64_t s = 0; s < slices; ++s) {
    size_t at = static_cast<size_t>(s) * slice_bytes;
    const size_t end = std::min(size_, at + slice_bytes);
    while (at < end) {
      const ssize_t got = ::pread(file.fd, bytes_.get() + at, end - at, static_cast<off_t>(at));
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
#pragma omp critical(edge_list_text_error)
        {
          if (got < 0 && failed == 0) failed = errno ? errno : EIO;
          if (got == 0) shrank = true;
        }
        break;
      }
      at += static_cast<size_t>(got);
    }
  }
  if (failed != 0) throw edge_list_error(path + ": cannot read (" + std::strerror(failed) + ")");
  if (shrank) throw edge_list_error(path + ": the file changed while it was read");
}

}  // namespace tv::graph::detail
