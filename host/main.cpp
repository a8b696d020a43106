// topoverify entry point.
#include <unistd.h>

#include <cstdlib>

#include "host/cli.hpp"

namespace {

/// OpenMP threads that wait by spinning (libgomp's default) fight for the cores whenever
/// anything else runs on the machine: on 2 busy cores the all-pairs statistics of PN_2(20)
/// took 0.9-1.7 s spinning against 0.23 s sleeping (bench/RESULTS.md).  libgomp reads its
/// environment when it is loaded, before main, so the policy is set by starting again
/// with OMP_WAIT_POLICY=passive, unless the user chose a policy or a spin count.
void prefer_passive_openmp_waits(char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") || std::getenv("GOMP_SPINCOUNT")) return;
  if (::setenv("OMP_WAIT_POLICY", "passive", 1) != 0) return;
  ::execv("/proc/self/exe", argv);  // returns only on failure: go on with the default
}

}  // namespace

int main(int argc, char** argv) {
  prefer_passive_openmp_waits(argv);
  return tv::host::cli_main(argc, argv);
}
