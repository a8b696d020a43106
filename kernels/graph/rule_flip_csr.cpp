// The CSR build of a rule family written x ^ (1 << i) (see rule_flip_csr.hpp).  The
// general build (csr_impl.inl) asks every flip whether it is a member and ranks it, twice
// (degrees, then rows), behind a branch as unpredictable as the predicate; here the
// membership bits of a node's flips are gathered without branches into its mask, whose
// bits give its degree, and the rows rank only the flips that are members.
#include "kernels/graph/rule_flip_csr.hpp"

#include <omp.h>

#include <string>

#include "kernels/core/hd.hpp"
#include "kernels/core/memory.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/families/rule_members.hpp"

namespace tv::graph {

namespace {

/// f(i) for i in [0, n) on the CPU's threads, polling the stop request every 2^22 nodes
/// (a graph of 10^8 nodes takes minutes: SIGINT or a time limit must not wait for it).
template <class F>
void for_each_node(uint64_t n, const F& f) {
  constexpr uint64_t chunk = uint64_t{1} << 22;
  for (uint64_t base = 0; base < n; base += chunk) {
    core::poll_stop("building the graph");
    const uint64_t end = n - base < chunk ? n : base + chunk;
#pragma omp parallel for schedule(dynamic, 1024)
    for (uint64_t i = base; i < end; ++i) f(i);
  }
}

}  // namespace

bool builds_as_flip_rule(const families::rule_family& f) {
  return f.flips_dimensions_only() && f.members && f.member_bits;
}

csr_graph build_flip_rule_csr(const families::rule_family& f) {
  const uint64_t n = f.size();
  const int bits = f.bits();
  const uint64_t* member_bits = f.member_bits;
  const uint32_t* member_below = f.member_below;
  csr_graph g;
  g.nodes = n;
  g.directed = false;
  // member_bits exists only for label spaces of rule_kept_answer_bits or fewer: a mask
  // of flips fits in 32 bits.
  static_assert(families::rule_kept_answer_bits <= 32, "a node's flips must fit a 32-bit mask");
  core::require_bytes(core::backend::cpu, 4 * n, "building the graph: N = " + std::to_string(n) +
                                                     ": the members among each node's flips");
  std::vector<uint32_t> masks(n);
  g.labels.resize(n);
  g.offsets.assign(n + 1, 0);
  for_each_node(n, [&](uint64_t i) {
    const uint64_t x = f.members[i];
    uint32_t mask = 0;
    for (int d = 0; d < bits; ++d) {
      const uint64_t y = x ^ (uint64_t{1} << d);
      mask |= static_cast<uint32_t>((member_bits[y >> 6] >> (y & 63)) & 1) << d;
    }
    g.labels[i] = x;
    masks[i] = mask;
    g.offsets[i + 1] = static_cast<uint64_t>(core::popcount64(mask));
  });
  for (uint64_t i = 0; i < n; ++i) g.offsets[i + 1] += g.offsets[i];
  core::require_bytes(core::backend::cpu, 4 * g.offsets[n], "building the graph: N = " + std::to_string(n));
  g.targets.resize(g.offsets[n]);
  for_each_node(n, [&](uint64_t i) {
    const uint64_t x = g.labels[i];
    uint32_t* out = g.targets.data() + g.offsets[i];
    auto rank = [&](uint64_t y) {
      const uint64_t w = y >> 6;
      return member_below[w] + static_cast<uint32_t>(core::popcount64(member_bits[w] & core::low_mask(y & 63)));
    };
    // Ascending without a sort: the flips of x's 1-bits are below x, the highest bit's
    // lowest; those of its 0-bits above x, the lowest bit's lowest.
    for (uint64_t down = uint64_t{masks[i]} & x; down; down ^= uint64_t{1} << core::msb64(down))
      *out++ = rank(x ^ (uint64_t{1} << core::msb64(down)));
    for (uint64_t up = uint64_t{masks[i]} & ~x; up; up &= up - 1) *out++ = rank(x ^ (uint64_t{1} << core::ctz64(up)));
  });
  return g;
}

}  // namespace tv::graph
