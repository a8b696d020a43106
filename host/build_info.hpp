// The tool's version and the git commit it was built from, as records and reports give
// them.  Only build_info.cpp sees the generated header, so a new commit recompiles one
// file.
#pragma once

namespace tv::host {

/// @brief "0.1.0"
const char* tool_version();

/// @brief Short commit hash of the source tree at build time, "-dirty" appended when it
/// had uncommitted changes; "unknown" outside a git checkout.
const char* tool_commit();

}  // namespace tv::host
