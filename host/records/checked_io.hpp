// Writes whose failure is never silent.  A full disk (ENOSPC), a file over its size
// limit (EFBIG) or a closed pipe (EPIPE) ends the command with one line naming the file
// and the error, exit 1, instead of an exit 0 with the output lost.
#pragma once
#include <string>

namespace tv::host {

/// @brief Writes `text` to `path` whole or not at all (a temporary file beside it,
/// synced, then renamed over it); std::runtime_error "writing 'PATH' failed: ERROR"
/// on any failure, with the temporary file removed.
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
