// One thread's batch of the batched shortest-path link loads (link_load_batched.hpp):
// 64 W targets from their bit-parallel BFS (each claim a lane's hop toward its next node,
// the pair's own unit on its arc) to the subtree counts that add the routes through each
// node to its arc.  The threads' loop over the batches, the sizes and the entry point are
// link_load_batched.cpp's; this header is included there alone.  CPU only.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "kernels/core/hd.hpp"
#include "kernels/core/huge_pages.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/link_load.hpp"
#include "kernels/sim/link_load_lanes.hpp"
#include "kernels/sim/sim_common.hpp"

#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace tv::sim::detail::batched {

using namespace lanes;

constexpr uint64_t salt = 0x4C4C;  // the hashed tie-break's fourth word (link_load_impl.inl)

/// Arcs ahead whose neighbour's frontier row a pull asks the cache for.
constexpr uint64_t prefetch_arcs = 16;

/// One thread's state for batches of L = 64 W targets, reused batch after batch.
template <int W>
class batch_worker {
 public:
  static constexpr uint64_t L = 64 * W;

  batch_worker(const graph::csr_graph& g, const shortest_path_rule& rule)
      : n_(g.nodes), arcs_(g.arcs()), off_(g.offsets.data()), adj_(g.targets.data()), rule_(rule),
        seen_(n_ * W), cur_(n_ * W), nxt_(n_ * W), active_cur_(n_), active_nxt_(n_), saturated_(n_),
        stride_(lane_stride(n_)), hop_store_(L * stride_ + hops_per_line),
        leaf_store_(L * stride_ + leaves_per_line), subtree_(n_) {
    // Lanes' rows start on cache lines (stride_ is a multiple of leaves_per_line), as
    // stream_line needs: the blocks are malloc's below 256 KiB, 16-byte aligned.
    hops_ = hop_store_.data() + (64 - reinterpret_cast<uintptr_t>(hop_store_.data()) % 64) % 64 / sizeof(hop);
    leaves_ = leaf_store_.data() + (64 - reinterpret_cast<uintptr_t>(leaf_store_.data()) % 64) % 64 / sizeof(uint32_t);
  }

  /// Targets first .. first + count - 1 (count <= L), or those entries of `list` when
  /// given: their loads into `loads`, their pairs into the totals.
  void run(uint64_t first, uint64_t count, uint64_t* loads, const uint32_t* list = nullptr) {
    first_ = first;
    list_ = list;
    count_ = count;
    loads_ = loads;
    const uint64_t guess = deepest_;
    if (!bfs(guess, 0)) bfs(0, guess);  // a lane past the guess: again, its units up to it are in
#if defined(__SSE2__)
    _mm_sfence();  // the streamed lines before count_lane reads them
#endif
    for (uint64_t i = 0; i < count_; ++i) count_lane(i);
  }

  uint64_t routed = 0, unrouted = 0, hops = 0, first_unrouted = ~uint64_t{0};

 private:
  /// The batch's BFS, level by level.  Level `leaf_level` (0: none) is taken to be the
  /// deepest: its nodes are leaves of their lanes' trees, whose hops need only the next
  /// node (4 bytes, leaves_).  False, with no unit added past leaf_level, when a lane goes
  /// deeper after all.  Levels up to `units_added` add no units: an earlier, false try
  /// added them, the same (the routes do not depend on the try).
  bool bfs(uint64_t leaf_level, uint64_t units_added) {
    seed();
    for (uint64_t level = 1;; ++level) {
      leaf_ = level == leaf_level;
      units_ = level > units_added && (leaf_level == 0 || level <= leaf_level);
      if (leaf_) start_leaves();
      bool grew = false;
      for (uint64_t v = 0; v < n_; ++v) grew |= rule_.tie == tie_break::hashed ? pull_hashed(v) : pull_lowest(v);
      if (!grew) break;
      if (leaf_level && level > leaf_level) return false;
      deepest_ = std::max(deepest_, level);
      cur_.swap(nxt_);
      active_cur_.swap(active_nxt_);
    }
    // Each lane's last line, whole (a row holds its hops rounded up to a line).
    for (uint64_t i = 0; i < count_; ++i) {
      if (!leaves_started_ || level_start_[i] == reached_[i]) {
        const uint64_t k = (reached_[i] - 1) / hops_per_line * hops_per_line;
        std::memcpy(&hops_[i * stride_ + k], line_[i], sizeof line_[i]);
      } else {
        const uint64_t k = (reached_[i] - level_start_[i] - 1) / leaves_per_line * leaves_per_line;
        std::memcpy(&leaves_[i * stride_ + k], leaf_line_[i], sizeof leaf_line_[i]);
      }
    }
    return true;
  }

