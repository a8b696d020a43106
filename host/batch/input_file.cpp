// Reading a user's input file only when it is a regular file (see input_file.hpp).
#include "host/batch/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "host/errors.hpp"
#include "host/messages.hpp"

namespace tv::host {

namespace {

std::string what_it_is(const struct stat& st) {
  if (S_ISDIR(st.st_mode)) return "a directory";
  if (S_ISFIFO(st.st_mode)) return "a FIFO";
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) return "a device";
  if (S_ISSOCK(st.st_mode)) return "a socket";
  return "not a plain file";
}

}  // namespace

std::string read_input_file(const std::string& path, const std::string& kind) {
  const std::string named = kind + " '" + echo_value(path) + "'";
  // Opened without blocking and checked before reading: opening a FIFO for reading
  // would otherwise wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw input_error("cannot read " + named + ": " + std::strerror(errno));
  struct stat st;
  const bool ok = ::fstat(fd, &st) == 0;
  ::close(fd);
  if (!ok) throw input_error(named + " is not a regular file (cannot stat it)");
  if (!S_ISREG(st.st_mode)) throw input_error(named + " is not a regular file (" + what_it_is(st) + ")");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw input_error("cannot read " + named);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace tv::host
