// The exact bisection width of a small graph (bisection.hpp): every split into halves of
// floor(N/2) and ceil(N/2) nodes, the smaller half as a bit mask walked in increasing
// order with Gosper's hack, its crossing arcs counted by popcounts of adjacency masks.
#include <stdexcept>
#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/graph/bisection.hpp"

namespace tv::graph {

uint64_t exact_bisection_width(const csr_graph& g, std::vector<uint32_t>& side, uint64_t& splits,
                               const core::run_control& control) {
  const uint64_t n = g.nodes;
  if (n > exact_bisection_limit)
    throw std::invalid_argument("bisection: exact enumeration goes up to N = " +
                                std::to_string(exact_bisection_limit) + ", not " + std::to_string(n));
  side.clear();
  splits = 1;
  const uint64_t half = n / 2;
  if (half == 0) return 0;  // no node or one: the empty split, nothing crosses
  std::vector<uint64_t> out(n, 0);  // out[u]: bit v set for each arc u -> v
  for (uint64_t u = 0; u < n; ++u)
    for (uint64_t a = g.offsets[u]; a < g.offsets[u + 1]; ++a) out[u] |= uint64_t{1} << g.targets[a];
  const uint64_t everyone = (uint64_t{1} << n) - 1;
  // With N even a split and its complement are the same cut: keeping the last node out of
  // the mask halves the walk.  With N odd the halves differ in size: every mask counts.
  const uint64_t end = uint64_t{1} << (n % 2 == 0 ? n - 1 : n);
  uint64_t best = ~uint64_t{0}, best_mask = 0;
  splits = 0;
  for (uint64_t mask = (uint64_t{1} << half) - 1; mask < end;) {
    uint64_t crossing = 0;  // arcs leaving the mask, and arcs entering it
    for (uint64_t u = 0; u < n; ++u)
      crossing += core::popcount64(out[u] & ((mask >> u) & 1 ? everyone & ~mask : mask));
    if (crossing < best) {
      best = crossing;
      best_mask = mask;
    }
    if ((++splits & 0xFFFFF) == 0 && control.stop_requested()) throw core::interrupted("bisection stopped");
    const uint64_t lowest = mask & (~mask + 1), ripple = mask + lowest;  // the next mask with
    mask = (((ripple ^ mask) >> 2) / lowest) | ripple;                   // as many bits
  }
  for (uint64_t v = 0; v < n; ++v)
    if ((best_mask >> v) & 1) side.push_back(static_cast<uint32_t>(v));
  return g.directed ? best : best / 2;  // an undirected edge crosses as two arcs
}

}  // namespace tv::graph