  /// Before the leaf level: each lane's line of hops out, whole, and its leaves start.
  void start_leaves() {
    for (uint64_t i = 0; i < count_; ++i) {
      const uint64_t k = (reached_[i] - 1) / hops_per_line * hops_per_line;
      std::memcpy(&hops_[i * stride_ + k], line_[i], sizeof line_[i]);
      level_start_[i] = reached_[i];
    }
    leaves_started_ = true;
  }

  void seed() {
    std::fill(seen_.begin(), seen_.end(), uint64_t{0});
    std::fill(active_cur_.begin(), active_cur_.end(), uint8_t{0});
    std::fill(saturated_.begin(), saturated_.end(), uint8_t{0});
    std::fill(full_, full_ + W, uint64_t{0});
    std::fill(reached_, reached_ + L, uint64_t{0});
    leaves_started_ = false;
    for (uint64_t i = 0; i < count_; ++i) full_[i / 64] |= uint64_t{1} << (i % 64);
    for (uint64_t i = 0; i < count_; ++i) {
      const uint64_t t = target(i);
      std::fill_n(&cur_[t * W], W, uint64_t{0});
      cur_[t * W + i / 64] = uint64_t{1} << (i % 64);
      seen_[t * W + i / 64] = uint64_t{1} << (i % 64);
      active_cur_[t] = 1;
      line_[i][0] = pack_hop(t, 0, 0);
      reached_[i] = 1;
      level_start_[i] = 1;
    }
  }

  /// Lane i's target.
  uint64_t target(uint64_t i) const { return list_ ? list_[first_ + i] : first_ + i; }

  /// Lanes m (of word w) go from v to y, by arc a: each appended to its lane's BFS order,
  /// so that a lane's hops are by level, and by node within a level.  The pairs' own units
  /// go onto the arc now, in v's block of the loads, in one addition (count_lane adds the
  /// units routed through v, where there are any).
  TV_FORCEINLINE void claim(uint64_t m, int w, uint64_t v, uint32_t y, uint64_t a) {
    if (leaf_) {
      for_each_bit(m, 64 * static_cast<uint64_t>(w), [&](uint64_t i) {
        const uint64_t k = reached_[i]++ - level_start_[i];
        if (k % leaves_per_line == 0 && k) stream_line(&leaves_[i * stride_ + k - leaves_per_line], leaf_line_[i]);
        leaf_line_[i][k % leaves_per_line] = y;
        claimed_by_[i] = static_cast<uint32_t>(a);
      });
    } else {
      const hop h = pack_hop(v, y, a - off_[v]);
      for_each_bit(m, 64 * static_cast<uint64_t>(w), [&](uint64_t i) {
        const uint64_t k = reached_[i]++;
        if (k % hops_per_line == 0) stream_line(&hops_[i * stride_ + k - hops_per_line], line_[i]);  // k > 0: the seed's
        line_[i][k % hops_per_line] = h;
        claimed_by_[i] = static_cast<uint32_t>(a);
      });
    }
    if (units_) loads_[a] += static_cast<uint64_t>(core::popcount64(m));
  }

  /// Lane i's next hop from v is y after all (pull_hashed): v's hop, the lane's last
  /// (not yet streamed: the next claim does), and its unit moves from the arc claim chose to a.
  TV_FORCEINLINE void reclaim(uint64_t i, uint64_t v, uint32_t y, uint64_t a) {
    if (leaf_) leaf_line_[i][(reached_[i] - level_start_[i] - 1) % leaves_per_line] = y;
    else line_[i][(reached_[i] - 1) % hops_per_line] = pack_hop(v, y, a - off_[v]);
    if (units_) {
      --loads_[claimed_by_[i]];
      ++loads_[a];
    }
  }

