// Writes whose failure is never silent.  A full disk (ENOSPC), a file over its size
// limit (EFBIG) or a closed pipe (EPIPE) ends the command with one line naming the file
// and the error, exit 1, instead of an exit 0 with the output lost.
#pragma once
#include <cstdio>
#include <functional>
#include <string>

#include "host/errors.hpp"

namespace tv::host {

/// Whether a whole-file write may replace a file already at its path.
enum class existing_file { replace, refuse };

/// Raised by a write that may not replace `path` when a file is there.
struct file_exists_error : input_error {
  using input_error::input_error;
};

/// @brief The one "write a file whole" of topoverify: `write` fills a temporary file
/// beside `path` (a unique name, PATH.tmp.XXXXXX), which is flushed, synced and then
/// renamed over `path` (existing_file::refuse: linked to it, which never replaces a file,
/// not even one that appeared meanwhile; file_exists_error then).  So `path` holds the
/// old text or the new, never a part.  Any failure raises std::runtime_error "writing
/// 'PATH' failed: ERROR" (or what `write` raised) and removes the temporary file; when
/// no file can be created beside `path` at all, the same words as an input_error.
void write_file_whole(const std::string& path, const std::function<void(std::FILE*)>& write,
                      existing_file existing = existing_file::replace);

/// @brief write_file_whole with `text` as the whole content.
void write_file_whole(const std::string& path, const std::string& text);

/// @brief Ignores SIGPIPE and SIGXFSZ for the whole process, so a closed pipe or a file
/// over `ulimit -f` fails the write (EPIPE, EFBIG), which the writer reports, instead of
/// killing the process with no message and no record.
void report_write_errors_instead_of_dying();

/// @brief Flushes stdout now (for output streamed as it is computed) and raises
/// std::runtime_error "writing standard output failed: ERROR" if anything written to it
/// so far was lost; the end-of-command check then says nothing more.
void flush_stdout_checked();

/// @brief Flushes stdout and stderr at the end of a command and checks that everything
/// written to them arrived.  Returns `code` when it did; otherwise, for a command that
/// had succeeded, prints "topoverify: error: writing standard output failed: ERROR"
/// (when stderr still works) and returns 1.
int finish_standard_streams(int code);

}  // namespace tv::host
