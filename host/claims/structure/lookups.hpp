// Lookups the claims make in a small graph: the rank of a label and whether an arc exists
// (host/claims/structure/lookups.cpp).  The graphs themselves are built with
// kernels/graph/builders.hpp.  Host code, claim-sized.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/graph/csr.hpp"

namespace tv::host::claims {

/// Marks a parent or mapping entry that names no node.
inline constexpr uint64_t no_node = ~uint64_t{0};

/// @brief True when u -> v is an arc (rows are sorted: binary search).
bool has_arc(const graph::csr_graph& g, uint64_t u, uint64_t v);

/// @brief Rank of a label in g (labels ascending), or no_node.
uint64_t rank_of(const graph::csr_graph& g, uint64_t label);

}  // namespace tv::host::claims
