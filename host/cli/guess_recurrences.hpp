// What `guess` says when no closed form of its grammar fits (guess_command.hpp): the linear
// recurrence each slice of the sweep follows (host/guess/recurrence.hpp), checked step by
// step on the held-out sizes, which are measured for it.  A recurrence is no claim, so this
// check is guess's own: every held-out step, exact, with the first wrong one shown.
#pragma once
#include <string>
#include <vector>

#include "host/cli/guess_command.hpp"
#include "host/cli/guess_sweep.hpp"

namespace tv::host {

/// @brief Prints the recurrences of `m`'s slices and, unless `held_out` is empty (`why`
/// then says why), checks them there.  Returns 0 when every slice follows a recurrence
/// that holds at every held-out step checked (or is not checked, with a reason), 3 when a
/// slice has none or one fails, or the held-out run's error code.
int report_recurrences(const guess_request& r, const measured_sweep& m, const std::vector<std::string>& held_out,
                       const std::string& why);

}  // namespace tv::host
