// The topoverify command line (CLI11): list, info, run.  main() only calls cli_main so
// tests can drive the same code.
#pragma once
#include <string>
#include <vector>

namespace tv::host {

/// @brief Runs the command line; returns the exit code (see errors.hpp).
int cli_main(int argc, char** argv);

}  // namespace tv::host