  /// Ends v's level: `now` is its seen row with this level's new bits.
  TV_FORCEINLINE bool settle(uint64_t v, const uint64_t* now, bool grew) {
    if (!grew) {
      active_nxt_[v] = 0;
      return false;
    }
    bool all = true;
    for (int w = 0; w < W; ++w) {
      nxt_[v * W + w] = now[w] & ~seen_[v * W + w];
      seen_[v * W + w] = now[w];
      all &= now[w] == full_[w];
    }
    active_nxt_[v] = 1;
    saturated_[v] = all;
    return true;
  }

  /// Lowest index: in row order, each neighbour claims the new targets it is one step
  /// closer to that no earlier neighbour claimed.
  bool pull_lowest(uint64_t v) {
    if (saturated_[v]) {
      active_nxt_[v] = 0;
      return false;
    }
    uint64_t claimed[W];
    std::memcpy(claimed, &seen_[v * W], sizeof claimed);
    bool grew = false;
    for (uint64_t a = off_[v], end = off_[v + 1]; a < end; ++a) {
      const uint32_t y = adj_[a];
      if (a + prefetch_arcs < arcs_) __builtin_prefetch(&cur_[uint64_t{adj_[a + prefetch_arcs]} * W]);
      if (!active_cur_[y]) continue;
      const uint64_t* row = &cur_[uint64_t{y} * W];
      uint64_t c[W];
      uint64_t any = 0;
      for (int w = 0; w < W; ++w) any |= c[w] = row[w] & ~claimed[w];
      if (!any) continue;
      grew = true;
      bool all = true;
      for (int w = 0; w < W; ++w) {
        if (c[w]) claim(c[w], w, v, y, a);
        claimed[w] |= c[w];
        all &= claimed[w] == full_[w];
      }
      if (all) break;
    }
    return settle(v, claimed, grew);
  }

  /// Hashed: one scan counts each new target's closer neighbours and, as the lowest
  /// index would, gives it the first; a target with more than one gets, in a second scan,
  /// the (hash4(seed, v, t, salt) mod count)-th of them in row order instead.
  bool pull_hashed(uint64_t v) {
    if (saturated_[v]) {
      active_nxt_[v] = 0;
      return false;
    }
    const uint64_t* seen = &seen_[v * W];
    uint64_t claimed[W];
    std::memcpy(claimed, seen, sizeof claimed);
    bool grew = false;
    for (uint64_t a = off_[v], end = off_[v + 1]; a < end; ++a) {
      const uint32_t y = adj_[a];
      if (a + prefetch_arcs < arcs_) __builtin_prefetch(&cur_[uint64_t{adj_[a + prefetch_arcs]} * W]);
      if (!active_cur_[y]) continue;
      const uint64_t* row = &cur_[uint64_t{y} * W];
      for (int w = 0; w < W; ++w) {
        const uint64_t c = row[w] & ~seen[w];
        if (!c) continue;
        grew = true;
        add_ones16(&closer_[64 * w], c);
        if (c & ~claimed[w]) claim(c & ~claimed[w], w, v, y, a);
        claimed[w] |= c;
      }
    }
    if (!grew) return settle(v, nullptr, false);
    uint64_t many[W], any = 0;
    for (int w = 0; w < W; ++w) {
      many[w] = above_one16(&closer_[64 * w]);  // only new targets count
      any |= many[w];
      for_each_bit(many[w], 64 * w, [&](uint64_t i) {
        closer_[i] = static_cast<uint16_t>(hash4(rule_.seed, v, target(i), salt) % closer_[i]);
      });
    }
    for (uint64_t a = off_[v], end = off_[v + 1]; a < end && any; ++a) {
      const uint32_t y = adj_[a];
      if (!active_cur_[y]) continue;
      const uint64_t* row = &cur_[uint64_t{y} * W];
      any = 0;
      for (int w = 0; w < W; ++w) {
        if (const uint64_t m = row[w] & many[w]) {
          const uint64_t taken = take_zero16(&closer_[64 * w], m);
          for_each_bit(taken, 64 * w, [&](uint64_t i) { reclaim(i, v, y, a); });
          many[w] &= ~taken;
        }
        any |= many[w];
      }
    }
    for (int w = 0; w < W; ++w) clear16(&closer_[64 * w], claimed[w] & ~seen[w]);
    return settle(v, claimed, true);
  }

