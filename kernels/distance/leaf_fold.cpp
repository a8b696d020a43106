// Leaves folded into their neighbours for the all-pairs run (leaf_fold.hpp).
#include "kernels/distance/leaf_fold.hpp"

#include <algorithm>
#include <stdexcept>

namespace tv::distance::detail {

namespace {

bool one_arc_not_a_loop(const graph::csr_graph& g, uint64_t v) {
  return g.degree(v) == 1 && g.targets[g.offsets[v]] != v;
}

}  // namespace

uint64_t count_leaves(const graph::csr_graph& g, const uint32_t* nodes, uint64_t count) {
  uint64_t leaves = 0;
  for (uint64_t i = 0; i < count; ++i) leaves += one_arc_not_a_loop(g, nodes[i]);
  return leaves;
}

leaf_fold fold_leaves(const graph::csr_graph& g, const std::vector<uint8_t>& small) {
  if (g.directed) throw std::invalid_argument("fold_leaves: the graph is directed");
  leaf_fold f;
  const uint64_t n = g.nodes;
  // A leaf: one arc, not to itself, in a large component.  Its neighbour then has
  // another neighbour (else the two would be a component of two nodes), so it is no leaf.
  const auto is_leaf = [&](uint64_t v) { return one_arc_not_a_loop(g, v) && (small.empty() || !small[v]); };
  for (uint64_t v = 0; v < n; ++v)
    if (is_leaf(v)) {
      f.leaves.push_back(static_cast<uint32_t>(v));
      f.parent.push_back(g.targets[g.offsets[v]]);
    }
  if (f.leaves.empty()) return f;
  f.folded.assign(n, 0);
  f.weight.assign(n, 0);
  for (size_t i = 0; i < f.leaves.size(); ++i) {
    f.folded[f.leaves[i]] = 1;
    ++f.weight[f.parent[i]];
  }
  for (size_t i = 0; i < f.parent.size(); ++i)
    if (f.folded[f.parent[i]]) throw std::logic_error("fold_leaves: a leaf hangs on a leaf");
  // The same nodes and rows without the folded leaves' arcs (a leaf's row empties).
  graph::csr_graph& p = f.pruned;
  p.nodes = n;
  p.directed = false;
  p.offsets.assign(n + 1, 0);
  p.targets.reserve(g.arcs() - 2 * f.leaves.size());
  for (uint64_t v = 0; v < n; ++v) {
    if (!f.folded[v])
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e)
        if (!f.folded[g.targets[e]]) p.targets.push_back(g.targets[e]);
    p.offsets[v + 1] = p.targets.size();
  }
  return f;
}

void correct_leaf_self_pairs(const leaf_fold& f, std::vector<uint64_t>& counts) {
  const uint64_t k = f.leaves.size();
  if (k == 0) return;
  if (counts.size() < 3 || counts[2] < k) throw std::logic_error("correct_leaf_self_pairs: fewer pairs at 2 than leaves");
  counts[2] -= k;
  counts[0] += k;
}

void unfold_leaf_totals(const leaf_fold& f, std::vector<uint32_t>& last, std::vector<uint64_t>& dsum,
                        std::vector<uint64_t>& reach) {
  for (size_t i = 0; i < f.leaves.size(); ++i) {
    const uint32_t l = f.leaves[i], p = f.parent[i];
    last[l] = last[p] + 1;
    dsum[l] = dsum[p] + reach[p] - 2;
    reach[l] = reach[p];
  }
}

source_weight_planes weight_planes(const std::vector<uint32_t>& sources, const std::vector<uint32_t>& weight) {
  source_weight_planes s;
  uint32_t heaviest = 0;
  size_t last_weighted = 0;
  for (size_t j = 0; j < sources.size(); ++j)
    if (weight[sources[j]]) {
      heaviest = std::max(heaviest, weight[sources[j]]);
      last_weighted = j + 1;
    }
  if (heaviest == 0) return s;
  const auto digits = [](uint32_t x) {
    int d = 0;
    while (x >> d) ++d;
    return d;
  };
  s.words = static_cast<int>((last_weighted + 63) / 64);
  s.planes = digits(heaviest);
  s.digits.assign(static_cast<size_t>(s.words), 0);
  s.bits.assign(static_cast<size_t>(s.words * s.planes), 0);
  for (size_t j = 0; j < last_weighted; ++j) {
    const uint32_t x = weight[sources[j]];
    const size_t w = j / 64;
    s.digits[w] = std::max(s.digits[w], digits(x));
    for (int b = 0; b < s.planes; ++b)
      if ((x >> b) & 1u) s.bits[w * static_cast<size_t>(s.planes) + static_cast<size_t>(b)] |= uint64_t{1} << (j % 64);
  }
  return s;
}

}  // namespace tv::distance::detail
