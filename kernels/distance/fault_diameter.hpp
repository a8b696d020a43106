// The fault diameter of a materialized network: the largest diameter of the graph left
// after removing any set of `failures` nodes (1 or 2), each left graph measured by the
// all-pairs engine (all_pairs.hpp).  Exact by orbits when the failed sets' classes under
// proved automorphisms (graph/label_automorphisms.hpp) fit the budget of all-pairs runs:
// an automorphism carries G - F onto G - g(F), so both have one diameter; otherwise a
// seeded sample of failed sets, labelled as such.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::distance {

struct fault_diameter_options {
  int failures = 1;        // nodes removed at once: 1 or 2
  uint64_t budget = 64;    // all-pairs runs allowed; a sample of this many sets beyond it
  uint64_t seed = 1;       // of the sample
  bool symmetry = true;    // classes of failed sets under proved automorphisms
  int words = 0;           // W of the all-pairs runs (all_pairs_options::words)
  core::run_control control;  // progress (runs done / planned) and stop requests
};

struct fault_diameter_result {
  bool exact = false;             // every failed set is covered (by orbits)
  uint64_t failed_sets = 0;       // M: the sets of `failures` nodes, C(N, failures)
  uint64_t planned = 0;           // sets to run: the classes (exact) or the sample
  uint64_t runs = 0;              // all-pairs runs made
  std::vector<std::string> automorphisms;  // proved maps the classes come from
  bool stays_connected = true;    // every set run leaves the graph (strongly) connected
  uint32_t fault_diameter = 0;    // the largest diameter left (when stays_connected)
  std::vector<uint32_t> worst_set;  // a set attaining it, or the first that disconnects
};

/// @brief The fault diameter of g for opt.failures failed nodes; stops at the first
/// failed set that disconnects g (the fault diameter is then infinite).  Raises
/// std::invalid_argument when g has fewer than failures + 1 nodes or failures is not 1
/// or 2, core::interrupted on a stop request.
fault_diameter_result fault_diameter(core::backend b, const graph::csr_graph& g,
                                     const fault_diameter_options& opt);

/// @brief The failed sets the run covers, without running them: the classes'
/// representatives when exact, else the sample (each set ascending, the list sorted).
std::vector<std::vector<uint32_t>> failed_sets_to_run(const graph::csr_graph& g,
                                                      const fault_diameter_options& opt,
                                                      fault_diameter_result& plan);

}  // namespace tv::distance
