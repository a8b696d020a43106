// The bit-parallel multi-source BFS's level step, written once against an Exec trait
// (core::cpu_exec / core::cuda_exec): the per-node and per-word functors one level of a
// batch runs, and the seeding and end-of-batch folds around them.  The engine that calls
// them level by level is msbfs_engine.inl; all of it is included through
// all_pairs_impl.inl by all_pairs_cpu.cpp and all_pairs_cuda.cu only.
//
// Layout: sources are processed in batches of 64*W; node v keeps W-word bitsets
// seen / cur / nxt, bit j of word w meaning "source 64w+j of the batch is at the current
// distance from v".  The BFS runs on the reversed
// graph (a node pulls from its out-neighbors), so a node's bits record d(v, s): the level
// at which v last grows is its out-eccentricity over the batch, and the popcounts it
// gains give its distance sum.  Everything per source reduces to per-node state owned by
// one thread, and the only cross-node reduction per level is the count of new pairs.
//
// Two level kernels compute the same thing:
//  - pull_node_fn<W>: one node, all W words in registers (W fixed at compile time so the
//    word loops vectorize); the CPU backend uses it.
//  - pull_word_fn: one (node, word) pair, so a GPU warp covers 32 words of one node and
//    its gathers are coalesced; the CUDA backend uses it, the CPU tests run it too.
// On a bipartite graph the CPU runs a third, pull_bipartite_fn<W>: pull_node_fn without
// the seen rows, passing over the nodes that cannot grow at a level of a one-colour batch.
// Both skip neighbors whose frontier is empty (an activity flag per node, so a pull reads a
// flag per inactive neighbor instead of W words) and nodes / words already saturated.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "kernels/core/atomics.hpp"
#include "kernels/core/bitwords.hpp"
#include "kernels/core/hd.hpp"

