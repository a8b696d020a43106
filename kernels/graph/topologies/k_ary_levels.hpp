// The network both k-ary level families share (the fat tree's k-ary n-tree and the
// butterfly's k-ary n-fly), apart from topology.hpp so that the many files including that
// header do not depend on it.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "kernels/graph/topologies/topology.hpp"

namespace tv::graph::topologies {

/// @brief n levels (or stages) of k^(n-1) switches, joined by k^n links between each two
/// adjacent ones: the k-ary n-tree's and the k-ary n-fly's size.  std::invalid_argument
/// ("FAMILY: k = 1 must be at least 2", "... switches per LEVEL") for k < 2, n < 1, or more
/// than 2^40 switches in a level.
topology_shape k_ary_levels_shape(const std::string& family, const std::string& level, uint64_t k, uint64_t n);

/// @brief A network of k_ary_levels_shape (the k-ary n-tree, the k-ary n-fly): switch w
/// of a level (0 <= w < k^(n-1)) is named by n-1 base-k digits, and links join switch w
/// of level l to the k switches of level l + 1 named as w but for digit digit_between(l),
/// which the link's port sets.  `concentration` endpoints at each switch of
/// `endpoint_level`, none at the others; facts.construction is left to the family.
topology k_ary_levels_network(const topology_shape& shape, uint64_t k, uint64_t n,
                              const std::function<uint64_t(uint64_t level)>& digit_between,
                              uint64_t endpoint_level, uint32_t concentration);

}  // namespace tv::graph::topologies
