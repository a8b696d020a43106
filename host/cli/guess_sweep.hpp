// The measuring half of `guess` (guess_command.hpp), and its held-out sweep: the invariant checked as an
// expression before any work, then measured on every instance of the sweep through
// `check` (the claim `(INVARIANT) == (INVARIANT)`, whose record entry carries the
// invariant's exact value, so a guess reads exactly what `check --claim` would), into the
// table the search reads.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "host/cli/check_command.hpp"
#include "host/cli/guess_command.hpp"
#include "host/guess/table.hpp"

namespace tv::host {

struct measured_sweep {
  guess::table table;
  std::vector<double> seconds;         // each row's instance: its wall time
  std::vector<std::string> left_out;   // "PN_3(30): why it has no value"
  std::vector<std::pair<std::string, std::string>> fixed;  // parameters with one value
  int rc = 0;                          // the run's exit code (0, or 1 for an error)
};

/// What is measured: the invariant's text, and with --each NAME=VALUES the name it may read
/// besides a claim's names and the values it takes (each value a column of the table).
struct invariant_spec {
  std::string text;
  std::string each;                // "" without --each
  std::vector<int64_t> each_values;
  /// @brief `text` (or any text) at one value of `each`: with_value (host/guess/formula.hpp).
  std::string at(const std::string& t, int64_t v) const;
};

/// @brief The invariant checked before any work: an expression of one integer or rational
/// value on `family`, which may read `each`'s name (NAME=VALUES, "" for none).
/// input_error otherwise: `invariant "TEXT": column C: MESSAGE`, or --each's problem.
invariant_spec parse_invariant(const std::string& invariant, const std::string& each, const std::string& family);

/// @brief The parameters the sweep varies, in the order the arguments give them;
/// input_error when none varies or a text or boolean one does.
std::vector<std::string> varying_parameters(const std::string& family, const std::vector<std::string>& params);

/// @brief The check that runs `r`'s family on the sweep `params` with `r`'s limits,
/// backend and verbosity (no claims yet).
check_request guess_check_request(const guess_request& r, const std::vector<std::string>& params);

/// @brief The arguments as the user wrote them: "lambda=3 n=1..16".
std::string sweep_text(const std::vector<std::string>& params);

/// @brief The sweep's arguments with those of `replacing` put in place of the same keys.
std::vector<std::string> replaced(const std::vector<std::string>& params, const std::vector<std::string>& replacing);

/// @brief The default held-out sizes as one argument `key=a..b`: the next values of the
/// last swept parameter, as many (up to ten) as `budget_s` allows, each instance's time
/// estimated from the largest two fitted sizes' times and their ratio, and as the family's
/// range allows.  Empty, with `why`, when not even one fits.
std::vector<std::string> default_held_out(const std::string& family, const std::vector<std::string>& params,
                                          const measured_sweep& m, double budget_s, std::string& why);

/// @brief Runs the sweep of `base` (its family, params, limits, backend, verbosity) with the
/// invariant as a claim (one per value of `each`) and reads its value from every record.
/// With `each`, its name is the table's first parameter.
measured_sweep measure_sweep(const check_request& base, const invariant_spec& invariant);

}  // namespace tv::host