namespace tv::distance::detail {

template <class Flag>
struct level_args_of {
  const uint64_t* offsets;  // pull lists: out-arcs (reverse BFS)
  const uint32_t* adj;
  const uint64_t* cur;
  uint64_t* nxt;
  uint64_t* seen;
  // Per node: which words of its frontier row are non-zero (Flag = uint32_t: bit w for
  // word w < 32, any non-zero value meaning "active" for W > 32), or only whether any is
  // (Flag = uint8_t, the CPU node kernel's: it reads nothing else, and a pull sweeps a
  // quarter of the bytes).  Rows of inactive nodes are never read, so kernels need not
  // clear them.
  const Flag* active_cur;
  Flag* active_nxt;
  const uint64_t* full;  // per word: the bits of sources present in this batch
  uint32_t level;
};
using level_args = level_args_of<uint32_t>;

/// A node's activity flag for the per-word mask of its new bits.
template <class Flag>
TV_HD Flag activity(uint32_t mask) {
  return sizeof(Flag) == 1 ? static_cast<Flag>(mask != 0) : static_cast<Flag>(mask);
}

template <int W, class Flag = uint32_t>
struct pull_node_fn {
  level_args_of<Flag> a;
  uint32_t* lastlevel;  // per node
  uint64_t* dsum;       // per node
  uint8_t* saturated;   // per node: every source of the batch has reached it
  TV_HD uint64_t operator()(uint64_t v) const {
    if (saturated[v]) {
      a.active_nxt[v] = 0;
      return 0;
    }
    uint64_t* sv = a.seen + v * W;
    core::word_row<W> acc;
    acc.clear();
    bool any = false;
    for (uint64_t e = a.offsets[v], end = a.offsets[v + 1]; e < end; ++e) {
      const uint32_t u = a.adj[e];
      if (a.active_cur[u]) {
        acc.or_from(a.cur + uint64_t{u} * W);
        any = true;
      }
    }
    // No active neighbor: nothing can be new, and an inactive row is never read, so
    // neither row is touched (most nodes in a batch's first and last levels).
    if (!any) {
      a.active_nxt[v] = 0;
      return 0;
    }
    const core::fold_result r = acc.fold_new(sv, a.nxt + v * W, a.full);
    a.active_nxt[v] = activity<Flag>(r.mask);
    if (r.count) {
      if (a.level > lastlevel[v]) lastlevel[v] = a.level;
      dsum[v] += r.count * a.level;
      saturated[v] = r.saturated;
    }
    return r.count;
  }
};

/// The node kernel for a bipartite graph (graph/bipartite.hpp), without the seen rows.
/// The bits v gathers at level l are sources s with d(u, s) = l - 1 for a neighbour u, so
/// d(v, s) is l - 2 or l (l - 1 would put an odd cycle through s, u and v): the old ones
/// are exactly v's frontier row of level l - 2.  That row is the one this level
/// overwrites in nxt (the buffers swap every level), valid where v's activity byte there
/// (active_nxt before it is written) says so.  A level then reads and writes one row per
/// node instead of seen's and nxt's, and no seen rows are cleared per batch.  Saturation
/// comes from a count of the bits v holds (`got`), not from comparing seen with `full`.
/// In a batch whose sources all have colour c, the nodes at distance l have colour
/// c + l mod 2, so at level l the nodes of the other colour (`idle_colour`) can gain
/// nothing and are passed over without reading their arcs; their activity bytes stay 0,
/// as the batch starts them.
template <int W>
struct pull_bipartite_fn {
  level_args_of<uint8_t> a;
  uint32_t* lastlevel;  // per node
  uint64_t* dsum;       // per node
  uint8_t* saturated;   // per node: every source of the batch has reached it
  uint32_t* got;        // per node: sources of the batch that have reached it
  uint32_t batch;       // sources in the batch
  const uint8_t* colour;  // per node, 0 or 1 (graph::two_colouring)
  int idle_colour;        // the colour that cannot grow at this level; -1 for a mixed batch
  TV_HD uint64_t operator()(uint64_t v) const {
    if (colour[v] == idle_colour) return 0;
    const uint8_t had_row = a.active_nxt[v];  // v's frontier two levels back
    a.active_nxt[v] = 0;
    if (saturated[v]) return 0;
    core::word_row<W> acc;
    acc.clear();
    bool any = false;
    for (uint64_t e = a.offsets[v], end = a.offsets[v + 1]; e < end; ++e) {
      const uint32_t u = a.adj[e];
      if (a.active_cur[u]) {
        acc.or_from(a.cur + uint64_t{u} * W);
        any = true;
      }
    }
    if (!any) return 0;
    uint64_t* row = a.nxt + v * W;
    const uint64_t count = acc.fold_fresh(had_row ? row : nullptr, row);
    if (count) {
      a.active_nxt[v] = 1;
      if (a.level > lastlevel[v]) lastlevel[v] = a.level;
      dsum[v] += count * a.level;
      got[v] += static_cast<uint32_t>(count);
      saturated[v] = got[v] == batch;
    }
    return count;
  }
};

// Packed per-(node, word) accumulator of the word kernel: the last level the word grew
// (high 24 bits) and its distance sum within the batch (low 40 bits).
constexpr int wacc_shift = 40;
constexpr uint64_t wacc_mask = (uint64_t{1} << wacc_shift) - 1;

struct pull_word_fn {
  level_args a;
  uint64_t* wacc;  // per (node, word)
  int W;
  TV_HD uint64_t operator()(uint64_t i) const {
    const uint64_t v = i / static_cast<uint64_t>(W);
    const int w = static_cast<int>(i - v * static_cast<uint64_t>(W));
    const uint64_t s = a.seen[i];
    if (s == a.full[w]) {
      a.nxt[i] = 0;  // keep the buffer clean: a reader may read it if another word of v grows
      return 0;
    }
    uint64_t acc = 0;
    for (uint64_t e = a.offsets[v], end = a.offsets[v + 1]; e < end; ++e) {
      const uint32_t u = a.adj[e];
      if ((a.active_cur[u] >> (w & 31)) & 1u) acc |= a.cur[uint64_t{u} * W + w];
    }
    const uint64_t nx = acc & ~s;
    a.nxt[i] = nx;
    if (!nx) return 0;
    a.seen[i] = s | nx;
    core::atomic_or32(&a.active_nxt[v], uint32_t{1} << (w & 31));
    const uint64_t c = static_cast<uint64_t>(core::popcount64(nx));
    wacc[i] = (uint64_t{a.level} << wacc_shift) | ((wacc[i] & wacc_mask) + c * a.level);
    return c;
  }
};

/// End of a batch for the word kernel: fold per-word accumulators into per-node ones.
struct fold_words_fn {
  uint64_t* wacc;
  uint32_t* lastlevel;
  uint64_t* dsum;
  int W;
  TV_HD void operator()(uint64_t v) const {
    uint32_t last = lastlevel[v];
    uint64_t sum = 0;
    for (int w = 0; w < W; ++w) {
      const uint64_t x = wacc[v * W + w];
      const uint32_t l = static_cast<uint32_t>(x >> wacc_shift);
      last = l > last ? l : last;
      sum += x & wacc_mask;
      wacc[v * W + w] = 0;
    }
    lastlevel[v] = last;
    dsum[v] += sum;
  }
};

/// Nodes' reach over the batch: popcount of seen, added into reach[v].
struct reach_fn {
  const uint64_t* seen;
  uint64_t* reach;
  int W;
  TV_HD void operator()(uint64_t v) const {
    uint64_t c = 0;
    for (int w = 0; w < W; ++w) c += static_cast<uint64_t>(core::popcount64(seen[v * W + w]));
    reach[v] += c;
  }
};

/// Seeds a batch: source sources[j] sets bit j in its own row (sources are distinct).
template <class Flag = uint32_t>
struct seed_fn {
  uint64_t* seen;
  uint64_t* cur;
  Flag* active;
  const uint32_t* sources;
  int W;
  TV_HD void operator()(uint64_t j) const {
    const uint64_t s = sources[j];
    const uint64_t bit = uint64_t{1} << (j % 64);
    seen[s * W + j / 64] |= bit;
    cur[s * W + j / 64] |= bit;
    active[s] = activity<Flag>(uint32_t{1} << ((j / 64) & 31));
  }
};

/// OR over all nodes of one word of nxt (which sources grew at this level); for W == 1.
/// Only rows flagged active were written at this level: a node that found nothing new
/// (a saturated one, or one with no active neighbor) may hold an older row there.
struct word_of_fn {
  const uint64_t* nxt;
  const uint32_t* active_nxt;
  TV_HD uint64_t operator()(uint64_t v) const { return active_nxt[v] ? nxt[v] : 0; }
};

/// Which level kernel an engine runs.
enum class level_mode { node, word, warp };

/// Hook for a backend's hand-written level kernel (warp per node, W = 32); the CUDA
/// backend specializes it in all_pairs_cuda.cu.  Its CPU twin is pull_node_fn<32>.
template <class Exec>
struct warp_level {
  static constexpr bool available = false;
  static uint64_t run(const level_args&, uint32_t*, uint64_t*, uint8_t*, uint64_t) {
    throw std::logic_error("no warp-level kernel on this backend");
  }
};

/// Calls f(std::integral_constant<int, W>{}) for the run's W (a power of two up to 64):
/// the node kernel keeps its W words in registers, so W is a template argument.
template <class F>
decltype(auto) with_words(int W, F&& f) {
  switch (W) {
    case 1: return f(std::integral_constant<int, 1>{});
    case 2: return f(std::integral_constant<int, 2>{});
    case 4: return f(std::integral_constant<int, 4>{});
    case 8: return f(std::integral_constant<int, 8>{});
    case 16: return f(std::integral_constant<int, 16>{});
    case 32: return f(std::integral_constant<int, 32>{});
    default: return f(std::integral_constant<int, 64>{});
  }
}

/// Per word of a batch of `count` sources: the bits of the sources present.
inline std::vector<uint64_t> batch_full_words(uint64_t count, int W) {
  std::vector<uint64_t> full(W, 0);
  for (uint64_t j = 0; j < count; ++j) full[j / 64] |= uint64_t{1} << (j % 64);
  return full;
}

}  // namespace tv::distance::detail