  /// Lane i, deepest first: each node passes its routed sources (itself and those routed
  /// through it) to its next hop, and adds those routed through it to its arc (its own
  /// unit is there since claim): only a tree's inner nodes, a few in a hundred at 10^5
  /// routers, touch the loads here.  An array of N counts that stays in cache (0 but
  /// while a lane runs: a node's is read once, and zeroed).
  void count_lane(uint64_t i) {
    const uint64_t t = target(i);
    const hop* h = &hops_[i * stride_];
    const uint64_t reached = reached_[i];
    // The leaves first (the deepest level, if bfs took one): one source each, none through.
    const uint64_t leaves = leaves_started_ ? reached - level_start_[i] : 0;
    const uint32_t* leaf = &leaves_[i * stride_];
    for (uint64_t k = 0; k < leaves; ++k) ++subtree_[leaf[k]];
    uint64_t sum = leaves;
    for (uint64_t k = reached - leaves - 1; k >= 1; --k) {
      const uint32_t x = hop_node(h[k]);
      const uint32_t through = subtree_[x];
      subtree_[x] = 0;
      subtree_[hop_next(h[k])] += through + 1;
      if (through) loads_[off_[x] + hop_row(h[k])] += through;
      sum += through + 1;
    }
    subtree_[t] = 0;
    hops += sum;
    routed += reached - 1;
    if (reached < n_) {
      unrouted += n_ - reached;
      uint64_t s = 0;
      while ((seen_[s * W + i / 64] >> (i % 64)) & 1) ++s;
      first_unrouted = std::min(first_unrouted, s * n_ + t);
    }
  }

  uint64_t n_, arcs_;
  const uint64_t* off_;
  const uint32_t* adj_;
  shortest_path_rule rule_;
  uint64_t first_ = 0, count_ = 0;
  uint64_t* loads_ = nullptr;  // this thread's loads (run)
  const uint32_t* list_ = nullptr;  // the targets when not all (run)
  uint64_t full_[W] = {};
  std::vector<uint64_t> seen_, cur_, nxt_;  // [node][word]
  std::vector<uint8_t> active_cur_, active_nxt_, saturated_;
  uint64_t stride_;                 // hops per lane, padded (lane_stride)
  std::vector<hop, core::huge_page_allocator<hop>> hop_store_;  // hops_'s memory, not cleared
  hop* hops_ = nullptr;  // [lane][k]: the lane's BFS order, reached_[lane] hops, 64-byte aligned
  alignas(64) hop line_[L][hops_per_line] = {};  // [lane]: the line its next hops go to, streamed when full
  std::vector<uint32_t, core::huge_page_allocator<uint32_t>> leaf_store_;  // leaves_'s memory, not cleared
  uint32_t* leaves_ = nullptr;  // [lane][k]: the next node of each leaf hop, 64-byte aligned
  alignas(64) uint32_t leaf_line_[L][leaves_per_line] = {};  // [lane]: as line_, for its leaves
  uint64_t level_start_[L] = {};  // [lane]: its reached nodes before the leaf level
  uint32_t claimed_by_[L] = {};   // [lane]: the arc of its last claim (reclaim moves the unit)
  uint64_t deepest_ = 0;          // the deepest level of this thread's batches so far
  bool leaf_ = false, units_ = true;  // bfs's level: the leaf level; adding units
  bool leaves_started_ = false;       // bfs reached its leaf level
  std::vector<uint32_t> subtree_;  // [node], count_lane's scratch
  uint64_t reached_[L] = {};
  alignas(64) uint16_t closer_[L] = {};  // pull_hashed: closer neighbours, then the ones to skip; 0 between nodes
};

}  // namespace tv::sim::detail::batched
