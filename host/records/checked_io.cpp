// Checked writes and the end-of-command check of the standard streams.
#include "host/records/checked_io.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdexcept>

#include "host/errors.hpp"

namespace tv::host {

namespace {

[[noreturn]] void fail(const std::string& path, int err) {
  throw std::runtime_error("writing '" + path + "' failed: " + std::strerror(err));
}

/// Set once a failure of stdout has been reported, so it is reported once.
bool g_stdout_failure_reported = false;

}  // namespace

void flush_stdout_checked() {
  errno = 0;
  const bool flushed = std::fflush(stdout) == 0;
  const int err = errno;
  std::cout.flush();
  if (flushed && !std::ferror(stdout) && !std::cout.bad()) return;
  g_stdout_failure_reported = true;
  throw std::runtime_error(std::string("writing standard output failed: ") +
                           (err ? std::strerror(err) : "an earlier write failed"));
}

void write_file_whole(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail(tmp, errno);
  size_t done = 0;
  int err = 0;
  while (done < text.size() && !err) {
    const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
    if (w < 0 && errno != EINTR) err = errno;
    else if (w > 0) done += static_cast<size_t>(w);
  }
  if (!err && ::fsync(fd) != 0) err = errno;
  if (::close(fd) != 0 && !err) err = errno;
  if (!err && ::rename(tmp.c_str(), path.c_str()) != 0) {
    err = errno;
    ::unlink(tmp.c_str());
    fail(path, err);
  }
  if (err) {
    ::unlink(tmp.c_str());
    fail(path, err);
  }
}

void report_write_errors_instead_of_dying() {
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);
  // Into a file or pipe, stdout is written at the end in one piece (up to 1 MiB), so a
  // failure surfaces in the final flush with its errno (ENOSPC, EPIPE) rather than in a
  // write whose errno is lost by then.  A terminal keeps its line buffering.
  // (glibc ignores the size unless it is given the buffer.)
  static char buffer[std::size_t{1} << 20];
  if (!::isatty(STDOUT_FILENO)) std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

int finish_standard_streams(int code) {
  // std::cout and std::cerr share stdio's buffers (sync_with_stdio is left on), so
  // flushing the C streams flushes everything written through either.
  errno = 0;
  bool out_ok = std::fflush(stdout) == 0;
  const int out_err = errno;  // before anything else can overwrite it
  std::cout.flush();
  out_ok = out_ok && !std::ferror(stdout) && !std::cout.bad();
  std::cerr.flush();
  const bool err_ok = std::fflush(stderr) == 0 && !std::ferror(stderr) && !std::cerr.bad();
  // A command that failed has said why already (often this very write: export's
  // "writing the graph failed: Broken pipe"); one line is enough.
  if (!out_ok && err_ok && !g_stdout_failure_reported && code == exit_ok) {
    // An error seen by an earlier write is remembered by the stream, its errno is not.
    std::fprintf(stderr, "topoverify: error: writing standard output failed: %s\n",
                 out_err ? std::strerror(out_err) : "an earlier write failed");
    std::fflush(stderr);
  }
  // With stderr gone there is nobody to tell; the exit code still says it.
  if ((!out_ok || !err_ok) && code == exit_ok) return exit_instance_error;
  return code;
}

}  // namespace tv::host
