// `topoverify guess INVARIANT FAMILY key=VALUES...`: from a sweep's numbers to the
// simplest closed forms they follow, each tested on sizes it did not see (issue 34,
// docs/guess.md).
//
//   topoverify guess diameter postal lambda=3 n=1..16
//   topoverify guess wiener hypercube n=1..10 --verify n=11..14
//   topoverify guess 'count(degree == k)' postal lambda=2 n=4..16 --each k=1..6
//
// The invariant is measured on every instance through `check` (its value on an instance is
// the claims check's, exact), the search (host/guess/search.hpp) finds every formula of its
// grammar that equals it on every instance, and each formula printed then runs as the claim
// `INVARIANT == FORMULA` on held-out sizes: those of --verify, or by default the next sizes
// of the last swept parameter that fit a time budget.  When no formula fits, the linear
// recurrences the sweep follows (guess_recurrences.hpp).  Exit code 0 when a formula (or a
// recurrence) fits and holds on every held-out instance, 3 when nothing fits or all fail,
// 1 when an instance errored or the run was interrupted, 2 for bad input (nothing runs).
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "host/run/progress.hpp"

namespace tv::host {

struct guess_request {
  std::string invariant;            // an integer or rational expression: diameter, wiener / N
  std::string family;
  std::vector<std::string> params;  // key=VALUES: the sweep fitted on
  std::string each;                 // --each NAME=VALUES: a name the invariant reads, a column per value
  std::vector<std::string> verify;  // key=VALUES replacing the sweep's for the held-out run
  bool no_verify = false;
  std::string verify_budget = "60s";  // the default held-out sizes' estimated time
  int most = 5;                     // formulas shown at most
  bool table = false;               // print the measured table too
  std::string backend = "auto";
  std::string time, memory;         // per-instance limits as in batch files
  long long max_nodes = 0;          // 0: no limit (when not given)
  bool max_nodes_given = false;
  progress_verbosity verbosity = progress_verbosity::normal;
};

/// @brief Registers the `guess` subcommand and its options on `app`, filling `request`.
CLI::App* add_guess_command(CLI::App& app, guess_request& request);

/// @brief Measures, searches, prints the formulas and verifies them; returns the exit code.
int run_guess(const guess_request& request);

}  // namespace tv::host
