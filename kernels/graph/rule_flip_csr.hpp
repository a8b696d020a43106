// The CSR graph of a rule family whose one neighbour rule is x ^ (1 << i) and whose
// members carry the bit-count directory (kernels/families/rule_family.hpp): the CPU's
// build, called by graph::build_csr (csr.cpp) in place of the general one, with the same
// graph.  A node's neighbours are the members among its bit flips: one pass finds them
// as a mask (bit d set: x ^ 2^d is a member) from the membership bits alone, without
// ranking, and the second ranks only those, already in ascending order.
#pragma once
#include "kernels/families/rule_family.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::graph {

/// Whether build_flip_rule_csr builds f's graph.
bool builds_as_flip_rule(const families::rule_family& f);

/// @brief The graph of a rule family that builds_as_flip_rule, on the CPU's threads.
csr_graph build_flip_rule_csr(const families::rule_family& f);

}  // namespace tv::graph
