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
}

std::shared_ptr<folder_lock> lock_folder(const std::string& dir) {
  const std::lock_guard<std::mutex> guard(g_mutex);
  const std::string key = canonical(dir);
  if (auto held = g_held[key].lock()) return held;
  const std::string path = lock_path(dir);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0)
    throw input_error("folder '" + dir + "' is not writable: cannot create " + path + ": " +
                      std::strerror(errno));
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    const int err = errno;
    std::string msg = err == EWOULDBLOCK ? in_use_message(dir, fd)
                                         : "cannot lock folder '" + dir + "': " + std::strerror(err);
    ::close(fd);
    throw input_error(msg);
  }
  const std::string holder = "pid " + std::to_string(::getpid()) + ", started " + utc_now() + "\n";
  // Best effort: the lock holds without it; the text only names the holder.
  if (::ftruncate(fd, 0) == 0 && ::pwrite(fd, holder.data(), holder.size(), 0) < 0) {
  }
  auto lock = std::make_shared<folder_lock>(fd, dir);
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
  if (fd < 0) return std::nullopt;  // no lock file: nobody ever locked the folder
  std::optional<std::string> result;
  // A shared lock conflicts with the holder's exclusive one and with nothing else.
  if (::flock(fd, LOCK_SH | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) result = in_use_message(dir, fd);
  }
  ::close(fd);
  return result;
}

}  // namespace tv::host
