// Orders of nodes and labels: the Hamiltonian-cycle check and the Gray-code check (see
// structure.hpp).
#include "host/claims/structure.hpp"

#include <algorithm>

#include "kernels/core/hd.hpp"

namespace tv::host::claims {

// ---- Orders -----------------------------------------------------------------------------

order_report check_hamiltonian_cycle(const graph::csr_graph& g, const std::vector<uint64_t>& order) {
  order_report r;
  const uint64_t n = g.nodes;
  if (n < 3) {
    r.problem = "a cycle needs at least 3 nodes; the graph has " + std::to_string(n);
    return r;
  }
  if (order.size() != n) {
    r.problem = "the order lists " + std::to_string(order.size()) + " nodes; the graph has " +
                std::to_string(n);
    r.position = std::min<uint64_t>(order.size(), n);
    return r;
  }
  std::vector<uint8_t> seen(n, 0);
  for (uint64_t i = 0; i < n; ++i) {
    if (order[i] >= n) {
      r.problem = "position " + std::to_string(i) + " names no node";
      r.position = i;
      return r;
    }
    if (seen[order[i]]++) {
      r.problem = "position " + std::to_string(i) + " repeats a node";
      r.position = i;
      return r;
    }
  }
  for (uint64_t i = 0; i < n; ++i)
    if (!has_arc(g, order[i], order[(i + 1) % n])) {
      r.problem = "positions " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                  " are not adjacent";
      r.position = i;
      return r;
    }
  r.ok = true;
  return r;
}

order_report check_gray_code(const std::vector<uint64_t>& labels, bool cyclic) {
  order_report r;
  std::vector<uint64_t> sorted = labels;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    std::vector<uint64_t> seen;
    for (uint64_t i = 0; i < labels.size(); ++i) {
      if (std::find(seen.begin(), seen.end(), labels[i]) != seen.end()) {
        r.problem = "position " + std::to_string(i) + " repeats a label";
        r.position = i;
        return r;
      }
      seen.push_back(labels[i]);
    }
  }
  const uint64_t n = labels.size();
  const uint64_t steps = cyclic ? (n > 2 ? n : n - (n > 0)) : (n ? n - 1 : 0);
  for (uint64_t i = 0; i < steps; ++i) {
    const uint64_t a = labels[i], b = labels[(i + 1) % n];
    if (core::popcount64(a ^ b) != 1) {
      r.problem = "positions " + std::to_string(i) + " and " + std::to_string((i + 1) % n) +
                  " differ in " + std::to_string(core::popcount64(a ^ b)) + " bits";
      r.position = i;
      return r;
    }
  }
  r.ok = true;
  return r;
}

}  // namespace tv::host::claims
