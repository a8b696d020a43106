// One round of the broadcast engine at every node, and the seeding and reach count around
// the rounds of a batch (TV_HD functors, written once for both backends).
//
// Layout: W words per node, word-major (entry word * N + node), bit i of word w of a
// batch = the batch's source 64 w + i.  One round = one launch over (word, lane) items;
// a lane walks its nodes (contiguous on the CPU, strided on the GPU for coalescing) and
// for each node v pulls what its in-neighbors send it this round (the scheme's rule,
// broadcast_rules.inl), then
//     new = received & ~seen[v];  seen[v] |= new;  next_frontier[v] = new or received
// and keeps local sums (receptions, new) and the OR of `new` (which sources grew), merged
// into global counters with a few atomics per item.  The host owns the round loop
// (broadcast_impl.inl).
#pragma once
#include <cstdint>

#include "kernels/core/atomics.hpp"
#include "kernels/core/hd.hpp"

namespace tv::sim::detail {

enum bc_counter : int { bc_receptions, bc_new, bc_active, bc_reached, bc_count };

struct lane_plan {
  uint64_t lanes;
  bool strided;
  TV_HD void range(uint64_t nodes, uint64_t lane, uint64_t& b, uint64_t& e, uint64_t& step) const {
    if (strided) {
      b = lane;
      e = nodes;
      step = lanes;
    } else {
      const uint64_t chunk = (nodes + lanes - 1) / lanes;
      b = lane * chunk;
      e = b + chunk < nodes ? b + chunk : nodes;
      step = 1;
    }
  }
};

template <class Rule>
struct round_fn {
  Rule rule;
  lane_plan lp;
  uint64_t nodes;
  uint64_t* seen;
  uint64_t* next;
  uint64_t* next_up;  // may be null
  uint64_t* counters;
  uint64_t* grew;     // [W]

  TV_HD void operator()(uint64_t item) const {
    const uint64_t word = item / lp.lanes, lane = item % lp.lanes;
    uint64_t b, e, step;
    lp.range(nodes, lane, b, e, step);
    uint64_t rec = 0, fresh = 0, active = 0, g = 0;
    for (uint64_t v = b; v < e; v += step) {
      uint64_t recv = 0, up = 0;
      rule.pull(v, word, recv, up, rec);
      const uint64_t i = word * nodes + v;
      const uint64_t s = seen[i];
      const uint64_t nw = recv & ~s;
      if (nw) seen[i] = s | nw;
      const uint64_t f = Rule::every_reception ? recv : nw;
      next[i] = f;
      if (next_up) next_up[i] = up;
      fresh += static_cast<uint64_t>(core::popcount64(nw));
      active |= f;
      g |= nw;
    }
    if (rec) core::atomic_add(&counters[bc_receptions], rec);
    if (fresh) core::atomic_add(&counters[bc_new], fresh);
    if (active) core::atomic_or(&counters[bc_active], 1);
    if (g) core::atomic_or(&grew[word], g);
  }
};

/// End of a batch: sources reached per node, and which sources miss some node.
struct reach_fn {
  lane_plan lp;
  uint64_t nodes;
  const uint64_t* seen;
  const uint64_t* valid;
  uint64_t* counters;
  uint64_t* missing;  // [W]
  TV_HD void operator()(uint64_t item) const {
    const uint64_t word = item / lp.lanes, lane = item % lp.lanes;
    uint64_t b, e, step;
    lp.range(nodes, lane, b, e, step);
    uint64_t reached = 0, miss = 0;
    for (uint64_t v = b; v < e; v += step) {
      const uint64_t s = seen[word * nodes + v] & valid[word];
      reached += static_cast<uint64_t>(core::popcount64(s));
      miss |= ~s & valid[word];
    }
    if (reached) core::atomic_add(&counters[bc_reached], reached);
    if (miss) core::atomic_or(&missing[word], miss);
  }
};

/// Puts each source's bit into seen, frontier and (tree schemes) up_tag.
struct seed_fn {
  uint64_t nodes;
  const uint64_t* src;
  uint64_t* seen;
  uint64_t* frontier;
  uint64_t* up_tag;  // may be null
  TV_HD void operator()(uint64_t bit) const {
    const uint64_t s = src[bit];
    if (s == ~uint64_t{0}) return;
    const uint64_t i = (bit / 64) * nodes + s;
    const uint64_t m = uint64_t{1} << (bit % 64);
    seen[i] |= m;  // one source per (word, node): no two bits write the same entry
    frontier[i] |= m;
    if (up_tag) up_tag[i] |= m;
  }
};

/// One iteration of AlltoAllBroadcast (papers/003 Section 4) at every node.
struct all_to_all_fn {
  lane_plan lp;
  uint64_t nodes;
  int k;
  bool relay_new_only;
  const uint64_t* sets;  // S after the previous iteration
  uint64_t* next_sets;
  uint64_t* received;    // R
  uint64_t* load;        // [N]: messages on each out-link of a node this iteration
  uint64_t* counters;
  uint64_t* grew;
  TV_HD void operator()(uint64_t item) const {
    const uint64_t word = item / lp.lanes, lane = item % lp.lanes;
    uint64_t b, e, step;
    lp.range(nodes, lane, b, e, step);
    const uint64_t base = word * nodes;
    uint64_t rec = 0, fresh = 0, active = 0, g = 0;
    for (uint64_t y = b; y < e; y += step) {
      const uint64_t own = sets[base + y];
      if (own) core::atomic_add(&load[y], static_cast<uint64_t>(core::popcount64(own)));
      const uint64_t m0 = sets[base + (y >> 1)];
      const uint64_t m1 = sets[base + ((y >> 1) | (uint64_t{1} << (k - 1)))];
      const uint64_t recv = m0 | m1;
      rec += static_cast<uint64_t>(core::popcount64(m0) + core::popcount64(m1));
      const uint64_t r = received[base + y];
      const uint64_t nw = recv & ~r;
      if (nw) received[base + y] = r | nw;
      const uint64_t s = relay_new_only ? nw : recv;  // printed: S = union of what arrived
      next_sets[base + y] = s;
      fresh += static_cast<uint64_t>(core::popcount64(nw));
      active |= s;
      g |= nw;
    }
    if (rec) core::atomic_add(&counters[bc_receptions], rec);
    if (fresh) core::atomic_add(&counters[bc_new], fresh);
    if (active) core::atomic_or(&counters[bc_active], 1);
    if (g) core::atomic_or(&grew[word], g);
  }
};

}  // namespace tv::sim::detail
