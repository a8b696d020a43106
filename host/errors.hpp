// Errors the driver reports to the user.  input_error: bad input (unknown family, key or
// check, value out of range, malformed batch file); main() prints its one-line message
// and exits 2 before any work starts.
#pragma once
#include <stdexcept>
#include <string>

namespace tv::host {

struct input_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Exit codes of the topoverify command.
enum exit_code : int {
  exit_ok = 0,           // every instance ran
  exit_instance_error = 1,  // some instance errored (or the run was interrupted)
  exit_bad_input = 2,    // bad input: nothing ran
  exit_claim_failed = 3, // --fail-on-claim and some claim fails
  exit_too_large = 4,    // info / export: the instance does not fit this process's memory
};

}  // namespace tv::host
