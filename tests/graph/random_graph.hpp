// A sparse random graph for tests, by a fixed linear congruential generator (the same graph
// on every machine): components of many sizes and isolated nodes, edges possibly repeated,
// no loops.
#pragma once
#include <cstdint>

#include "kernels/graph/builders.hpp"

namespace tv::test {

/// @brief `start`'s edges, then random ones up to `edges` in all, on n nodes.
inline graph::csr_graph random_graph(uint64_t n, uint64_t edges, uint64_t seed, graph::edge_list start = {}) {
  graph::edge_list e = std::move(start);
  uint64_t x = seed;
  auto next = [&] {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    return (x >> 33) % n;
  };
  while (e.size() < edges) {
    const uint64_t a = next(), b = next();
    if (a != b) e.push_back({a, b});
  }
  return graph::from_edges(n, e);
}

}  // namespace tv::test
