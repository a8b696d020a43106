// topoverify entry point: the process-wide setup (OpenMP waits, write errors reported
// instead of fatal signals, the environment checked) around the command line, and the
// final check that everything written to stdout and stderr arrived.
#include <cstdlib>
#include <iostream>

#include "host/cli/cli.hpp"
#include "host/cli/environment_checks.hpp"
#include "host/errors.hpp"
#include "host/records/checked_io.hpp"
#include "host/run/rank_team.hpp"

#include <unistd.h>

#include <string>

namespace {

/// OpenMP threads that wait by spinning (libgomp's default) fight for the cores whenever
/// anything else runs on the machine: on 2 busy cores the all-pairs statistics of PN_2(20)
/// took 0.9-1.7 s spinning against 0.23 s sleeping (bench/RESULTS.md).  So topoverify
/// waits passively unless the user chose a policy or a spin count.  libgomp reads the
/// variable once, in its own initializer.
bool user_chose_waits() { return std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT"); }

#if defined(TOPOVERIFY_OPENMP_STATIC)
// libgomp is linked in statically (CMakeLists.txt): its initializer is one of this
// program's constructors, of default priority, so this one (priority 101) runs first.
// The environment is checked here too, before libgomp reads OMP_NUM_THREADS and prints
// its own line about a value it cannot use ("libgomp: Invalid value ...").  std::cerr
// may not exist yet: the refusal is written to the descriptor.
[[gnu::constructor(101)]] void prefer_passive_openmp_waits() {
  try {
    tv::host::check_environment();
  } catch (const tv::host::input_error& e) {
    const std::string line = std::string("topoverify: error: ") + e.what() + "\n";
    if (::write(STDERR_FILENO, line.data(), line.size()) < 0) {
    }
    ::_exit(tv::host::exit_bad_input);
  }
  if (!user_chose_waits()) ::setenv("OMP_WAIT_POLICY", "passive", 0);
}
#else
// A shared libgomp is initialized before any of this program's code runs: start again
// with the variable set (execv returns only on failure; then go on with the default).
void prefer_passive_openmp_waits(char** argv) {
  if (user_chose_waits() || ::setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
  ::execv("/proc/self/exe", argv);
}
#endif

}  // namespace

int main(int argc, char** argv) {
#if !defined(TOPOVERIFY_OPENMP_STATIC)
  prefer_passive_openmp_waits(argv);
#endif
  tv::host::report_write_errors_instead_of_dying();
  try {
    tv::host::check_environment();
  } catch (const tv::host::input_error& e) {
    std::cerr << "topoverify: error: " << e.what() << "\n";
    return tv::host::finish_standard_streams(tv::host::exit_bad_input);
  }
  // Under mpirun or srun (and with MPI built in): one of several ranks; rank 0 alone prints.
  const std::unique_ptr<tv::host::rank_team> team = tv::host::join_ranks(argc, argv);
  const int code = tv::host::cli_main(argc, argv, team.get());
  if (team) team->end(false, code);
  return tv::host::finish_standard_streams(code);
}
