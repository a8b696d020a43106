// The bytes of a file a user names as input (a batch file, a rule file), read only when it
// is a regular file: a FIFO would wait forever for a writer, a directory reads as empty
// (and then fails with a misleading message), a device never ends.
#pragma once
#include <string>

namespace tv::host {

/// @brief The whole file at `path`; input_error "cannot read KIND 'PATH': WHY" where it
/// cannot be opened, "KIND 'PATH' is not a regular file (a directory)" (a FIFO, a device,
/// a socket) where it is not a plain file.  `kind` names it for the user: "batch file".
std::string read_input_file(const std::string& path, const std::string& kind);

}  // namespace tv::host
