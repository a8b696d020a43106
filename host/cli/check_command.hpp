// `topoverify check CLAIMS FAMILY key=VALUES...`: one claim question in one command.  The
// sweep (host/batch/sweep_args.hpp) runs small to large through the batch runner with the claims
// check alone, and the answer is the verdict summary (host/claims/summary.hpp):
//
//   topoverify check pn.thm3 postal lambda=3 n=1..20
//   topoverify check 'mc.*' metacube k=1..2 m=1..3 --json
//   topoverify check --claim 'radius == ceil(n/2)' efc n=4..30     (a claim of your own)
//
// Exit code 0 when no claim fails, 3 when some claim fails, 1 when an instance errored or
// the run was interrupted, 2 for bad input (nothing runs).  Without --output nothing is
// written; with it the records and the report go there, as `run --output` would write them.
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "host/run/progress.hpp"

namespace tv::host {

class rank_team;

struct check_request {
  std::string claims;               // an id or a glob: "pn.thm3", "pn.thm*"; "" with --claim alone
  std::vector<std::string> expressions;  // --claim: claims of the user's, written as expressions
  std::string when;                 // --when: their domain
  std::string family;
  std::vector<std::string> params;  // key=VALUES
  bool json = false;                // the summary as JSON on stdout
  bool fails_only = false;          // the summary lists the failing claims alone
  std::string backend = "auto";
  std::vector<std::string> sets;    // CHECK.KEY=VALUE; only claims.* apply here
  std::string time, memory;         // per-instance limits as in batch files ("10m", "4GiB")
  long long max_nodes = 0;          // 0: no limit (when not given)
  bool max_nodes_given = false;     // --max-nodes 0 is refused, as limits.max_nodes = 0 is
  std::string output;               // folder for records and report; "" writes nothing
  progress_verbosity verbosity = progress_verbosity::normal;  // --quiet / --verbose
};

/// @brief Registers the `check` subcommand and its options on `app`, filling `request`.
CLI::App* add_check_command(CLI::App& app, check_request& request);

/// @brief Runs the question and prints the summary; returns the exit code.  Bad input
/// raises input_error before any work.  Under mpirun (`team`), the ranks share the
/// instances as `run` does and rank 0 alone prints.
int run_check(const check_request& request, rank_team* team = nullptr);

/// What a caller of run_check may take back besides, or instead of, the printed summary
/// (`guess` measures its invariant and verifies its formulas through `check`).
struct check_outputs {
  bool print = true;                               // the summary on stdout
  nlohmann::ordered_json* summary = nullptr;       // the verdict summary
  std::vector<nlohmann::json>* records = nullptr;  // the records (without --output)
};
int run_check(const check_request& request, rank_team* team, const check_outputs& outputs);

}  // namespace tv::host
