// The process environment checked before any work, so that a library failure deep in a
// run (OpenMP failing to start thousands of threads and ending the process with
// "libgomp: Thread creation failed") becomes one line naming the cause, exit 2.
#pragma once

namespace tv::host {

/// @brief Raises input_error when the CPU lacks the vector instructions this binary was
/// compiled for (AVX-512 or AVX2, chosen where it was built: a binary copied to an older
/// machine would otherwise die of an illegal instruction mid-run), or when OMP_NUM_THREADS is not a positive count (or a
/// comma-separated list of them, as OpenMP allows) or asks for more threads than
/// topoverify starts: the larger of 1024 and 16 per hardware thread.
void check_environment();

}  // namespace tv::host
