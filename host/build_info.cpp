// Reads the header host/version.cmake writes at every build.
#include "host/build_info.hpp"

#include "host/version.hpp"

namespace tv::host {

const char* tool_version() { return version::version; }
const char* tool_commit() { return version::git_commit; }

}  // namespace tv::host
