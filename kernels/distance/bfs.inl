// Single-source BFS on one backend, written once against an Exec trait: the level-by-level
// pull form a device runs (bfs_by_levels, whose functors the CPU tests run too) and
// bfs(), which on the CPU is one thread with a queue; and both forms into buffers the
// caller keeps, forward or backward (bfs_into_queue, bfs_into_hybrid, bfs_into_levels), for the exact
// diameter's many BFS (exact_diameter.inl).  The Hamming check's counterexample
// (all_pairs_run.inl) uses bfs().
#pragma once
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/core/hd.hpp"
#include "kernels/distance/all_pairs.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::distance::detail {

/// Single-source BFS level (pull): dist[v] = level if an in-neighbor is at level-1.
struct bfs_level_fn {
  const uint64_t* offsets;
  const uint32_t* adj;  // in-arcs (forward BFS)
  uint32_t* dist;
  uint32_t level;
  TV_HD uint64_t operator()(uint64_t v) const {
    if (dist[v] != unreachable) return 0;
    for (uint64_t e = offsets[v], end = offsets[v + 1]; e < end; ++e)
      if (dist[adj[e]] == level - 1) {
        dist[v] = level;
        return 1;
      }
    return 0;
  }
};

struct fill_u32_fn {
  uint32_t* p;
  uint32_t value;
  TV_HD void operator()(uint64_t i) const { p[i] = value; }
};
struct set_u32_fn {
  uint32_t* p;
  uint64_t index;
  uint32_t value;
  TV_HD void operator()(uint64_t) const { p[index] = value; }
};

/// Single-source forward BFS level by level, each node pulling along its in-arcs
/// (out-arcs when undirected): the device's BFS, in functor form so the CPU tests run
/// the same code (cpu::bfs_by_levels).
template <class Exec>
std::vector<uint32_t> bfs_by_levels(const graph::csr_graph& g, uint32_t source) {
  const auto& off = g.directed ? g.in_offsets : g.offsets;
  const auto& adj = g.directed ? g.in_sources : g.targets;
  typename Exec::template vector<uint64_t> offsets = Exec::from_host(off);
  typename Exec::template vector<uint32_t> nbrs = Exec::from_host(adj);
  typename Exec::template vector<uint32_t> dist(g.nodes);
  core::for_each_index(Exec{}, g.nodes, fill_u32_fn{Exec::ptr(dist), unreachable});
  core::for_each_index(Exec{}, 1, set_u32_fn{Exec::ptr(dist), source, 0});
  for (uint32_t level = 1;; ++level) {
    const uint64_t added = core::transform_reduce_index(
        Exec{}, g.nodes, bfs_level_fn{Exec::ptr(offsets), Exec::ptr(nbrs), Exec::ptr(dist), level});
    if (added == 0) break;
  }
  return Exec::to_host(dist);
}

/// Single-source forward BFS on Exec: on the CPU one thread with a queue along out-arcs
/// (O(arcs), a few milliseconds at 10^6 arcs, where a pass over every node per level
/// took several times as long); on a device bfs_by_levels.
template <class Exec>
std::vector<uint32_t> bfs(const graph::csr_graph& g, uint32_t source) {
  if constexpr (Exec::kind == core::backend::cpu) {
    std::vector<uint32_t> dist(g.nodes, unreachable);
    std::vector<uint32_t> queue;
    queue.reserve(g.nodes);
    dist[source] = 0;
    queue.push_back(source);
    for (size_t h = 0; h < queue.size(); ++h) {
      const uint32_t u = queue[h];
      const uint32_t d = dist[u] + 1;
      for (uint64_t e = g.offsets[u], end = g.offsets[u + 1]; e < end; ++e) {
        const uint32_t t = g.targets[e];
        if (dist[t] == unreachable) {
          dist[t] = d;
          queue.push_back(t);
        }
      }
    }
    return dist;
  } else {
    return bfs_by_levels<Exec>(g, source);
  }
}

/// What one BFS found: its source's eccentricity (largest finite distance), a node that
/// far, and how many nodes it reached (the source included).
struct bfs_outcome {
  uint32_t ecc = 0;
  uint32_t farthest = 0;
  uint64_t reached = 0;
};

constexpr uint64_t queue_lookahead = 8;

/// One thread, a queue, along the lists (off, adj): out-arcs for a forward BFS, in-arcs
/// for a backward one.  dist holds n entries, queue n + 1 (every arc's node is written to
/// the slot past the queue's end, and all n may be in it already).
inline bfs_outcome bfs_into_queue(const uint64_t* off, const uint32_t* adj, uint64_t n,
                                  uint32_t source, uint32_t* dist, uint32_t* queue) {
  std::fill(dist, dist + n, unreachable);
  dist[source] = 0;
  queue[0] = source;
  uint64_t head = 0, tail = 1;
  uint32_t scratch = 0;
  while (head < tail) {
    // The rows of nodes a few places on in the queue, fetched ahead.
    if (head + queue_lookahead < tail) {
      const uint32_t w = queue[head + queue_lookahead];
      __builtin_prefetch(adj + off[w]);
    }
    const uint32_t u = queue[head++];
    const uint32_t d = dist[u] + 1;
    // Without a branch on whether t is new, which is too irregular to predict: d goes
    // to t's distance if new, else to a scratch word, and t to the queue's next slot,
    // kept only if new.
    for (uint64_t e = off[u], end = off[u + 1]; e < end; ++e) {
      const uint32_t t = adj[e];
      const bool fresh = dist[t] == unreachable;
      *(fresh ? dist + t : &scratch) = d;
      queue[tail] = t;
      tail += fresh;
    }
  }
  const uint32_t last = queue[tail - 1];
  return {dist[last], last, tail};
}

