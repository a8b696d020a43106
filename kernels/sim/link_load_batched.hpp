// Shortest-path link loads on the CPU with targets in batches of 64 W (issue 36 item 5):
// the same routes and loads as the per-target kernel (link_load_impl.inl), for 10^5
// routers in seconds instead of hours.
//
// The per-target kernel runs one BFS per target and, at every node, scans the node's
// arcs for a next hop: each target costs the graph's arcs, so 10^5 targets of a network
// with 8 * 10^6 arcs cost 10^12 steps.  Here each thread takes a batch of 64 W targets
// (its lanes) and runs one bit-parallel BFS toward all of them, as the all-pairs engine
// does (kernels/distance/msbfs_level.inl): node v pulls its out-neighbours' frontier
// rows, so its new bits at level d are the targets d hops away.  The pull is also where
// the next hop is chosen: scanning v's arcs in row order, a neighbour y whose frontier
// (targets d - 1 hops from y) holds a target not yet claimed claims it, which is the
// lowest-index tie-break; the hashed one counts the closer neighbours per target in the
// same scan and takes the (hash mod count)-th in a second.  Each claim appends v to its
// lane's BFS order with the next hop and its arc (8 bytes), and adds the pair's own unit
// to that arc, in v's block of a thread's own copy of the loads (summed at the end).
// Then, lane by lane (an array of N counts that stays in cache), deepest first, each node
// passes its count of routed sources to its next hop and adds those routed through it to
// its arc: only the trees' inner nodes, a few in a hundred pairs at 10^5 routers, since
// most nodes are leaves of a target's tree (most are at its deepest level).
//
// A thread takes the deepest level of its earlier batches to be the batch's deepest: its
// hops are leaves, and keep only their next node (4 bytes, no node to read back, nothing
// routed through them).  A lane that goes deeper is found by the next level's pull, and
// the batch runs again without leaves (its units up to that level already added).
//
// Work: the BFS's pulls (arcs * levels * W words per batch) plus a few steps per ordered
// pair, instead of arcs per target.  Memory per thread: 12 bytes per (lane, node) (a hop
// and a leaf each), the BFS rows and a copy of the loads (batched_loads_bytes).  CPU only; the CUDA backend keeps
// the per-target kernel.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/core/run_control.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/link_load.hpp"

namespace tv::sim::detail {

/// Batch widths the batched kernel is compiled for (words of 64 targets), the widest
/// that memory holds first.  Once each pair's hop took 8 bytes (4 at the leaves), eight
/// words took 14% less CPU time than four on SF(223) (degree 335: a pull reads each arc's
/// row once per level for twice the targets) and 4% less on DF(a=58, h=29), for 1.5 times
/// the memory (bench/RESULTS.md, 2026-11-27).
constexpr int batched_widths[] = {8, 4, 2, 1};

/// @brief Bytes a batched run of `words` per batch takes on `threads` threads, beside the
/// graph: per thread the lanes' arrays, the BFS rows and a copy of the loads; the result.
uint64_t batched_loads_bytes(uint64_t nodes, uint64_t arcs, int words, int threads);

/// @brief The widest batch (4, 2 or 1 words, no wider than the targets need) whose
/// batched_loads_bytes fit `budget`; 0 when none fits or arc indices pass 32 bits.
int batched_loads_words(uint64_t nodes, uint64_t arcs, int threads, uint64_t budget);

/// Out-degrees the batched kernel takes: it counts a node's closer neighbours per target in
/// 16 bits, and a hop's arc as its place in the node's row, in 16 bits.
constexpr uint64_t max_batched_degree = 65535;

/// Nodes the batched kernel takes: a hop packs two node indices in 24 bits each.  Past
/// 2^24 nodes its hops alone (8 bytes per lane and node, 64 lanes at the least) pass
/// 8 GiB a thread, and the per-target kernel runs.
constexpr uint64_t max_batched_nodes = uint64_t{1} << 24;

/// @brief Whether the batched kernel takes g: every out-degree at most max_batched_degree,
/// at most max_batched_nodes nodes and fewer than 2^32 arcs (it keeps arc indices in 32 bits).
bool batched_loads_take(const graph::csr_graph& g);

/// @brief The loads of shortest_path_loads, computed in batches of 64 * words targets
/// (words one of batched_widths) on the CPU's threads; toward the targets in `toward`
/// alone when given (shortest_path_loads_toward).  Polls control between batches;
/// std::invalid_argument for a graph batched_loads_take refuses.
link_loads batched_shortest_loads(const graph::csr_graph& g, const shortest_path_rule& rule, int words,
                                  const core::run_control& control = {},
                                  const std::vector<uint32_t>* toward = nullptr);

}  // namespace tv::sim::detail
