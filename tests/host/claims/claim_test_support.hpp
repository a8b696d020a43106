// Helpers for the claim tests: run one registered claim on an instance (optionally on a
// hand-altered graph), and brute-force ground truth written independently of the code
// under test (plain BFS, explicit enumeration).  The tests compare a claim's verdict with
// the truth the test computes itself; none records which claims of the papers hold.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "host/checks/registry.hpp"
#include "host/claims/registry.hpp"
#include "host/claims/structure.hpp"
#include "host/families.hpp"
#include "kernels/graph/builders.hpp"
#include "tests/distance/reference.hpp"

namespace tv::test {

using json = nlohmann::ordered_json;

/// The record entry of claim `id` on the instance, or null when the claim does not apply
/// to the family.  `graph` replaces the instance's graph (a tampered copy).
inline json run_claim(const std::string& id, const std::string& family,
                      const std::map<std::string, std::string>& kv,
                      std::shared_ptr<graph::csr_graph> graph = nullptr,
                      nlohmann::json options = nlohmann::json::object()) {
  const host::instance inst = host::make_instance(family, kv);
  host::check_context ctx(inst, core::backend::cpu);
  if (graph) ctx.set_graph(std::move(graph));
  options["ids"] = {id};
  ctx.options = options;
  nlohmann::ordered_json rec;
  host::claims::run_claims(ctx, rec);
  for (const auto& c : rec["claims"])
    if (c["id"] == id) return c;
  return nullptr;
}

inline std::string verdict(const json& c) { return c.is_null() ? "absent" : c["verdict"].get<std::string>(); }
inline bool is_outside(const json& c) {
  return c["reason"].is_string() &&
         c["reason"].get<std::string>().rfind("outside the claim's domain", 0) == 0;
}

/// Expects the verdict the test's own computation says: holds when `truth`, fails otherwise.
#define EXPECT_VERDICT(claim, truth)                                                     \
  EXPECT_EQ(::tv::test::verdict(claim), (truth) ? "holds" : "fails") << (claim).dump()

/// The instance's graph built by the family (what the claims check would build).
inline graph::csr_graph graph_of(const std::string& family, const std::map<std::string, std::string>& kv) {
  return graph::build_csr(core::backend::cpu, host::make_instance(family, kv).net);
}

/// Undirected edge list (u < v) of a graph.
inline std::vector<std::pair<uint64_t, uint64_t>> edges_of(const graph::csr_graph& g) {
  std::vector<std::pair<uint64_t, uint64_t>> e;
  for (uint64_t u = 0; u < g.nodes; ++u)
    for (uint64_t k = g.offsets[u]; k < g.offsets[u + 1]; ++k)
      if (u < g.targets[k]) e.emplace_back(u, g.targets[k]);
  return e;
}

/// A copy of g with edge {a, b} (ranks) added or removed.
inline std::shared_ptr<graph::csr_graph> with_edge(const graph::csr_graph& g, uint64_t a, uint64_t b,
                                                   bool add) {
  auto e = edges_of(g);
  const auto key = std::make_pair(std::min(a, b), std::max(a, b));
  if (add) e.push_back(key);
  else e.erase(std::remove(e.begin(), e.end(), key), e.end());
  return std::make_shared<graph::csr_graph>(graph::from_edges(g.nodes, e, false, g.labels));
}

/// The Hamming-1 graph of a label set (sorted), for tampered label sets.
inline std::shared_ptr<graph::csr_graph> hamming_of(std::vector<uint64_t> labels) {
  return std::make_shared<graph::csr_graph>(graph::hamming_graph(std::move(labels)));
}

inline uint64_t rank_in(const graph::csr_graph& g, uint64_t label) {
  return static_cast<uint64_t>(std::lower_bound(g.labels.begin(), g.labels.end(), label) - g.labels.begin());
}

/// Largest BFS distance over all pairs (unreachable pairs ignored) and whether every pair
/// is reachable.
inline uint32_t bfs_diameter(const graph::csr_graph& g, bool* connected = nullptr) {
  uint32_t d = 0;
  bool conn = true;
  for (uint64_t s = 0; s < g.nodes; ++s)
    for (uint32_t x : queue_bfs(g, s)) {
      if (x == inf) conn = false;
      else d = std::max(d, x);
    }
  if (connected) *connected = conn;
  return d;
}

inline std::map<std::string, std::string> kv(std::initializer_list<std::pair<const std::string, std::string>> l) {
  return std::map<std::string, std::string>(l);
}

}  // namespace tv::test