/// Direction-optimizing BFS (Beamer, Asanovic and Patterson, SC 2012) into dist: top-down
/// from a queue along (td_off, td_adj) while the frontier is small, bottom-up (every
/// unreached node looks along (bu_off, bu_adj) for a parent one level up, and stops at
/// the first) while the frontier's arcs outnumber a fifteenth of those left to explore,
/// which skips most arc checks of a low-diameter graph's middle levels.  For a forward BFS
/// td is the out-arcs and bu the in-arcs (the same lists when undirected).  The bottom-up
/// levels run on every OpenMP thread when `parallel` (each node writes only its own
/// distance, and reads of a neighbour written in the same level see no parent either
/// way).  queue holds n entries.
inline bfs_outcome bfs_into_hybrid(const uint64_t* td_off, const uint32_t* td_adj,
                                   const uint64_t* bu_off, const uint32_t* bu_adj, uint64_t n,
                                   uint32_t source, uint32_t* dist, uint32_t* queue, bool parallel) {
  std::fill(dist, dist + n, unreachable);
  dist[source] = 0;
  queue[0] = source;
  uint64_t head = 0, tail = 1, reached = 1;
  uint64_t frontier_arcs = td_off[source + 1] - td_off[source];
  uint64_t unexplored_arcs = td_off[n] - frontier_arcs;
  uint32_t level = 0, farthest = source;
  bool bottom_up = false;
  for (;;) {
    const uint32_t next = level + 1;
    uint64_t found = 0, found_arcs = 0, last_plus_one = 0;
    if (!bottom_up && frontier_arcs > unexplored_arcs / 15) bottom_up = true;
    if (bottom_up) {
#pragma omp parallel for schedule(static, 4096) if (parallel) reduction(+ : found, found_arcs) reduction(max : last_plus_one)
      for (uint64_t v = 0; v < n; ++v) {
        if (dist[v] != unreachable) continue;
        for (uint64_t e = bu_off[v], end = bu_off[v + 1]; e < end; ++e)
          if (dist[bu_adj[e]] == level) {
            dist[v] = next;
            ++found;
            found_arcs += td_off[v + 1] - td_off[v];
            last_plus_one = v + 1;
            break;
          }
      }
      if (found) farthest = static_cast<uint32_t>(last_plus_one - 1);
      // Back to the queue once the frontier is small: it is the nodes just found.
      if (found && found < n / 18) {
        bottom_up = false;
        head = 0;
        tail = 0;
        for (uint64_t v = 0; v < n; ++v)
          if (dist[v] == next) queue[tail++] = static_cast<uint32_t>(v);
      }
    } else {
      const uint64_t end_of_level = tail;
      for (; head < end_of_level; ++head) {
        if (head + queue_lookahead < end_of_level)
          __builtin_prefetch(td_adj + td_off[queue[head + queue_lookahead]]);
        const uint32_t u = queue[head];
        for (uint64_t e = td_off[u], end = td_off[u + 1]; e < end; ++e) {
          const uint32_t t = td_adj[e];
          if (dist[t] == unreachable) {
            dist[t] = next;
            queue[tail++] = t;
            found_arcs += td_off[t + 1] - td_off[t];
          }
        }
      }
      found = tail - end_of_level;
      if (found) farthest = queue[tail - 1];
    }
    if (found == 0) break;
    level = next;
    reached += found;
    frontier_arcs = found_arcs;
    unexplored_arcs -= std::min(unexplored_arcs, found_arcs);
  }
  return {level, farthest, reached};
}

/// Index + 1 of a node at distance `level` (0 elsewhere): the largest such is a farthest node.
struct node_at_level_fn {
  const uint32_t* dist;
  uint32_t level;
  TV_HD uint64_t operator()(uint64_t v) const { return dist[v] == level ? v + 1 : 0; }
};

/// Level by level on Exec, each node pulling along `pull` lists (in-arcs for a forward
/// BFS, out-arcs for a backward one; an undirected graph's only lists): the device's form,
/// which the CPU runs in tests.  dist (Exec memory) holds n entries.
template <class Exec>
bfs_outcome bfs_into_levels(const uint64_t* pull_off, const uint32_t* pull_adj, uint64_t n,
                            uint32_t source, uint32_t* dist) {
  core::for_each_index(Exec{}, n, fill_u32_fn{dist, unreachable});
  core::for_each_index(Exec{}, 1, set_u32_fn{dist, source, 0});
  bfs_outcome out;
  out.reached = 1;
  for (uint32_t level = 1;; ++level) {
    const uint64_t added =
        core::transform_reduce_index(Exec{}, n, bfs_level_fn{pull_off, pull_adj, dist, level});
    if (added == 0) break;
    out.reached += added;
    out.ecc = level;
  }
  const uint64_t far = thrust::transform_reduce(
      Exec::par(), thrust::counting_iterator<uint64_t>(0), thrust::counting_iterator<uint64_t>(n),
      node_at_level_fn{dist, out.ecc}, uint64_t{0}, thrust::maximum<uint64_t>());
  out.farthest = static_cast<uint32_t>(far - 1);
  return out;
}

}  // namespace tv::distance::detail
