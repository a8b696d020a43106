// Checked writes and the end-of-command check of the standard streams.
#include "host/records/checked_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
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

void write_file_whole(const std::string& path, const std::function<void(std::FILE*)>& write,
                      existing_file existing) {
  std::string tmp = path + ".tmp.XXXXXX";
  const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
  // Nothing can be created beside `path` (no such folder, no permission): the target named
  // is at fault, so it is refused as bad input, before anything is written.
  if (fd < 0) throw input_error("writing '" + path + "' failed: " + std::strerror(errno));
  std::FILE* f = ::fdopen(fd, "w");
  if (!f) {
    const int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(path, err);
  }
  try {
    write(f);
    errno = 0;
    if (std::fflush(f) != 0 || std::ferror(f)) fail(path, errno ? errno : EIO);
    if (::fsync(fd) != 0) fail(path, errno);
    ::fchmod(fd, 0644);  // mkstemp makes 0600; what topoverify writes is an ordinary file
    const int closed = std::fclose(f);
    f = nullptr;
    if (closed != 0) fail(path, errno);
    if (existing == existing_file::replace) {
      if (::rename(tmp.c_str(), path.c_str()) != 0) fail(path, errno);
    } else {
      // link() refuses to replace a file that appeared meanwhile, where rename would not.
      if (::link(tmp.c_str(), path.c_str()) != 0) {
        if (errno == EEXIST) throw file_exists_error("'" + path + "' exists");
        fail(path, errno);
      }
      ::unlink(tmp.c_str());
    }
  } catch (...) {
    if (f) std::fclose(f);
    ::unlink(tmp.c_str());
    throw;
  }
}

void write_file_whole(const std::string& path, const std::string& text) {
  write_file_whole(path, [&text, &path](std::FILE* f) {
    if (std::fwrite(text.data(), 1, text.size(), f) != text.size())
      fail(path, errno ? errno : EIO);
  });
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
