// `topoverify compare NETWORK...`: several topologies side by side over a range of sizes.
// Each NETWORK is a family with its sweep in one argument ("torus k=4 n=2..6"); every
// instance runs the checks the metrics need (host/batch/comparison.hpp) through the batch
// runner, so progress, limits and signals behave as in `run`, and the answer is the
// comparison table (host/report/comparison.hpp), ordered by N:
//
//   topoverify compare "postal lambda=2 n=8..14" "torus k=4 n=3..5" "foldedcube n=6..12"
//   topoverify compare "kautz d=2 k=4..9" "debruijn k=5..10" --metrics diameter,average_distance
//
// Without --output nothing is written; with it the records and the report (the table and
// the charts of diameter, average distance and link load against N) go there.
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "host/run/progress.hpp"

namespace tv::host {

class rank_team;

struct compare_request {
  std::vector<std::string> networks;  // "FAMILY key=VALUES ..."
  std::vector<std::string> metrics;   // --metrics a,b (CLI11 splits it); empty = every metric this build has
  long long all_pairs_up_to = 0;      // 0: the default (when not given)
  bool all_pairs_up_to_given = false;  // given as 0 it is refused, as in a [[compare]] table
  bool json = false;                  // the table as JSON on stdout
  std::string backend = "auto";
  std::string output;                 // folder for records and report; "" writes nothing
  bool resume = false;                // continue an interrupted comparison in --output
  progress_verbosity verbosity = progress_verbosity::normal;
};

/// @brief Registers the `compare` subcommand and its options on `app`, filling `request`.
CLI::App* add_compare_command(CLI::App& app, compare_request& request);

/// @brief Runs the comparison and prints its table; returns the exit code.  Bad input
/// raises input_error before any work.  Under mpirun (`team`), the ranks share the
/// instances as `run` does and rank 0 alone prints.
int run_compare(const compare_request& request, rank_team* team = nullptr);

}  // namespace tv::host
