// flock-based folder locks (see folder_lock.hpp).  The holder writes its pid and start
// time into the lock file so that a refused process can say who holds the folder.
#include "host/records/folder_lock.hpp"
#include "host/units.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <mutex>

#include "host/errors.hpp"

namespace tv::host {

namespace fs = std::filesystem;

namespace {

std::string lock_path(const std::string& dir) { return (fs::path(dir) / lock_file_name).string(); }

std::string read_holder(int fd) {
  char buf[256];
  const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
  std::string s(buf, n > 0 ? static_cast<size_t>(n) : 0);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
  return s;
}

std::string in_use_message(const std::string& dir, int fd) {
  std::string holder = read_holder(fd);
  if (holder.empty()) holder = "pid unknown";  // the holder is between lock and write
  return "folder '" + dir + "' is in use by topoverify (" + holder + ")";
}

/// Locks this process holds, by canonical folder: flock conflicts between two open
/// descriptions of the same file even within one process, so a report rendered by the
/// run that holds the folder must share the run's lock.
std::mutex g_mutex;
std::map<std::string, std::weak_ptr<folder_lock>> g_held;

std::string canonical(const std::string& dir) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(dir, ec);
  return ec ? dir : p.string();
}

}  // namespace

folder_lock::~folder_lock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
  if (dir_fd_ >= 0) ::close(dir_fd_);
}

namespace {

/// flock that retries on a signal: 0, or the errno of the refusal.
int try_flock(int fd, int how) {
  while (::flock(fd, how | LOCK_NB) != 0)
    if (errno != EINTR) return errno;
  return 0;
}

/// Whether a failed flock means "held by someone", as opposed to "not supported here".
bool held_elsewhere(int err) { return err == EWOULDBLOCK; }

}  // namespace

std::shared_ptr<folder_lock> lock_folder(const std::string& dir) {
  const std::lock_guard<std::mutex> guard(g_mutex);
  const std::string key = canonical(dir);
  if (auto held = g_held[key].lock()) return held;
  const std::string path = lock_path(dir);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw input_error("folder '" + dir + "' is not writable: cannot create " + path + ": " +
                      std::strerror(errno));
  // The folder first: a holder whose lock file was deleted (and another one created in
  // its place) still holds it.
  int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0) {
    const int err = try_flock(dir_fd, LOCK_EX);
    if (held_elsewhere(err)) {
      const std::string msg = in_use_message(dir, fd);
      ::close(dir_fd);
      ::close(fd);
      throw input_error(msg);
    }
    if (err != 0) {  // not supported on this file system: the file's lock alone
      ::close(dir_fd);
      dir_fd = -1;
    }
  }
  if (const int err = try_flock(fd, LOCK_EX); err != 0) {
    std::string msg = held_elsewhere(err) ? in_use_message(dir, fd)
                                          : "cannot lock folder '" + dir + "': " + std::strerror(err);
    if (dir_fd >= 0) ::close(dir_fd);
    ::close(fd);
    throw input_error(msg);
  }
  const std::string holder = "pid " + std::to_string(::getpid()) + ", started " + utc_now() + "\n";
  // Best effort: the lock holds without it; the text only names the holder.
  if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, holder.data(), holder.size(), 0) < 0) {
  }
  auto lock = std::make_shared<folder_lock>(fd, dir_fd, dir);
  g_held[key] = lock;
  return lock;
}

std::optional<std::string> folder_in_use(const std::string& dir) {
  {
    const std::lock_guard<std::mutex> guard(g_mutex);
    auto it = g_held.find(canonical(dir));
    if (it != g_held.end() && !it->second.expired()) return std::nullopt;  // ours
  }
  const std::string path = lock_path(dir);
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  std::optional<std::string> result;
  // A shared lock conflicts with the holder's exclusive one and with nothing else.
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir_fd >= 0) {
    if (held_elsewhere(try_flock(dir_fd, LOCK_SH)))
      result = fd >= 0 ? in_use_message(dir, fd) : "folder '" + dir + "' is in use by topoverify (pid unknown)";
    ::close(dir_fd);
  }
  if (fd < 0) return result;  // no lock file: only the folder's lock can tell
  if (!result && held_elsewhere(try_flock(fd, LOCK_SH))) result = in_use_message(dir, fd);
  ::close(fd);
  return result;
}

}  // namespace tv::host
