// One writer per output folder.  A run, a resume or a report takes an advisory lock
// (flock) on the folder itself and on <folder>/.topoverify.lock for as long as it writes
// there; a second process that wants the same folder is refused at once, naming the
// holder (whose pid the lock file holds).  The lock on the folder is what deleting the
// lock file cannot defeat; the one on the file covers file systems that refuse locks on
// folders (some network file systems).  The kernel drops both when their holder ends,
// however it ends, so a crash never leaves a stale lock (the file itself stays; only the
// lock on it counts).
#pragma once
#include <memory>
#include <optional>
#include <string>

namespace tv::host {

/// The lock file's name inside an output folder; folder-emptiness checks ignore it.
inline constexpr const char* lock_file_name = ".topoverify.lock";

/// A held folder lock; released when the last owner lets go.
class folder_lock {
 public:
  folder_lock(int fd, int dir_fd, std::string dir) : fd_(fd), dir_fd_(dir_fd), dir_(std::move(dir)) {}
  ~folder_lock();
  folder_lock(const folder_lock&) = delete;
  folder_lock& operator=(const folder_lock&) = delete;
  const std::string& dir() const { return dir_; }

 private:
  int fd_;
  int dir_fd_;  // -1 where the file system refuses a lock on a folder
  std::string dir_;
};

/// @brief Takes the lock of an existing folder for this process (a second call for the
/// same folder in the same process shares the first lock).  Raises input_error
/// "folder 'D' is in use by topoverify (pid P, started T)" when another process holds
/// it, or when the lock file cannot be created ("... is not writable: ...").
std::shared_ptr<folder_lock> lock_folder(const std::string& dir);

/// @brief Without taking or creating anything: the refusal lock_folder would give now
/// because another process holds the folder, or nothing (for --dry-run).
std::optional<std::string> folder_in_use(const std::string& dir);

}  // namespace tv::host
