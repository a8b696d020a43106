// Round-based broadcast as a synchronous simulation (all-port: in one round every node
// that acts sends along any of its links, and every message arrives at the end of the
// round).  A scheme is the rule an informed node applies; the engine counts what moves.
//
// Schemes (the paper and section each implements):
//  - flooding            every newly informed node sends to all its (out-)neighbors except
//                        those it received the message from (the optimum in rounds).
//  - binomial_tree       papers/004: the tree parent(x) = x with its rightmost 1 cleared.
//  - postal_tree         papers/000 Definition 2 (see trees.hpp).
//  - eft                 papers/001 Section 3.2 and Definition 2: up/down with tags.
//  - debruijn_rule1      papers/003 Rule 1 / OnetoAllBroadcast: a node forwards the message
//                        of source R to its child Y only if D(R, X) < D(R, Y) (Lemma 1's D).
//  - debruijn_all_to_all papers/003 AlltoAllBroadcast: k iterations, every node sends its
//                        set S on both out-links; S becomes the union of what it received.
// Tree schemes and a source other than the root (tree_mode):
//  - up_down   the EFT algorithm of papers/001 Section 3.2: a node receiving with an "up"
//              tag sends up to its parent and down to its children except the sender; with
//              a "down" tag, down to its children only.  The source sends both ways.
//  - via_root  papers/004 Section on broadcasting: the message first goes point to point to
//              the root 0^n along tree edges, then the root broadcasts down the whole tree
//              (so the nodes on the source's path receive it twice).
//  - translated  hypercubes only: the binomial tree rooted at the source (x xor source).
// Multi-source runs use the bit-parallel layout of the all-pairs engine: 64 W sources per
// batch, one bit per source in W words per node, all advancing together.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/core/backend.hpp"
#include "kernels/core/run_control.hpp"
#include "kernels/core/source_range.hpp"
#include "kernels/families/family.hpp"
#include "kernels/graph/csr.hpp"
#include "kernels/sim/sim_common.hpp"

