// The process environment checked before any work, so that a library failure deep in a
// run (OpenMP failing to start thousands of threads and ending the process with
// "libgomp: Thread creation failed") becomes one line naming the cause, exit 2.
#pragma once

namespace tv::host {

/// @brief Raises input_error when OMP_NUM_THREADS is not a positive count (or a
/// comma-separated list of them, as OpenMP allows) or asks for more threads than
/// topoverify starts: the larger of 1024 and 16 per hardware thread.
void check_environment();

}  // namespace tv::host
