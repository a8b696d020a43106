// The all-pairs run's leaves (nodes of degree one) folded into their neighbours, for a
// relabelled graph of one's own on the CPU's fused node kernel.  A leaf l hanging on p
// is one step further than p from every other node: d(l, v) = d(p, v) + 1 for v != l,
// and a shortest path between two other nodes never passes through it.  So the engine
// searches the graph without its leaves, from the other nodes only, and counts each
// node p as itself plus weight(p) = its folded leaves on both ends of a pair:
//   a node v new at level d from the sources whose bits are new there (c of them, of
//   weights summing to c_w) gains c pairs at d, c_w + c * weight(v) at d + 1 and
//   c_w * weight(v) at d + 2; its distance sum c * d + c_w * (d + 1), its reach c + c_w,
//   its last level d + 1 where c_w > 0.
// Level 0 (each source itself) the same way, and the pairs of a leaf with itself, counted
// at 2 by that rule, moved to 0.  After the run each leaf's totals follow from its
// neighbour's: last + 1, distance sum + reach - 2 (every node one further, less itself),
// the same reach.  The giant components of real networks hold many leaves (hep-th: 944
// of 5,835 nodes, as-22july06 and email-Enron about a third): fewer sources, fewer batches.
// Only components of more than small_component_max_nodes nodes fold (a leaf's neighbour
// then has other neighbours), and only in a run over every source (a range's totals of a
// leaf are not its neighbour's).
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/core/hd.hpp"
#include "kernels/graph/csr.hpp"

namespace tv::distance::detail {

/// An undirected graph with its leaves folded.
struct leaf_fold {
  graph::csr_graph pruned;       // the same nodes, without the folded leaves' edges
  std::vector<uint32_t> weight;  // per node: the folded leaves hanging on it
  std::vector<uint8_t> folded;   // per node: 1 for a folded leaf
  std::vector<uint32_t> leaves;  // the folded leaves, ascending
  std::vector<uint32_t> parent;  // each folded leaf's neighbour, index for index
};

/// How many of `nodes` (count of them) fold_leaves would fold when they are outside small
/// components: nodes of one arc, not to themselves.
uint64_t count_leaves(const graph::csr_graph& g, const uint32_t* nodes, uint64_t count);

/// The leaves of undirected g outside the nodes flagged in `small` (per node; empty: none
/// flagged), folded; leaves is empty (and nothing else is filled) when there are none.
leaf_fold fold_leaves(const graph::csr_graph& g, const std::vector<uint8_t>& small);

/// The folded leaves' pairs with themselves: the engine's rule counts each at distance 2;
/// it is at 0.  `counts` already holds the whole run's pairs.
void correct_leaf_self_pairs(const leaf_fold& f, std::vector<uint64_t>& counts);

/// After a run over every source: each folded leaf's totals from its neighbour's.
void unfold_leaf_totals(const leaf_fold& f, std::vector<uint32_t>& last, std::vector<uint64_t>& dsum,
                        std::vector<uint64_t>& reach);

/// A batch's source weights as bit planes over its first words: the sum of the weights
/// of a row's set bits in a few popcounts.  Sources of weight 0 cost nothing; the run
/// lists a batch's weighted sources first, heaviest first, so they fill as few words as
/// they can and the later of those words need fewer planes.
struct source_weight_planes {
  int words = 0;                // words 0 .. words - 1 hold every weighted source
  int planes = 0;               // binary digits of the largest weight: the stride of `bits`
  std::vector<int> digits;      // per word: binary digits of its largest weight
  std::vector<uint64_t> bits;   // bits[w * planes + b]: word w's sources whose weight has digit b
  /// The weights of the sources whose bits `row` has set, summed.
  uint64_t weigh(const uint64_t* row) const {
    uint64_t sum = 0;
    const uint64_t* plane = bits.data();
    for (int w = 0; w < words; ++w, plane += planes) {
      const uint64_t x = row[w];
      if (x == 0) continue;
      for (int b = 0; b < digits[static_cast<size_t>(w)]; ++b)
        sum += static_cast<uint64_t>(core::popcount64(x & plane[b])) << b;
    }
    return sum;
  }
};

/// The planes of a batch (bit j of word j / 64 = sources[j]) under per-node weights.
source_weight_planes weight_planes(const std::vector<uint32_t>& sources, const std::vector<uint32_t>& weight);

}  // namespace tv::distance::detail