namespace tv::sim {

enum class broadcast_scheme {
  flooding,
  binomial_tree,
  postal_tree,
  eft,
  debruijn_rule1,
  debruijn_all_to_all
};

enum class tree_mode { automatic, up_down, via_root, translated };

/// @brief The paper's own scheme for a family: Rule 1 on directed de Bruijn networks, EFT
/// on efc, the postal tree on postal networks, the binomial tree on lrn, gfc and
/// hypercube, flooding elsewhere.
broadcast_scheme default_scheme(const families::family& f);

/// @brief The mode `automatic` stands for: translated for the binomial tree on a
/// hypercube, via_root for the binomial tree elsewhere (papers/004), up_down for the
/// postal tree and EFT.
tree_mode resolve_tree_mode(const families::family& f, broadcast_scheme s, tree_mode m);

struct broadcast_options {
  broadcast_scheme scheme = broadcast_scheme::flooding;
  tree_mode mode = tree_mode::automatic;
  std::vector<uint64_t> sources;     // node ranks, distinct; empty = every node
  bool flood_exclude_sender = true;  // flooding: do not send back to the senders
  bool relay_new_only = false;       // all-to-all: relay only messages new to the node
                                     // (the printed algorithm relays all it received)
  int words = 0;                     // W; 0 = chosen from free memory (at most 64)
  bool per_source = false;           // fill rounds_per_source
  bool trace = false;                // fill trace (one source only)
  core::run_control control;         // progress in sources done, and stop requests
};

struct broadcast_result {
  broadcast_scheme scheme = broadcast_scheme::flooding;
  tree_mode mode = tree_mode::automatic;
  uint64_t nodes = 0;
  uint64_t sources = 0;
  uint32_t rounds_max = 0;  // completion round (last round a node was newly informed)
  uint32_t rounds_min = 0;  //   largest / smallest over the sources
  uint32_t active_rounds = 0;  // last round in which any message moved
  uint64_t messages = 0;       // messages delivered, all sources
  uint64_t duplicates = 0;     // receptions by a node that already had the message
  uint64_t unreached = 0;      // (source, node) pairs never informed
  uint64_t incomplete_sources = 0;
  std::optional<uint64_t> first_incomplete_source;  // smallest rank with an unreached node
  std::vector<uint64_t> informed_per_round;    // [t] = sum over sources informed after round t
  std::vector<uint64_t> messages_per_round;    // [t] = messages delivered in round t ([0] = 0)
  std::vector<uint64_t> duplicates_per_round;  // [t] = duplicate receptions in round t
  std::vector<uint32_t> rounds_per_source;     // per_source: in the order of options.sources
  std::vector<std::vector<uint64_t>> trace;    // trace: [t] = ranks newly informed in round t
  // debruijn_all_to_all, per iteration i (index i, [0] unused): the number of messages
  // one link carries (node X sends the same set on both out-links).
  std::vector<uint64_t> link_load_max, link_load_min, link_load_total;
  int words = 0;
  uint64_t batches = 0;
};

/// @brief Why a scheme cannot run on a family ("" when it can).
std::string broadcast_unsupported(const families::family& f, broadcast_scheme s, tree_mode m);

/// @brief Runs a broadcast scheme from every requested source: run_broadcast_range over
/// every source, then finish (broadcast_partial.hpp).  `g` is the family's CSR (flooding
/// reads it; the other schemes read labels only but check g.nodes).
broadcast_result broadcast(core::backend b, const families::family& f, const graph::csr_graph& g,
                           const broadcast_options& opt);

/// @brief Flooding on a graph alone, for a network that is no family (one read from a
/// file): the one scheme that reads nothing but the graph.  Sources are node indices; a
/// scheme other than flooding raises std::invalid_argument.
broadcast_result flood(core::backend b, const graph::csr_graph& g, const broadcast_options& opt);

// ---- Rule 1 helpers (host and device) ------------------------------------------------

/// @brief Lemma 1 of papers/003: D(X, Y) = k - c, c the longest suffix of X equal to a
/// prefix of Y (labels of k bits).
TV_HD inline int db_distance(uint64_t x, uint64_t y, int k) {
  for (int c = k; c > 0; --c)
    if ((x & core::low_mask(c)) == (y >> (k - c))) return k - c;
  return k;
}

/// @brief Among the 64 sources R = base + i (base a multiple of 64), those for which node
/// X (k bits) forwards under Rule 1 to its children, i.e. D(R, X) < D(R, Y) for Y =
/// ShiftLeft(X, b) -- the same set for b = 0 and 1 except R = Y itself, which callers
/// remove.  Built from D(R, Z) <= d <=> some c >= k - d has R's last c bits equal to Z's
/// first c bits, one comb mask per c; the tests compare it with db_distance bit by bit.
TV_HD inline uint64_t rule1_forward_mask(uint64_t base, int k, uint64_t x) {
  uint64_t within_x = 0, within_y = 0, forward = 0;
  for (int d = 0; d < k; ++d) {
    const int len = k - d;
    within_x |= suffix_mask(base, len, x >> d);                     // D(R, X) <= d
    if (d >= 1) within_y |= suffix_mask(base, len, x >> (d - 1));   // D(R, Y) <= d, R != Y
    forward |= within_x & ~within_y;
  }
  return forward;
}

struct spanning_tree;
struct broadcast_partial;  // broadcast_partial.hpp: a run over a range of the sources

namespace detail {

/// What run_broadcast_range hands to a backend: the checked options and every source of
/// the run in bit order (the range picks its bits).
struct broadcast_plan {
  broadcast_scheme scheme = broadcast_scheme::flooding;
  tree_mode mode = tree_mode::automatic;
  uint64_t nodes = 0;
  int bits = 0;  // label bits: k of DDB(k), n of Q(n)
  std::vector<uint64_t> bit_sources;  // sources in bit order (ranks)
  std::vector<uint32_t> bit_pre;      // tree schemes: their pre-order positions (ascending)
  std::vector<uint64_t> input_index;  // bit -> position in options.sources
  bool dense = false;                 // bit_sources[i] == i for all i (all nodes, rank order)
  const graph::csr_graph* g = nullptr;
  const spanning_tree* tree = nullptr;
  broadcast_options opt;
};

/// One backend's entry point (core/dispatch.hpp): defined in broadcast_impl.inl,
/// instantiated by broadcast_cpu.cpp and broadcast_cuda.cu, called by broadcast.cpp: the
/// plan's bits [range.begin, range.end), identity left to the caller.
template <core::backend B>
struct broadcast_backend {
  static broadcast_partial run(const broadcast_plan& plan, core::source_range range);
};

}  // namespace detail

}  // namespace tv::sim
