// Heuchenne's condition checked on the arcs, and the root digraph built from it
// (line_digraph.hpp says why it holds).  Out-rows are ascending, so two rows that are
// equal or disjoint are equal exactly when their first targets are: a row's first target
// names its class, and the checks below make sure the rest agrees.
#include "kernels/graph/line_digraph.hpp"

#include <algorithm>
#include <limits>

namespace tv::graph {

namespace {

constexpr uint32_t none = std::numeric_limits<uint32_t>::max();

bool same_row(const csr_graph& g, uint64_t a, uint64_t b) {
  const uint64_t da = g.offsets[a + 1] - g.offsets[a];
  if (da != g.offsets[b + 1] - g.offsets[b]) return false;
  return std::equal(g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[a]),
                    g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[a + 1]),
                    g.targets.begin() + static_cast<std::ptrdiff_t>(g.offsets[b]));
}

/// Out- and in-rows of a directed graph from its arcs (a, b), each kept once, ascending.
void fill_rows(csr_graph& h, std::vector<std::pair<uint32_t, uint32_t>>& arcs) {
  std::sort(arcs.begin(), arcs.end());
  arcs.erase(std::unique(arcs.begin(), arcs.end()), arcs.end());
  h.offsets.assign(h.nodes + 1, 0);
  h.in_offsets.assign(h.nodes + 1, 0);
  for (const auto& [a, b] : arcs) ++h.offsets[a + 1], ++h.in_offsets[b + 1];
  for (uint64_t x = 0; x < h.nodes; ++x) {
    h.offsets[x + 1] += h.offsets[x];
    h.in_offsets[x + 1] += h.in_offsets[x];
  }
  h.targets.resize(arcs.size());
  h.in_sources.resize(arcs.size());
  std::vector<uint64_t> in_at(h.in_offsets.begin(), h.in_offsets.end() - 1);
  for (size_t i = 0; i < arcs.size(); ++i) {
    h.targets[i] = arcs[i].second;  // sorted by (a, b): rows in order, ascending within
    h.in_sources[in_at[arcs[i].second]++] = arcs[i].first;  // a ascending within each b
  }
}

}  // namespace

std::optional<line_digraph_root> line_digraph_root_of(const csr_graph& g) {
  const uint64_t n = g.nodes;
  if (!g.directed || n < 2 || g.in_offsets.size() != n + 1) return std::nullopt;
  line_digraph_root r;
  r.head.assign(n, none);
  r.tail.assign(n, none);
  // head(u): the class of u's row, numbered in order of first appearance.
  std::vector<uint32_t> class_of_first(n, none), first_member;
  for (uint64_t u = 0; u < n; ++u) {
    if (g.offsets[u + 1] == g.offsets[u]) return std::nullopt;  // no out-arc
    uint32_t& c = class_of_first[g.targets[g.offsets[u]]];
    if (c == none) {
      c = static_cast<uint32_t>(first_member.size());
      first_member.push_back(static_cast<uint32_t>(u));
    } else if (!same_row(g, u, first_member[c])) {
      return std::nullopt;  // two rows that share their first target but differ
    }
    r.head[u] = c;
  }
  const uint64_t m = first_member.size();
  if (m >= n) return std::nullopt;  // nothing to gain
  // tail(w): the class of the rows that hold w; every in-neighbour of w must agree, else
  // two different rows share w.
  for (uint64_t w = 0; w < n; ++w) {
    if (g.in_offsets[w + 1] == g.in_offsets[w]) return std::nullopt;  // no in-arc
    const uint32_t c = r.head[g.in_sources[g.in_offsets[w]]];
    for (uint64_t i = g.in_offsets[w]; i < g.in_offsets[w + 1]; ++i)
      if (r.head[g.in_sources[i]] != c) return std::nullopt;
    r.tail[w] = c;
  }
  csr_graph& h = r.root;
  h.nodes = m;
  h.directed = true;
  h.labels.assign(m, std::numeric_limits<uint64_t>::max());
  r.tails_at.assign(m, 0);
  r.heads_at.assign(m, 0);
  std::vector<std::pair<uint32_t, uint32_t>> arcs(n);
  for (uint64_t u = 0; u < n; ++u) {
    arcs[u] = {r.tail[u], r.head[u]};
    ++r.tails_at[r.tail[u]];
    ++r.heads_at[r.head[u]];
    h.labels[r.head[u]] = std::min(h.labels[r.head[u]], g.labels[u]);
  }
  fill_rows(h, arcs);
  return r;
}

}  // namespace tv::graph
