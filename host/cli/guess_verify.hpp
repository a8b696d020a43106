// The held-out half of `guess` (guess_command.hpp): each formula found runs as the claim
// `INVARIANT == FORMULA` of one `check` on sizes it was not fitted on (with --each, one
// claim per value of its name and of its next four, the name replaced by the value on
// both sides).
#pragma once
#include <string>
#include <vector>

#include "host/cli/guess_command.hpp"
#include "host/cli/guess_sweep.hpp"
#include "host/guess/search.hpp"

namespace tv::host {

/// @brief Runs the formulas on the sweep `held_out` and prints their verdicts (the check's
/// summary; with --each, one line per formula with its smallest counterexample).  Returns
/// `measured_rc` when some formula holds on every held-out instance, 3 when none does, or
/// the held-out run's error code.
int verify_formulas(const guess_request& r, const invariant_spec& spec, const std::vector<guess::guessed>& found,
                    const std::vector<std::string>& held_out, int measured_rc);

}  // namespace tv::host
