// The topoverify command line (CLI11): list, info, run.  main() only calls cli_main so
// tests can drive the same code.
#pragma once
#include <string>
#include <vector>

namespace tv::host {

class rank_team;  // host/run/rank_team.hpp

/// @brief Runs the command line; returns the exit code (see errors.hpp).  With `team`
/// (several MPI ranks), `run` shares its instances among them; rank 0 alone runs the other
/// commands, the other ranks only wait for it to end.
int cli_main(int argc, char** argv, rank_team* team = nullptr);

}  // namespace tv::host
