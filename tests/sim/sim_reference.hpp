// Slow, obviously-correct references for the simulators: explicit message lists, trees
// built by their recursive constructions (label sets glued together), and plain BFS.
// Nothing here calls the simulator under test.
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <vector>

#include "kernels/families/family.hpp"

namespace tv::test {

// ---- Graphs -------------------------------------------------------------------------

struct small_graph {
  std::vector<uint64_t> labels;                 // rank -> label
  std::map<uint64_t, uint64_t> rank;            // label -> rank
  std::vector<std::vector<uint64_t>> out, in;   // ranks
};

template <class Fam>
small_graph make_small_graph(const Fam& f) {
  small_graph g;
  // Enumerate by brute force over all label words, not through unrank.
  for (uint64_t x = 0; x < (uint64_t{1} << f.bits()); ++x)
    if (f.contains(x)) g.labels.push_back(x);
  for (uint64_t i = 0; i < g.labels.size(); ++i) g.rank[g.labels[i]] = i;
  g.out.assign(g.labels.size(), {});
  g.in.assign(g.labels.size(), {});
  for (uint64_t i = 0; i < g.labels.size(); ++i)
    f.for_each_neighbor(g.labels[i], [&](uint64_t y) {
      g.out[i].push_back(g.rank.at(y));
      g.in[g.rank.at(y)].push_back(i);
    });
  return g;
}

inline std::vector<int> bfs_distances(const small_graph& g, uint64_t s) {
  std::vector<int> d(g.labels.size(), -1);
  std::deque<uint64_t> q{s};
  d[s] = 0;
  while (!q.empty()) {
    const uint64_t u = q.front();
    q.pop_front();
    for (uint64_t v : g.out[u])
      if (d[v] < 0) {
        d[v] = d[u] + 1;
        q.push_back(v);
      }
  }
  return d;
}

// ---- Trees by their recursive constructions ---------------------------------------------

struct label_tree {
  std::vector<uint64_t> nodes;           // labels
  std::map<uint64_t, uint64_t> parent;   // child label -> parent label
  uint64_t root = 0;
};

inline label_tree prefixed(const label_tree& t, uint64_t prefix, int width) {
  label_tree r;
  const uint64_t p = prefix << width;
  for (uint64_t x : t.nodes) r.nodes.push_back(p | x);
  for (auto [c, q] : t.parent) r.parent[p | c] = p | q;
  r.root = p | t.root;
  return r;
}

inline void absorb(label_tree& into, const label_tree& t) {
  into.nodes.insert(into.nodes.end(), t.nodes.begin(), t.nodes.end());
  for (auto [c, q] : t.parent) into.parent[c] = q;
}

/// Postal tree PT_lambda(n), papers/000 Definition 2, glued from PT(n-1) and PT(n-lambda).
inline label_tree postal_tree(int lambda, int n) {
  label_tree t;
  if (n <= lambda) {  // PN(n): 0^n and the n weight-one strings, a star
    t.nodes.push_back(0);
    for (int i = 0; i < n; ++i) {
      t.nodes.push_back(uint64_t{1} << i);
      t.parent[uint64_t{1} << i] = 0;
    }
    return t;
  }
  t = postal_tree(lambda, n - 1);                                      // 0 || PT(n-1)
  const label_tree b = prefixed(postal_tree(lambda, n - lambda), uint64_t{1} << (lambda - 1),
                                n - lambda);                            // 10^(l-1) || PT(n-l)
  absorb(t, b);
  t.parent[b.root] = t.root;
  return t;
}

/// Fibonacci tree on w-bit strings without adjacent 1s: FT(w-1) on 0|| and FT(w-2) on
/// 10||, the root of the latter a child of the root of the former.
inline label_tree fibonacci_tree(int w) {
  label_tree t;
  if (w == 0) {
    t.nodes = {0};
    return t;
  }
  if (w == 1) {
    t.nodes = {0, 1};
    t.parent[1] = 0;
    return t;
  }
  t = fibonacci_tree(w - 1);
  const label_tree b = prefixed(fibonacci_tree(w - 2), 2, w - 2);
  absorb(t, b);
  t.parent[b.root] = t.root;
  return t;
}

/// EFT_n (papers/001 Definition 2 as host/claims/efc/catalog.toml reads it); labels of n-2 bits.
inline label_tree eft(int n) {
  if (n <= 6) return fibonacci_tree(n - 2);
  const label_tree a = prefixed(eft(n - 2), 0b00, n - 4);
  const label_tree b = prefixed(eft(n - 2), 0b10, n - 4);
  const label_tree c = prefixed(eft(n - 4), 0b0100, n - 6);
  const label_tree d = prefixed(eft(n - 4), 0b0101, n - 6);
  label_tree t = a;
  absorb(t, b);
  absorb(t, c);
  absorb(t, d);
  t.parent[b.root] = a.root;
  t.parent[c.root] = a.root;
  t.parent[d.root] = c.root;
  return t;
}

// ---- Broadcast by explicit message lists -------------------------------------------------

enum class ref_scheme { flooding, tree_up_down, tree_via_root, translated, rule1, all_to_all };

struct ref_broadcast_result {
  uint32_t rounds = 0;         // last round with a newly informed node
  uint32_t active_rounds = 0;  // last round with a message
  uint64_t messages = 0, duplicates = 0, unreached = 0;
  std::vector<std::vector<uint64_t>> fresh;  // [t] newly informed ranks
};

struct ref_message {
  uint64_t from, to;
  bool up;
};

/// One source.  tree_parent: rank -> parent rank (root maps to itself), tree schemes only.
inline ref_broadcast_result ref_broadcast(const small_graph& g, ref_scheme scheme, uint64_t src,
                                          const std::vector<uint64_t>& tree_parent = {},
                                          int bits = 0, bool exclude_sender = true) {
  const uint64_t n = g.labels.size();
  std::vector<std::vector<uint64_t>> kids(n);
  uint64_t root = 0;
  if (!tree_parent.empty())
    for (uint64_t v = 0; v < n; ++v) {
      if (tree_parent[v] == v) root = v;
      else kids[tree_parent[v]].push_back(v);
    }
  std::vector<int> dist_from_src;
  if (scheme == ref_scheme::rule1) dist_from_src = bfs_distances(g, src);

  ref_broadcast_result r;
  std::vector<bool> informed(n, false);
  informed[src] = true;
  r.fresh.push_back({src});
  std::vector<ref_message> outbox;
  auto send_tree = [&](uint64_t x, bool got_up, bool is_source, uint64_t from) {
    if (scheme == ref_scheme::tree_up_down) {
      if (is_source || got_up) {
        if (x != root) outbox.push_back({x, tree_parent[x], true});
        for (uint64_t c : kids[x])
          if (is_source || c != from) outbox.push_back({x, c, false});
      } else {
        for (uint64_t c : kids[x]) outbox.push_back({x, c, false});
      }
    } else {  // via_root
      if (is_source || got_up) {
        if (x == root)
          for (uint64_t c : kids[x]) outbox.push_back({x, c, false});
        else
          outbox.push_back({x, tree_parent[x], true});
      } else {
        for (uint64_t c : kids[x]) outbox.push_back({x, c, false});
      }
    }
  };
  auto send_first = [&](uint64_t x, const std::set<uint64_t>& senders) {
    if (scheme == ref_scheme::flooding) {
      for (uint64_t y : g.out[x])
        if (!exclude_sender || !senders.count(y)) outbox.push_back({x, y, false});
    } else if (scheme == ref_scheme::translated) {
      const uint64_t rel = g.labels[x] ^ g.labels[src];
      for (int j = 0; j < bits; ++j) {
        if (rel && j >= __builtin_ctzll(rel)) break;
        outbox.push_back({x, g.rank.at(g.labels[x] ^ (uint64_t{1} << j)), false});
      }
    } else if (scheme == ref_scheme::rule1) {
      // Children in the order ShiftLeft(x, 0), ShiftLeft(x, 1).
      const uint64_t mask = (uint64_t{1} << bits) - 1;
      for (uint64_t b = 0; b < 2; ++b) {
        const uint64_t y = g.rank.at(((g.labels[x] << 1) & mask) | b);
        if (dist_from_src[x] < dist_from_src[y]) outbox.push_back({x, y, false});
      }
    }
  };
  if (scheme == ref_scheme::tree_up_down || scheme == ref_scheme::tree_via_root)
    send_tree(src, false, true, src);
  else
    send_first(src, {});
  for (uint32_t t = 1; !outbox.empty(); ++t) {
    const std::vector<ref_message> inbox = std::move(outbox);
    outbox.clear();
    r.messages += inbox.size();
    r.active_rounds = t;
    std::map<uint64_t, std::set<uint64_t>> senders;
    std::vector<uint64_t> fresh;
    for (const auto& m : inbox) {
      if (informed[m.to]) {
        ++r.duplicates;
      } else {
        informed[m.to] = true;
        fresh.push_back(m.to);
      }
      senders[m.to].insert(m.from);
    }
    std::sort(fresh.begin(), fresh.end());
    r.fresh.push_back(fresh);
    if (!fresh.empty()) r.rounds = t;
    if (scheme == ref_scheme::tree_up_down || scheme == ref_scheme::tree_via_root) {
      for (const auto& m : inbox) send_tree(m.to, m.up, false, m.from);
    } else {
      for (uint64_t x : fresh) send_first(x, senders[x]);
    }
  }
  while (!r.fresh.empty() && r.fresh.back().empty()) r.fresh.pop_back();
  for (uint64_t v = 0; v < n; ++v) r.unreached += !informed[v];
  return r;
}

struct ref_all_to_all_result {
  uint64_t messages = 0, duplicates = 0, unreached = 0;
  std::vector<uint64_t> link_max, link_min, link_total;  // [i], i = 1..k
};

/// AlltoAllBroadcast of papers/003 with std::set for S and R, as printed.
inline ref_all_to_all_result ref_all_to_all(int k, bool relay_new_only = false) {
  const uint64_t n = uint64_t{1} << k, mask = n - 1;
  std::vector<std::set<uint64_t>> S(n), R(n);
  for (uint64_t v = 0; v < n; ++v) S[v] = R[v] = {v};
  ref_all_to_all_result r;
  r.link_max.assign(k + 1, 0);
  r.link_min.assign(k + 1, 0);
  r.link_total.assign(k + 1, 0);
  for (int i = 1; i <= k; ++i) {
    std::vector<std::set<uint64_t>> next(n);
    uint64_t mx = 0, mn = ~uint64_t{0};
    for (uint64_t v = 0; v < n; ++v) {
      mx = std::max<uint64_t>(mx, S[v].size());
      mn = std::min<uint64_t>(mn, S[v].size());
      r.link_total[i] += 2 * S[v].size();
      for (uint64_t b = 0; b < 2; ++b) {
        const uint64_t child = ((v << 1) & mask) | b;
        for (uint64_t m : S[v]) {
          ++r.messages;
          if (R[child].count(m)) ++r.duplicates;
          if (!relay_new_only || !R[child].count(m)) next[child].insert(m);
        }
      }
    }
    // Copies of the same message from both parents in one iteration: the second is a
    // duplicate too; `duplicates` above only saw R before the iteration.
    for (uint64_t v = 0; v < n; ++v) {
      std::map<uint64_t, int> copies;
      for (uint64_t b = 0; b < 2; ++b) {
        const uint64_t p = (v >> 1) | (b << (k - 1));
        for (uint64_t m : S[p])
          if (!R[v].count(m)) ++copies[m];
      }
      for (auto [m, c] : copies) r.duplicates += c - 1;
    }
    for (uint64_t v = 0; v < n; ++v)
      for (uint64_t m : next[v]) R[v].insert(m);
    r.link_max[i] = mx;
    r.link_min[i] = mn;
    S = std::move(next);
  }
  for (uint64_t v = 0; v < n; ++v) r.unreached += n - R[v].size();
  return r;
}

}  // namespace tv::test
