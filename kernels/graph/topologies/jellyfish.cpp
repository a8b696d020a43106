// Jellyfish (constructions.hpp): Singla, Hong, Popa & Godfrey, "Jellyfish: Networking
// Data Centers Randomly", NSDI 2012, Section 3 (construction of the random regular graph
// RRG(N, k, r)).
#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

#include "kernels/graph/topologies/constructions.hpp"

namespace tv::graph::topologies {

namespace {

/// A uniform integer below n from the generator, by rejection: the same on every
/// platform (std::uniform_int_distribution's algorithm is the library's choice).
uint64_t below(std::mt19937_64& rng, uint64_t n) {
  const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t x;
  do x = rng(); while (x >= limit);
  return x % n;
}

struct random_regular {
  std::vector<std::vector<uint32_t>> adj;
  std::vector<std::pair<uint32_t, uint32_t>> links;
  bool adjacent(uint32_t u, uint32_t v) const {
    return std::find(adj[u].begin(), adj[u].end(), v) != adj[u].end();
  }
  void link(uint32_t u, uint32_t v) {
    adj[u].push_back(v), adj[v].push_back(u);
    links.emplace_back(u, v);
  }
  void unlink(size_t i) {
    const auto [u, v] = links[i];
    adj[u].erase(std::find(adj[u].begin(), adj[u].end(), v));
    adj[v].erase(std::find(adj[v].begin(), adj[v].end(), u));
    links[i] = links.back();
    links.pop_back();
  }
};

}  // namespace

topology_shape jellyfish_shape(uint64_t N, uint64_t r) {
  if (N < 2) throw std::invalid_argument("jellyfish: N = " + std::to_string(N) + " must be at least 2");
  if (r < 1 || r >= N)
    throw std::invalid_argument("jellyfish: r = " + std::to_string(r) + " must be from 1 to N - 1");
  if (N > (uint64_t{1} << 31)) throw std::invalid_argument("jellyfish: N is over 2^31 switches");
  return {N, N * r / 2};
}

topology jellyfish(uint64_t N, uint64_t k, uint64_t r, uint64_t seed) {
  const topology_shape shape = jellyfish_shape(N, r);
  if (k < r) throw std::invalid_argument("jellyfish: k = " + std::to_string(k) + " ports are fewer than r = " + std::to_string(r));
  std::mt19937_64 rng(seed);
  random_regular g;
  g.adj.assign(N, {});
  g.links.reserve(shape.links);
  // Switches with a free port, in a list with each switch's place in it.
  std::vector<uint32_t> open(N), where(N);
  for (uint32_t v = 0; v < N; ++v) open[v] = v, where[v] = v;
  auto close_if_full = [&](uint32_t v) {
    if (g.adj[v].size() < r || where[v] == UINT32_MAX) return;
    const uint32_t last = open.back();
    open[where[v]] = last, where[last] = where[v];
    open.pop_back(), where[v] = UINT32_MAX;
  };
  // Phase 1: random non-adjacent pairs with free ports.  Random draws while they
  // succeed; after many misses, a scan of the remaining pairs decides whether any is left.
  for (uint64_t misses = 0; open.size() >= 2;) {
    const uint32_t u = open[below(rng, open.size())], v = open[below(rng, open.size())];
    if (u != v && !g.adjacent(u, v)) {
      g.link(u, v);
      close_if_full(u), close_if_full(v);
      misses = 0;
      continue;
    }
    if (++misses < 64) continue;
    bool any = false;
    for (size_t i = 0; i < open.size() && !any; ++i)
      for (size_t j = i + 1; j < open.size() && !any; ++j) any = !g.adjacent(open[i], open[j]);
    if (!any) break;
    misses = 0;
  }
  // Phase 2 (the paper's): a switch s with two free ports takes the ends of a random link (x, y) it
  // is joined to by neither, which is removed: x and y keep their degree, s gains two.
  for (uint32_t s = 0; s < N; ++s) {
    for (int tries = 0; g.adj[s].size() + 2 <= r && tries < 1000; ++tries) {
      const size_t i = below(rng, g.links.size());
      const auto [x, y] = g.links[i];
      if (x == s || y == s || g.adjacent(s, x) || g.adjacent(s, y)) continue;
      g.unlink(i);
      g.link(s, x), g.link(s, y);
    }
  }
  // Two switches with a free port each, already joined (else phase 1 had joined them),
  // take the ends of a random link the same way: u to x, v to y.
  std::vector<uint32_t> one_free;
  for (uint32_t v = 0; v < N; ++v)
    if (g.adj[v].size() + 1 == r) one_free.push_back(v);
  for (size_t i = 0; i + 1 < one_free.size(); i += 2) {
    const uint32_t u = one_free[i], v = one_free[i + 1];
    for (int tries = 0; tries < 1000; ++tries) {
      const size_t j = below(rng, g.links.size());
      const auto [x, y] = g.links[j];
      if (x == u || x == v || y == u || y == v || g.adjacent(u, x) || g.adjacent(v, y)) continue;
      g.unlink(j);
      g.link(u, x), g.link(v, y);
      break;
    }
  }
  topology t;
  t.graph = build_from_rule({N, g.links.size()}, [&](uint32_t v, const std::function<void(uint32_t)>& add) {
    for (uint32_t u : g.adj[v]) add(u);
  });
  t.facts.endpoints.per_router = static_cast<uint32_t>(k - r);
  t.facts.construction = "random regular graph RRG(N, k, r), seed " + std::to_string(seed) +
                   " (std::mt19937_64), as the paper's incremental construction";
  return t;
}

}  // namespace tv::graph::topologies
